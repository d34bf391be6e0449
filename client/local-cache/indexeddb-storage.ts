// The browser's CacheStorage: one IndexedDB database per user and workspace. A project's issues
// live in two places that every read merges:
// - `chunks`: a snapshot of the project, CHUNK_ROWS rows a record. Reading 10,000 issues as
//   10,000 records cost ~130 ms of IndexedDB work in Chromium (and ~400 ms while the app starts),
//   as 10 records ~25 ms: the warm board waits for every issue, so the snapshot is what it reads.
// - `issues`: a journal, one record per row written since the snapshot (sync batches, live
//   changes), and a tombstone per row removed since then. Single-row writes stay one small put;
//   `compactProject` folds the journal into a new snapshot in one transaction.
// A database from schema version 2 (rows only) reads as an empty snapshot plus its rows as the
// journal: nothing is rewritten on upgrade, and the first compaction builds the snapshot.
// Built on `idb`, which wraps IndexedDB's request and transaction events in typed promises.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { Issue } from '../stores/issue-store';
import type { CacheStorage } from './cache-storage';

const SCHEMA_VERSION = 3;
/** Rows per snapshot record: 10,000 issues make 10 records (~0.8 MB each). */
export const CHUNK_ROWS = 1000;

/** A journal entry for a row removed since the snapshot. */
interface Tombstone {
  id: string;
  project_id: string;
  removed: true;
}

type JournalEntry = Issue | Tombstone;

interface Chunk {
  project_id: string;
  n: number;
  rows: Issue[];
}

interface CacheSchema extends DBSchema {
  issues: { key: string; value: JournalEntry; indexes: { project_id: string } };
  chunks: { key: [string, number]; value: Chunk };
  meta: { key: string; value: { key: string; value: unknown } };
}

const isTombstone = (entry: JournalEntry): entry is Tombstone => (entry as Tombstone).removed === true;
const chunkRange = (projectId: string) => IDBKeyRange.bound([projectId, -Infinity], [projectId, Infinity]);

type ReadTx = IDBPTransaction<CacheSchema, ('issues' | 'chunks')[], 'readonly' | 'readwrite'>;

/** The project's rows: the snapshot with the journal applied over it (the journal is newer). */
async function readMerged(tx: ReadTx, projectId: string): Promise<{ rows: Map<string, Issue>; journal: number }> {
  const [chunks, journal] = await Promise.all([tx.objectStore('chunks').getAll(chunkRange(projectId)), tx.objectStore('issues').index('project_id').getAll(projectId)]);
  const rows = new Map<string, Issue>();
  for (const chunk of chunks) for (const row of chunk.rows) rows.set(row.id, row);
  for (const entry of journal) {
    if (isTombstone(entry)) rows.delete(entry.id);
    else rows.set(entry.id, entry);
  }
  return { rows, journal: journal.length };
}

export class IndexedDbCacheStorage implements CacheStorage {
  private db: IDBPDatabase<CacheSchema> | null = null;

  static isAvailable(): boolean {
    return typeof indexedDB !== 'undefined';
  }

  async open(name: string): Promise<void> {
    this.db = await openDB<CacheSchema>(`trellis-${name}`, SCHEMA_VERSION, {
      // Each step checks what exists, so a database from any earlier version reaches the current one.
      upgrade(db, _oldVersion, _newVersion, transaction) {
        const issues = db.objectStoreNames.contains('issues') ? transaction.objectStore('issues') : db.createObjectStore('issues', { keyPath: 'id' });
        if (!issues.indexNames.contains('project_id')) issues.createIndex('project_id', 'project_id');
        // Version 2's first-page index: the snapshot replaced that read, and every write paid for it.
        if ((issues.indexNames as DOMStringList).contains('project_sort')) issues.deleteIndex('project_sort' as never);
        if (!db.objectStoreNames.contains('chunks')) db.createObjectStore('chunks', { keyPath: ['project_id', 'n'] });
        if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
      },
    });
  }

  private get database(): IDBPDatabase<CacheSchema> {
    if (!this.db) throw new Error('database not open');
    return this.db;
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    const row = await this.database.get('meta', key);
    return row?.value as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.database.put('meta', { key, value });
  }

  /** One transaction for the batch: a failure leaves none of the rows written. */
  async putIssues(rows: Issue[]): Promise<void> {
    const tx = this.database.transaction('issues', 'readwrite');
    await Promise.all([...rows.map((row) => tx.store.put(row)), tx.done]);
  }

  async deleteIssues(projectId: string, ids: string[]): Promise<void> {
    const tx = this.database.transaction('issues', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.put({ id, project_id: projectId, removed: true })), tx.done]);
  }

  async getProjectIssues(projectId: string): Promise<Issue[]> {
    const { rows } = await readMerged(this.database.transaction(['chunks', 'issues'], 'readonly'), projectId);
    return [...rows.values()];
  }

  /**
   * Folds the project's journal into a new snapshot when it holds at least `minJournal` entries.
   * One transaction: another tab's writes land before or after it, never half-way.
   */
  async compactProject(projectId: string, minJournal: number): Promise<boolean> {
    const tx = this.database.transaction(['chunks', 'issues'], 'readwrite');
    const { rows, journal } = await readMerged(tx, projectId);
    if (journal < minJournal) {
      await tx.done;
      return false;
    }
    const chunks = tx.objectStore('chunks');
    const all = [...rows.values()];
    const writes: Promise<unknown>[] = [chunks.delete(chunkRange(projectId))];
    for (let n = 0; n * CHUNK_ROWS < all.length; n++) writes.push(chunks.put({ project_id: projectId, n, rows: all.slice(n * CHUNK_ROWS, (n + 1) * CHUNK_ROWS) }));
    const journalKeys = await tx.objectStore('issues').index('project_id').getAllKeys(projectId);
    for (const key of journalKeys) writes.push(tx.objectStore('issues').delete(key));
    await Promise.all([...writes, tx.done]);
    return true;
  }

  async clear(): Promise<void> {
    const tx = this.database.transaction(['issues', 'chunks', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('issues').clear(), tx.objectStore('chunks').clear(), tx.objectStore('meta').clear(), tx.done]);
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
