// The browser's CacheStorage: one IndexedDB database per workspace slug with an `issues` store
// (indexed by project, and by project and sort order for a quick first page) and a `meta` store
// (schema version, per-project sync marks). Built on `idb`, which wraps IndexedDB's request and
// transaction events in typed promises, so this file only says what is stored where.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Issue } from '../stores/issue-store';
import type { CacheStorage } from './cache-storage';

const SCHEMA_VERSION = 2;

interface CacheSchema extends DBSchema {
  issues: { key: string; value: Issue; indexes: { project_id: string; project_sort: [string, number] } };
  meta: { key: string; value: { key: string; value: unknown } };
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
        if (!issues.indexNames.contains('project_sort')) issues.createIndex('project_sort', ['project_id', 'sort_order']);
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

  async deleteIssues(ids: string[]): Promise<void> {
    const tx = this.database.transaction('issues', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }

  async getProjectIssues(projectId: string): Promise<Issue[]> {
    return this.database.getAllFromIndex('issues', 'project_id', projectId);
  }

  async getFirstProjectIssues(projectId: string, limit: number): Promise<Issue[]> {
    const range = IDBKeyRange.bound([projectId, -Infinity], [projectId, Infinity]);
    return this.database.getAllFromIndex('issues', 'project_sort', range, limit);
  }

  async clear(): Promise<void> {
    const tx = this.database.transaction(['issues', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('issues').clear(), tx.objectStore('meta').clear(), tx.done]);
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
