// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useToastStore } from './toast-store';
import { installFakeApi, json } from '../test-support/fake-api';
import type { ChangeMessage } from '../../shared/live-protocol';
import { closeWorkOutbox, discardOutboxEntry, useOutboxStore, workOutbox } from '../outbox/work-outbox';
import { MemoryOutboxStorage } from '../outbox/outbox-storage';
import type { OutboxRecord } from '../outbox/outbox';
import {
  applyIssueChange,
  bulkUpdateIssues,
  createIssue,
  getIssue,
  issueEntities,
  resetIssues,
  scopeIssues,
  setIssueSubscribed,
  updateIssue,
  upsertIssues,
  useIssueStore,
  type Issue,
} from './issue-store';

const P = '11111111-1111-4111-8111-111111111111';
const base = `/api/workspaces/acme/projects/${P}`;

function issue(id: string, patch: Partial<Issue> = {}): Issue {
  return { id, name: `Issue ${id}`, sequence_id: 1, project_id: P, state_id: 's1', priority: 'none', sort_order: 65535, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1, ...patch };
}

function change(data: Partial<Issue> & { id: string }, version: number, extra: Partial<ChangeMessage> = {}): ChangeMessage {
  return { type: 'change', id: version, entity: 'issue', op: 'update', workspace: 'acme', project_id: P, version, data: data as Record<string, unknown>, client_mutation_id: null, ...extra };
}

