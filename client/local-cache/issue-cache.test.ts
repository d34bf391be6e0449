// @vitest-environment happy-dom
// happy-dom has no IndexedDB: the cache logic runs on the in-memory adapter behind the same interface.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { useToastStore } from '../stores/toast-store';
import { fetchIssueList, useIssueListStore } from '../stores/issue-list-store';
import { defaultListSettings } from '../stores/issue-filter-store';
import { getIssue, resetIssues, useIssueStore, type Issue } from '../stores/issue-store';
import { useSessionStore } from '../stores/session-store';
import type { UserMe } from '../api/types';
import { MemoryCacheStorage } from './cache-storage';
import { BATCH_SIZE, COMPACT_AFTER, cacheDatabaseName, cacheLiveIssueChange, closeCache, DB_VERSION, initCache, isLocalDbEnabled, LOCAL_DB_ENABLED_KEY, setCacheStorageFactory, setLocalDbEnabled, syncProject, useLocalCacheStore } from './issue-cache';

const P = '11111111-1111-4111-8111-111111111111';
const base = `/api/workspaces/acme/projects/${P}`;
const row = (id: string, updated = '2026-01-01T00:00:00.000Z', patch: Partial<Issue> = {}) =>
  ({ id, name: id, sequence_id: 1, project_id: P, state_id: 's1', priority: 'none', sort_order: 1, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: updated, updated_at: updated, ...patch }) as Issue;

const ALICE = 'a1a1a1a1-0000-4000-8000-000000000001';
const signedIn = (id: string) => useSessionStore.setState({ status: 'ready', user: { id } as UserMe });

let api: ReturnType<typeof installFakeApi>;
let adapter: MemoryCacheStorage;

beforeEach(() => {
  api = installFakeApi();
  MemoryCacheStorage.reset();
  localStorage.clear();
  resetIssues();
  closeCache();
  useToastStore.setState({ toasts: [] });
  useIssueListStore.setState({ lists: {} });
  adapter = new MemoryCacheStorage();
  setCacheStorageFactory(() => adapter);
  signedIn(ALICE);
});

afterEach(() => {
  closeCache();
  vi.unstubAllGlobals();
});

describe('database lifecycle', () => {
  test('a database with another version is cleared and re-initialised; status goes initializing → ready', async () => {
    const old = new MemoryCacheStorage();
    await old.open(`${ALICE}-acme`);
    await old.setMeta('version', 0);
    await old.putIssues([row('stale')]);
    const promise = initCache('acme');
    expect(useLocalCacheStore.getState().dbStatus).toBe('initializing');
    expect(await promise).toBe(true);
    expect(useLocalCacheStore.getState().dbStatus).toBe('ready');
    expect(await adapter.getMeta('version')).toBe(DB_VERSION);
    expect(await adapter.getProjectIssues(P)).toEqual([]);
  });

  test("another person signing in on the same browser opens their own database, never the first one's", async () => {
    expect(await initCache('acme')).toBe(true);
    await adapter.putIssues([row('alice-only')]);
    expect(cacheDatabaseName('acme')).toBe(`${ALICE}-acme`);
    closeCache();

    const bob = 'b0b0b0b0-0000-4000-8000-000000000002';
    signedIn(bob);
    const bobs = new MemoryCacheStorage();
    setCacheStorageFactory(() => bobs);
    expect(await initCache('acme')).toBe(true);
    expect(cacheDatabaseName('acme')).toBe(`${bob}-acme`);
    expect(await bobs.getProjectIssues(P)).toEqual([]);

    // Signed out: no database is opened at all.
    closeCache();
    useSessionStore.setState({ status: 'ready', user: null });
    expect(await initCache('acme')).toBe(false);
  });

  test('a storage failure marks the database as error', async () => {
    adapter.failing = true;
    expect(await initCache('acme')).toBe(false);
    expect(useLocalCacheStore.getState().dbStatus).toBe('error');
  });

  test('LOCAL_DB_ENABLED is on by default and stored locally', () => {
    expect(isLocalDbEnabled()).toBe(true);
    localStorage.setItem(LOCAL_DB_ENABLED_KEY, 'false');
    expect(isLocalDbEnabled()).toBe(false);
  });

  test('toggling on when the database cannot open reverts the flag and says so', async () => {
    localStorage.setItem(LOCAL_DB_ENABLED_KEY, 'false');
    adapter.failing = true;
    expect(await setLocalDbEnabled('acme', true)).toBe(false);
    expect(localStorage.getItem(LOCAL_DB_ENABLED_KEY)).toBe('false');
    expect(useToastStore.getState().toasts[0]?.title).toBe('error while toggling local DB');
  });
});

