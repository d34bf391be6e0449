// The browser's CacheStorage: one IndexedDB database per workspace slug with an `issues` store
// (indexed by project, and by project and sort order for a quick first page) and a `meta` store
// (schema version, per-project sync marks).
import type { Issue } from '../stores/issue-store';
import type { CacheStorage } from './cache-storage';

const SCHEMA_VERSION = 2;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export class IndexedDbCacheStorage implements CacheStorage {
  private db: IDBDatabase | null = null;

  static isAvailable(): boolean {
    return typeof indexedDB !== 'undefined';
  }

  async open(name: string): Promise<void> {
    const request = indexedDB.open(`trellis-${name}`, SCHEMA_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      const issues = db.objectStoreNames.contains('issues') ? request.transaction!.objectStore('issues') : db.createObjectStore('issues', { keyPath: 'id' });
      if (!issues.indexNames.contains('project_id')) issues.createIndex('project_id', 'project_id');
      if (!issues.indexNames.contains('project_sort')) issues.createIndex('project_sort', ['project_id', 'sort_order']);
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
    };
    this.db = await promised(request);
  }

  private store(name: 'issues' | 'meta', mode: IDBTransactionMode) {
    if (!this.db) throw new Error('database not open');
    const tx = this.db.transaction(name, mode);
    return { tx, store: tx.objectStore(name) };
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    const { store } = this.store('meta', 'readonly');
    const row = (await promised(store.get(key))) as { key: string; value: T } | undefined;
    return row?.value;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    const { tx, store } = this.store('meta', 'readwrite');
    store.put({ key, value });
    await done(tx);
  }

  async putIssues(rows: Issue[]): Promise<void> {
    const { tx, store } = this.store('issues', 'readwrite');
    for (const row of rows) store.put(row);
    await done(tx);
  }

  async deleteIssues(ids: string[]): Promise<void> {
    const { tx, store } = this.store('issues', 'readwrite');
    for (const id of ids) store.delete(id);
    await done(tx);
  }

  async getProjectIssues(projectId: string): Promise<Issue[]> {
    const { store } = this.store('issues', 'readonly');
    return (await promised(store.index('project_id').getAll(projectId))) as Issue[];
  }

  async getFirstProjectIssues(projectId: string, limit: number): Promise<Issue[]> {
    const { store } = this.store('issues', 'readonly');
    const range = IDBKeyRange.bound([projectId, -Infinity], [projectId, Infinity]);
    return (await promised(store.index('project_sort').getAll(range, limit))) as Issue[];
  }

  async clear(): Promise<void> {
    if (!this.db) throw new Error('database not open');
    const tx = this.db.transaction(['issues', 'meta'], 'readwrite');
    tx.objectStore('issues').clear();
    tx.objectStore('meta').clear();
    await done(tx);
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