let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  closeWorkOutbox();
  resetIssues();
  scopeIssues('acme');
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('optimistic updates', () => {
  test('an update shows at once and is confirmed by the answer', async () => {
    upsertIssues([issue('a')]);
    let release!: () => void;
    api.on('PATCH', `${base}/issues/a/`, async (call) => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, { ...issue('a'), ...(call.body as object), version: 2 });
    });
    const pending = updateIssue('acme', 'a', { priority: 'high' });
    expect(getIssue('a')?.priority).toBe('high');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await pending;
    expect(getIssue('a')?.priority).toBe('high');
    expect(useIssueStore.getState().pending).toHaveLength(0);
    expect(api.calls[0]!.headers.get('X-Client-Mutation-Id')).toBeTruthy();
  });

  test('adding a label sends the intent, and while it is pending a teammate\'s label arriving live shows beside mine', async () => {
    upsertIssues([issue('a', { label_ids: ['old'] })]);
    let release!: () => void;
    api.on('PATCH', `${base}/issues/a/`, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, issue('a', { label_ids: ['old', 'theirs', 'mine'], version: 3 }));
    });
    const pending = updateIssue('acme', 'a', { label_ids: ['old', 'mine'] });
    expect(getIssue('a')?.label_ids).toEqual(['old', 'mine']);
    applyIssueChange(change({ id: 'a', label_ids: ['old', 'theirs'] }, 2));
    expect(getIssue('a')?.label_ids).toEqual(['old', 'theirs', 'mine']);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(api.calls[0]!.body).toEqual({ label_ids_add: ['mine'] });
    release();
    await pending;
    expect(getIssue('a')?.label_ids).toEqual(['old', 'theirs', 'mine']);
  });

  test('a refused update stays on the row as failed with the server\'s message, a toast names the issue, and discard rolls it back', async () => {
    upsertIssues([issue('a', { name: 'Login bug' })]);
    api.on('PATCH', `${base}/issues/a/`, () => json(400, { error: 'State is not valid please pass a valid state_id' }));
    await expect(updateIssue('acme', 'a', { state_id: 'nope' })).rejects.toMatchObject({ status: 400 });
    expect(getIssue('a')?.state_id).toBe('nope');
    const [failed] = useOutboxStore.getState().records;
    expect(failed).toMatchObject({ status: 'failed', keys: ['a'], error: { status: 400, message: 'State is not valid please pass a valid state_id' } });
    await discardOutboxEntry(failed!.seq);
    await vi.waitFor(() => expect(getIssue('a')?.state_id).toBe('s1'));
    const [toast] = useToastStore.getState().toasts;
    expect(toast?.title).toContain('Login bug');
    expect(toast?.message).toBe('State is not valid please pass a valid state_id');
  });

  test('updating an issue that is not loaded fails with Issue not found', async () => {
    await expect(updateIssue('acme', 'missing', { priority: 'low' })).rejects.toThrow('Issue not found');
  });

  test('quick add shows a temporary issue, then swaps in the real one and adds the cycle', async () => {
    let release!: () => void;
    api.on('POST', `${base}/issues/`, async (call) => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(201, issue('real', { ...(call.body as object), sequence_id: 7 }));
    });
    api.on('POST', `${base}/cycles/c1/cycle-issues/`, () => json(200, {}));
    const created = createIssue('acme', P, { name: 'New one', state_id: 's2' }, { cycleId: 'c1' });
    const temp = issueEntities.getRows();
    expect(temp).toHaveLength(1);
    expect(temp[0]).toMatchObject({ name: 'New one', state_id: 's2', is_local_update: true });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await created;
    const rows = issueEntities.getRows();
    expect(rows.map((row) => row.id)).toEqual(['real']);
    expect(rows[0]).toMatchObject({ sequence_id: 7, cycle_id: 'c1' });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(`POST ${base}/cycles/c1/cycle-issues/`);
  });

  test('my own create arriving on the stream before its answer takes the temporary row\'s place', async () => {
    let release!: () => void;
    api.on('POST', `${base}/issues/`, async (call) => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(201, issue('real', { ...(call.body as object), sequence_id: 4 }));
    });
    const created = createIssue('acme', P, { name: 'Write the checklist' });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    const mutationId = api.calls[0]!.headers.get('X-Client-Mutation-Id');
    applyIssueChange(change(issue('real', { name: 'Write the checklist', sequence_id: 4 }), 1, { op: 'create', client_mutation_id: mutationId }));
    expect([...useIssueStore.getState().confirmed.keys()]).toEqual(['real']);
    release();
    await created;
    expect([...useIssueStore.getState().confirmed.keys()]).toEqual(['real']);
  });

  test('a failed create removes the temporary issue', async () => {
    api.on('POST', `${base}/issues/`, () => json(400, { name: ['This field is required.'] }));
    await expect(createIssue('acme', P, { name: 'x' })).rejects.toMatchObject({ status: 400 });
    expect(useIssueStore.getState().confirmed.size).toBe(0);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  test('a bulk update is all or nothing', async () => {
    upsertIssues([issue('a'), issue('b', { label_ids: ['l1'] })]);
    api.on('POST', `${base}/bulk-operation-issues/`, () => json(400, { error_code: 4100, error_message: 'INVALID_ISSUE_DATES' }));
    const pending = bulkUpdateIssues('acme', P, ['a', 'b'], { priority: 'urgent', label_ids: ['l2'] });
    expect(getIssue('a')?.priority).toBe('urgent');
    expect(getIssue('b')?.label_ids).toEqual(['l1', 'l2']);
    await expect(pending).rejects.toMatchObject({ status: 400 });
    expect(getIssue('a')?.priority).toBe('urgent');
    await discardOutboxEntry(useOutboxStore.getState().records[0]!.seq);
    await vi.waitFor(() => expect(getIssue('a')?.priority).toBe('none'));
    expect(getIssue('b')?.label_ids).toEqual(['l1']);
  });

  test('a bulk update of an issue that is not loaded fails before sending', async () => {
    upsertIssues([issue('a')]);
    await expect(bulkUpdateIssues('acme', P, ['a', 'zzz'], { priority: 'low' })).rejects.toThrow('Issue not found');
    expect(api.calls).toHaveLength(0);
  });

  test('a failed subscription toggle rolls back and re-fetches the real state', async () => {
    upsertIssues([issue('a', { is_subscribed: false })]);
    api.on('POST', `${base}/issues/a/subscribe/`, () => json(500, {}));
    api.on('GET', `${base}/issues/a/subscribe/`, () => json(200, { subscribed: false }));
    await setIssueSubscribed('acme', 'a', true);
    expect(getIssue('a')?.is_subscribed).toBe(false);
    await vi.waitFor(() => expect(api.calls.some((call) => call.method === 'GET' && call.path.endsWith('/subscribe/'))).toBe(true));
  });

  test('the store shows an edit before the outbox writes it to storage, and the write starts in the click\'s own task (a reload right after keeps it)', async () => {
    const writes: Array<{ shown: string | undefined; synchronous: boolean }> = [];
    let clicking = false;
    class Watched extends MemoryOutboxStorage {
      override put(record: OutboxRecord): Promise<void> {
        writes.push({ shown: getIssue('a')?.priority, synchronous: clicking });
        return super.put(record);
      }
    }
    await workOutbox.open(new Watched());
    upsertIssues([issue('a')]);
    api.on('PATCH', `${base}/issues/a/`, (call) => json(200, { ...issue('a'), ...(call.body as object), version: 2 }));
    clicking = true;
    const pending = updateIssue('acme', 'a', { priority: 'high' });
    expect(getIssue('a')?.priority).toBe('high');
    expect(useOutboxStore.getState().rowStatus.get('a')).toBe('pending');
    clicking = false;
    expect(writes).toEqual([{ shown: 'high', synchronous: true }]);
    await pending;
    expect(writes).toEqual([{ shown: 'high', synchronous: true }]);
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});

describe('live merge', () => {
  test('a newer event replaces the row; an older or equal one is ignored', () => {
    upsertIssues([issue('a', { version: 3, name: 'v3' })]);
    applyIssueChange(change(issue('a', { name: 'old' , version: 2 }), 2));
    expect(getIssue('a')?.name).toBe('v3');
    applyIssueChange(change(issue('a', { name: 'same' }), 3));
    expect(getIssue('a')?.name).toBe('v3');
    applyIssueChange(change(issue('a', { name: 'v4' }), 4));
    expect(getIssue('a')?.name).toBe('v4');
  });

  test('a create event from someone else appears; a delete removes it', () => {
    applyIssueChange(change(issue('n', { name: 'From Bob' }), 5, { op: 'create' }));
    expect(getIssue('n')?.name).toBe('From Bob');
    applyIssueChange(change({ id: 'n' }, 6, { op: 'delete' }));
    expect(getIssue('n')).toBeUndefined();
  });

  test('the echo of my own change confirms it without the row flickering back', async () => {
    upsertIssues([issue('a', { version: 1, priority: 'none' })]);
    let release!: () => void;
    let mutationId = '';
    api.on('PATCH', `${base}/issues/a/`, async (call) => {
      mutationId = call.headers.get('X-Client-Mutation-Id') ?? '';
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, issue('a', { priority: 'high', version: 2 }));
    });
    const pending = updateIssue('acme', 'a', { priority: 'high' });
    await vi.waitFor(() => expect(mutationId).not.toBe(''));
    const seen: string[] = [];
    const stop = useIssueStore.subscribe(() => seen.push(getIssue('a')!.priority));
    applyIssueChange(change(issue('a', { priority: 'high', version: 2 }), 2, { client_mutation_id: mutationId }));
    expect(useIssueStore.getState().pending).toHaveLength(0);
    release();
    await pending;
    stop();
    expect(seen.every((value) => value === 'high')).toBe(true);
    expect(getIssue('a')?.priority).toBe('high');
  });

  test('a change from another user under my pending edit keeps my edit on top until it settles', () => {
    upsertIssues([issue('a', { version: 1 })]);
    useIssueStore.setState((state) => ({ pending: [...state.pending, { mutationId: 'm1', kind: 'update', id: 'a', patch: { priority: 'low' } }] }));
    applyIssueChange(change(issue('a', { name: 'Renamed by Bob', version: 2 }), 2));
    expect(getIssue('a')).toMatchObject({ name: 'Renamed by Bob', priority: 'low' });
  });
});