describe('project sync', () => {
  test('the first sync loads every page of 1000 (status loading), stores it, and lists then need no server query', async () => {
    const pages = [Array.from({ length: 1000 }, (_, i) => row(`a${i}`)), [row('last', '2026-01-02T00:00:00.000Z')]];
    api.on('GET', `${base}/v2/issues/`, (call) => {
      const page = Number(call.query.get('cursor')!.split(':')[1]);
      return json(200, { results: pages[page] ?? [], next_cursor: page === 0 ? '1000:1:0' : null, next_page_results: page === 0 });
    });
    const putSizes: number[] = [];
    const put = adapter.putIssues.bind(adapter);
    adapter.putIssues = async (rows) => {
      putSizes.push(rows.length);
      return put(rows);
    };
    const statuses: string[] = [];
    const stop = useLocalCacheStore.subscribe((state) => statuses.push(state.projects[P] ?? ''));
    expect(await syncProject('acme', P)).toBe(true);
    stop();
    expect(statuses.filter(Boolean)).toEqual(['loading', 'ready']);
    expect(useLocalCacheStore.getState().projects[P]).toBe('ready');
    expect(api.calls.map((call) => call.query.get('cursor'))).toEqual(['1000:0:0', '1000:1:0']);
    expect(Math.max(...putSizes)).toBe(BATCH_SIZE.issueSync);
    expect((await adapter.getProjectIssues(P)).length).toBe(1001);
    expect(useIssueStore.getState().confirmed.size).toBe(1001);
    await fetchIssueList('acme', { kind: 'project', projectId: P }, defaultListSettings({ kind: 'project', projectId: P }));
    expect(api.calls.filter((call) => call.path.endsWith('/issues/') && !call.path.includes('v2'))).toHaveLength(0);
  });

  test('a finished sync folds what it wrote into the snapshot a reload reads; a failed fold keeps the sync', async () => {
    api.on('GET', `${base}/v2/issues/`, () => json(200, { results: [row('a')], next_cursor: null }));
    const folds: [string, number][] = [];
    adapter.compactProject = async (projectId, minJournal) => {
      folds.push([projectId, minJournal]);
      throw new Error('quota');
    };
    expect(await syncProject('acme', P)).toBe(true);
    expect(folds).toEqual([[P, COMPACT_AFTER]]);
    expect(useLocalCacheStore.getState().projects[P]).toBe('ready');
  });

  test('a later sync paints from the cache before the network, then fetches changes and evicts deleted ids', async () => {
    await adapter.open(`${ALICE}-acme`);
    await adapter.setMeta('version', DB_VERSION);
    await adapter.setMeta(`sync:${P}`, '2026-01-01T00:00:00.000Z');
    await adapter.putIssues([row('kept'), row('gone')]);
    let release!: () => void;
    api.on('GET', `${base}/v2/issues/`, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, { results: [row('kept', '2026-01-03T00:00:00.000Z', { name: 'renamed' })], next_cursor: null, next_page_results: false });
    });
    api.on('GET', `${base}/deleted-issues/`, () => json(200, ['gone']));
    const sync = syncProject('acme', P);
    // Painted from the cache while the network has not answered.
    await vi.waitFor(() => expect(getIssue('gone')?.name).toBe('gone'));
    expect(useLocalCacheStore.getState().projects[P]).toBe('syncing');
    release();
    await sync;
    expect(getIssue('kept')?.name).toBe('renamed');
    expect(getIssue('gone')).toBeUndefined();
    expect(api.calls[0]!.query.get('updated_at__gt')).toBe('2026-01-01T00:00:00.000Z');
    expect(api.calls[1]!.query.get('updated_at__gt')).toBe('2026-01-01T00:00:00.000Z');
    expect(await adapter.getMeta(`sync:${P}`)).toBe('2026-01-03T00:00:00.000Z');
    expect((await adapter.getProjectIssues(P)).map((issue) => issue.id)).toEqual(['kept']);
  });

  test('a filled cache paints the list while the list and sync requests never answer', async () => {
    await adapter.open(`${ALICE}-acme`);
    await adapter.setMeta('version', DB_VERSION);
    await adapter.setMeta(`sync:${P}`, '2026-01-01T00:00:00.000Z');
    await adapter.putIssues([row('a'), row('b')]);
    const never = () => new Promise<never>(() => undefined);
    api.on('GET', `${base}/v2/issues/`, never);
    api.on('GET', `${base}/issues/`, never);
    const source = { kind: 'project', projectId: P } as const;
    // As on a reload: the project frame starts the sync, then the list asks for its rows.
    void syncProject('acme', P);
    void fetchIssueList('acme', source, defaultListSettings(source));
    await vi.waitFor(() => expect(useIssueListStore.getState().lists[`project:${P}`]).toMatchObject({ status: 'ready', origin: 'cache' }));
    expect([...useIssueStore.getState().confirmed.keys()].sort()).toEqual(['a', 'b']);
    expect(api.calls.filter((call) => call.path === `${base}/issues/`)).toHaveLength(0);
  });

  test('a failed cache read lets the list fall back to the server', async () => {
    await adapter.open(`${ALICE}-acme`);
    await adapter.setMeta('version', DB_VERSION);
    await adapter.setMeta(`sync:${P}`, '2026-01-01T00:00:00.000Z');
    adapter.getProjectIssues = () => Promise.reject(new Error('read failed'));
    api.on('GET', `${base}/issues/`, () => json(200, { results: [row('from-server')], total_count: 1 }));
    const source = { kind: 'project', projectId: P } as const;
    const sync = syncProject('acme', P);
    await fetchIssueList('acme', source, defaultListSettings(source));
    expect(await sync).toBe(false);
    expect(useIssueListStore.getState().lists[`project:${P}`]).toMatchObject({ status: 'ready', origin: 'server' });
    expect(getIssue('from-server')).toBeDefined();
  });

  test('a sync error marks the project as error and lists fall back to the server', async () => {
    api.on('GET', `${base}/v2/issues/`, () => json(500, {}));
    api.on('GET', `${base}/issues/`, () => json(200, { results: [row('from-server')], total_count: 1 }));
    expect(await syncProject('acme', P)).toBe(false);
    expect(useLocalCacheStore.getState().projects[P]).toBe('error');
    await fetchIssueList('acme', { kind: 'project', projectId: P }, defaultListSettings({ kind: 'project', projectId: P }));
    expect(getIssue('from-server')).toBeDefined();
  });

  test('with the cache turned off nothing is synced', async () => {
    localStorage.setItem(LOCAL_DB_ENABLED_KEY, 'false');
    expect(await syncProject('acme', P)).toBe(false);
    expect(api.calls).toHaveLength(0);
  });

  test('live changes of a synced project are written to the cache', async () => {
    api.on('GET', `${base}/v2/issues/`, () => json(200, { results: [row('a')], next_cursor: null }));
    await syncProject('acme', P);
    cacheLiveIssueChange({ type: 'change', id: 9, entity: 'issue', op: 'update', workspace: 'acme', project_id: P, version: 2, data: { ...row('a'), name: 'live' } as unknown as Record<string, unknown>, client_mutation_id: null });
    await vi.waitFor(async () => expect((await adapter.getProjectIssues(P))[0]?.name).toBe('live'));
    cacheLiveIssueChange({ type: 'change', id: 10, entity: 'issue', op: 'delete', workspace: 'acme', project_id: P, version: 3, data: { id: 'a' }, client_mutation_id: null });
    await vi.waitFor(async () => expect(await adapter.getProjectIssues(P)).toEqual([]));
  });
});

