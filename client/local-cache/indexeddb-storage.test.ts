// The IndexedDB adapter of the issue cache on fake-indexeddb (a complete IndexedDB in memory): the
// snapshot + journal layout round-trips rows, removals and compactions, reads a database of the
// previous schema (rows only) unchanged, and keeps one database per user and workspace.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, test } from 'vitest';
import type { Issue } from '../stores/issue-store';
import { CHUNK_ROWS, IndexedDbCacheStorage } from './indexeddb-storage';

const P = '11111111-1111-4111-8111-111111111111';
const Q = '22222222-2222-4222-8222-222222222222';
const row = (id: string, patch: Partial<Issue> = {}) =>
  ({ id, name: id, sequence_id: 1, project_id: P, state_id: 's1', priority: 'none', sort_order: 1, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...patch }) as Issue;
const names = (rows: Issue[]) => Object.fromEntries(rows.map((issue) => [issue.id, issue.name]));

const opened: IndexedDbCacheStorage[] = [];
let database = 0;
async function openStorage(name = `user-${++database}-acme`): Promise<IndexedDbCacheStorage> {
  const storage = new IndexedDbCacheStorage();
  await storage.open(name);
  opened.push(storage);
  return storage;
}

/** Records in the `chunks` store and in the `issues` journal of a database. */
async function recordCounts(name: string): Promise<{ chunks: number; journal: number }> {
  const db = await openDB(`trellis-${name}`);
  try {
    return { chunks: await db.count('chunks'), journal: await db.count('issues') };
  } finally {
    db.close();
  }
}

afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

describe('snapshot and journal', () => {
  test('rows, updates and removals round-trip before and after a compaction, per project', async () => {
    const name = `user-${++database}-acme`;
    const storage = await openStorage(name);
    const many = Array.from({ length: CHUNK_ROWS + 5 }, (_, index) => row(`r${index}`));
    await storage.putIssues([...many, row('other', { project_id: Q })]);
    await storage.putIssues([row('r1', { name: 'renamed' })]);
    await storage.deleteIssues(P, ['r2']);
    const expected = { ...names(many), r1: 'renamed' } as Record<string, string>;
    delete expected.r2;
    expect(names(await storage.getProjectIssues(P))).toEqual(expected);

    // Below the threshold nothing is rewritten; at it the journal becomes a snapshot of two records.
    expect(await storage.compactProject(P, 10_000)).toBe(false);
    expect(await storage.compactProject(P, 1)).toBe(true);
    expect(await recordCounts(name)).toEqual({ chunks: 2, journal: 1 });
    expect(names(await storage.getProjectIssues(P))).toEqual(expected);
    expect(names(await storage.getProjectIssues(Q))).toEqual({ other: 'other' });

    // Writes after the snapshot win over it, a removal hides its snapshot row, and the next
    // compaction drops the snapshot's old records (fewer rows: one record).
    await storage.putIssues([row('r3', { name: 'after snapshot' })]);
    await storage.deleteIssues(P, many.slice(10).map((issue) => issue.id));
    const left = await storage.getProjectIssues(P);
    expect(names(left)).toEqual({ r0: 'r0', r1: 'renamed', r3: 'after snapshot', r4: 'r4', r5: 'r5', r6: 'r6', r7: 'r7', r8: 'r8', r9: 'r9' });
    expect(await storage.compactProject(P, 1)).toBe(true);
    expect(await recordCounts(name)).toEqual({ chunks: 1, journal: 1 });
    expect(names(await storage.getProjectIssues(P))).toEqual(names(left));
  });

  test('clear empties the snapshot, the journal and the meta values', async () => {
    const name = `user-${++database}-acme`;
    const storage = await openStorage(name);
    await storage.putIssues([row('a'), row('b')]);
    await storage.compactProject(P, 1);
    await storage.putIssues([row('c')]);
    await storage.setMeta('version', 1);
    await storage.clear();
    expect(await storage.getProjectIssues(P)).toEqual([]);
    expect(await storage.getMeta('version')).toBeUndefined();
    expect(await recordCounts(name)).toEqual({ chunks: 0, journal: 0 });
  });
});

describe('upgrade from schema version 2 (one record per row)', () => {
  test("the old rows read as the journal, meta values stay, and a compaction makes them a snapshot", async () => {
    const name = `user-${++database}-acme`;
    // A database as version 2 left it: rows with their two indexes, and the sync mark.
    const old = await openDB(`trellis-${name}`, 2, {
      upgrade(db) {
        const issues = db.createObjectStore('issues', { keyPath: 'id' });
        issues.createIndex('project_id', 'project_id');
        issues.createIndex('project_sort', ['project_id', 'sort_order']);
        db.createObjectStore('meta', { keyPath: 'key' });
      },
    });
    await old.put('issues', row('a', { sort_order: 2 }));
    await old.put('issues', row('b', { sort_order: 1 }));
    await old.put('meta', { key: `sync:${P}`, value: '2026-01-01T00:00:00.000Z' });
    old.close();

    const storage = await openStorage(name);
    expect(await storage.getMeta(`sync:${P}`)).toBe('2026-01-01T00:00:00.000Z');
    expect(names(await storage.getProjectIssues(P))).toEqual({ a: 'a', b: 'b' });
    expect(await storage.compactProject(P, 1)).toBe(true);
    expect(await recordCounts(name)).toEqual({ chunks: 1, journal: 0 });
    expect(names(await storage.getProjectIssues(P))).toEqual({ a: 'a', b: 'b' });
  });
});

describe('one database per user and workspace', () => {
  test("another user's database of the same workspace never shows the first one's rows", async () => {
    const alice = await openStorage('alice-acme');
    await alice.putIssues([row('alice-only')]);
    await alice.compactProject(P, 1);
    const bob = await openStorage('bob-acme');
    expect(await bob.getProjectIssues(P)).toEqual([]);
    expect(names(await alice.getProjectIssues(P))).toEqual({ 'alice-only': 'alice-only' });
  });
});
