// @vitest-environment happy-dom
// Sign-out with changes waiting (issue 17): the server signs out first; only once it has is the
// outbox discarded. Offline nothing is discarded, the person stays signed in and a toast says why.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { useToastStore } from '../stores/toast-store';
import { MemoryOutboxStorage } from './outbox-storage';
import { closeWorkOutbox, openWorkOutbox, outboxMutate, setOutboxStorageFactory, useOutboxStore, workOutbox } from './work-outbox';
import { signOutWithOutbox } from './outbox-sign-out';

const SIGN_OUT = '/auth/sign-out/';
let api: ReturnType<typeof installFakeApi>;
let storage: MemoryOutboxStorage;
let assign: ReturnType<typeof vi.fn>;

/** One change that waits: its server answers 503 (out of reach). */
async function oneChangeWaiting() {
  api.on('PATCH', '/api/workspaces/acme/projects/p/issues/a/', () => json(503, {}));
  await outboxMutate({ keys: ['a'], request: { method: 'PATCH', path: '/api/workspaces/acme/projects/p/issues/a/', body: { priority: 'low' } }, optimistic: [], label: { key: 'outbox.kind.update', values: { name: 'A' } } });
  await workOutbox.written();
  expect(storage.records.size).toBe(1);
}

beforeEach(async () => {
  api = installFakeApi();
  closeWorkOutbox();
  storage = new MemoryOutboxStorage();
  setOutboxStorageFactory(async () => storage);
  await openWorkOutbox('u1', 'acme');
  useToastStore.setState({ toasts: [] });
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing out with changes waiting', () => {
  test('offline: nothing is discarded, the page stays, a toast says sign-out needs the server and the changes are kept', async () => {
    await oneChangeWaiting();
    api.on('POST', SIGN_OUT, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(signOutWithOutbox({ discard: true })).resolves.toBe(false);
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain("You're offline — sign out needs the server; your 1 change is kept");
    expect(useOutboxStore.getState().records).toHaveLength(1);
    expect(storage.records.size).toBe(1);
    expect(assign).not.toHaveBeenCalled();
  });

  test('online: the sign-out request goes first; only once the server confirmed it is the outbox discarded, then the app leaves', async () => {
    await oneChangeWaiting();
    const keptAtSignOut: number[] = [];
    api.on('POST', SIGN_OUT, () => {
      keptAtSignOut.push(storage.records.size);
      return json(200, { message: 'Signed out' });
    });
    await expect(signOutWithOutbox({ discard: true })).resolves.toBe(true);
    expect(keptAtSignOut).toEqual([1]);
    expect(api.calls.find((call) => call.path === SIGN_OUT)?.headers.get('X-CSRFToken')).toBe('tok');
    expect(storage.records.size).toBe(0);
    expect(useOutboxStore.getState().records).toHaveLength(0);
    expect(useOutboxStore.getState().owner).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  test('a refused sign-out keeps everything and says the person is still signed in', async () => {
    await oneChangeWaiting();
    api.on('POST', SIGN_OUT, () => json(429, { error: 'Too many requests' }));
    await expect(signOutWithOutbox({ discard: true })).resolves.toBe(false);
    expect(storage.records.size).toBe(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Sign-out did not go through; you are still signed in');
  });
});