describe('live changes during the first sync', () => {
  test('are written to the cache after the sync rows, so a reload paints them without a re-sync', async () => {
    let release!: () => void;
    api.on('GET', `${base}/v2/issues/`, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, { results: [row('a'), row('b'), row('d', '2026-01-02T00:00:00.000Z', { name: 'fresh' })], next_cursor: null });
    });
    const sync = syncProject('acme', P);
    await vi.waitFor(() => expect(useLocalCacheStore.getState().projects[P]).toBe('loading'));
    // While the first page is on its way: a rename, a delete, a new issue, and an event older than the page's row.
    const change = (id: number, op: 'create' | 'update' | 'delete', data: Record<string, unknown>) =>
      cacheLiveIssueChange({ type: 'change', id, entity: 'issue', op, workspace: 'acme', project_id: P, version: 2, data, client_mutation_id: null });
    change(11, 'update', { ...row('a', '2026-01-03T00:00:00.000Z'), name: 'renamed live' } as unknown as Record<string, unknown>);
    change(12, 'delete', { id: 'b' });
    change(13, 'create', { ...row('c', '2026-01-03T00:00:00.000Z'), name: 'created live' } as unknown as Record<string, unknown>);
    change(14, 'update', { ...row('d', '2026-01-01T12:00:00.000Z'), name: 'stale' } as unknown as Record<string, unknown>);
    release();
    expect(await sync).toBe(true);
    const cached = Object.fromEntries((await adapter.getProjectIssues(P)).map((issue) => [issue.id, issue.name]));
    expect(cached).toEqual({ a: 'renamed live', c: 'created live', d: 'fresh' });

    // A reload: a new session on the same database, whose sync request never answers.
    closeCache();
    resetIssues();
    adapter = new MemoryCacheStorage();
    const calls = api.calls.length;
    api.on('GET', `${base}/v2/issues/`, () => new Promise<never>(() => undefined));
    void syncProject('acme', P);
    await vi.waitFor(() => expect(getIssue('c')?.name).toBe('created live'));
    expect(getIssue('a')?.name).toBe('renamed live');
    expect(getIssue('b')).toBeUndefined();
    // Only the incremental request (from the stored mark), not a first sync from scratch.
    expect(api.calls.slice(calls).map((call) => call.query.get('updated_at__gt'))).toEqual(['2026-01-02T00:00:00.000Z']);
    expect(useLocalCacheStore.getState().projects[P]).toBe('syncing');
  });
});
