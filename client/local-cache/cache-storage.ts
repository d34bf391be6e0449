// The storage interface of the local issue cache, with an in-memory adapter (tests, and browsers
// without IndexedDB). The IndexedDB adapter in indexeddb-storage.ts implements the same interface.
import type { Issue } from '../stores/issue-store';

export interface CacheStorage {
  /** Opens (creating if needed) the database named after the workspace slug. */
  open(name: string): Promise<void>;
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<void>;
  putIssues(rows: Issue[]): Promise<void>;
  /** Removes rows of one project. */
  deleteIssues(projectId: string, ids: string[]): Promise<void>;
  getProjectIssues(projectId: string): Promise<Issue[]>;
  /**
   * Rewrites the project's rows as a snapshot a reload reads in a few records, when at least
   * `minJournal` single-row writes piled up since the last one (true when it did).
   */
  compactProject(projectId: string, minJournal: number): Promise<boolean>;
  /** Removes every row and meta value. */
  clear(): Promise<void>;
  close(): void;
}

/** A CacheStorage kept in memory, per database name (survives `close`/`open` like a real store). */
export class MemoryCacheStorage implements CacheStorage {
  private static readonly databases = new Map<string, { issues: Map<string, Issue>; meta: Map<string, unknown> }>();
  private db: { issues: Map<string, Issue>; meta: Map<string, unknown> } | null = null;
  /** Makes the next calls fail (tests of the error path). */
  failing = false;

  private get data() {
    if (this.failing) throw new Error('storage failure');
    if (!this.db) throw new Error('database not open');
    return this.db;
  }

  async open(name: string): Promise<void> {
    if (this.failing) throw new Error('storage failure');
    let db = MemoryCacheStorage.databases.get(name);
    if (!db) MemoryCacheStorage.databases.set(name, (db = { issues: new Map(), meta: new Map() }));
    this.db = db;
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return this.data.meta.get(key) as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    this.data.meta.set(key, value);
  }

  async putIssues(rows: Issue[]): Promise<void> {
    const { issues } = this.data;
    for (const row of rows) issues.set(row.id, row);
  }

  async deleteIssues(_projectId: string, ids: string[]): Promise<void> {
    const { issues } = this.data;
    for (const id of ids) issues.delete(id);
  }

  async getProjectIssues(projectId: string): Promise<Issue[]> {
    return [...this.data.issues.values()].filter((row) => row.project_id === projectId);
  }

  /** Rows are one map here: nothing to fold. */
  async compactProject(_projectId: string, _minJournal: number): Promise<boolean> {
    if (this.failing) throw new Error('storage failure');
    return false;
  }

  async clear(): Promise<void> {
    this.data.issues.clear();
    this.data.meta.clear();
  }

  close(): void {
    this.db = null;
  }

  /** Forgets every in-memory database (tests). */
  static reset(): void {
    MemoryCacheStorage.databases.clear();
  }
}
