// Where the outbox keeps its entries: one IndexedDB database per signed-in user and workspace
// (`trellis-outbox-{user}-{workspace}`), so another person signing in on the same browser opens
// another database and never sees or replays these. Two stores: `entries` (by their order number)
// and `ids` (temporary id → the server's id, kept so entries made on an offline create can be
// re-pointed after a reload). Built on `idb` like the issue cache (local-cache/indexeddb-storage.ts).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxRecord } from './outbox';

export interface OutboxStorage {
  load(): Promise<{ records: OutboxRecord[]; ids: Record<string, string> }>;
  put(record: OutboxRecord): Promise<void>;
  delete(seq: number): Promise<void>;
  putId(temp: string, real: string): Promise<void>;
  clear(): Promise<void>;
  close(): void;
}

const SCHEMA_VERSION = 1;

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxRecord };
  ids: { key: string; value: { temp: string; real: string } };
}

/** The database name of one user's outbox in one workspace. */
const outboxDatabaseName = (userId: string, workspace: string): string => `trellis-outbox-${userId}-${workspace}`;

export class IndexedDbOutboxStorage implements OutboxStorage {
  private constructor(private readonly db: IDBPDatabase<OutboxSchema>) {}

  static isAvailable(): boolean {
    return typeof indexedDB !== 'undefined';
  }

  static async open(userId: string, workspace: string): Promise<IndexedDbOutboxStorage> {
    const db = await openDB<OutboxSchema>(outboxDatabaseName(userId, workspace), SCHEMA_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains('entries')) database.createObjectStore('entries', { keyPath: 'seq' });
        if (!database.objectStoreNames.contains('ids')) database.createObjectStore('ids', { keyPath: 'temp' });
      },
    });
    return new IndexedDbOutboxStorage(db);
  }

  async load() {
    const tx = this.db.transaction(['entries', 'ids'], 'readonly');
    const [records, ids] = await Promise.all([tx.objectStore('entries').getAll(), tx.objectStore('ids').getAll(), tx.done]);
    return { records, ids: Object.fromEntries(ids.map((row) => [row.temp, row.real])) };
  }

  /**
   * Committed at once (started in the caller's task): left to auto-commit, a transaction waits for
   * its put's answer to come back to the page first, and a reload or a closed tab in that moment
   * aborts it — Chromium lost every such edit when the page reloaded during a busy frame.
   */
  async put(record: OutboxRecord): Promise<void> {
    const tx = this.db.transaction('entries', 'readwrite');
    const put = tx.store.put(record);
    tx.commit();
    await Promise.all([put, tx.done]);
  }

  async delete(seq: number): Promise<void> {
    await this.db.delete('entries', seq);
  }

  async putId(temp: string, real: string): Promise<void> {
    const tx = this.db.transaction('ids', 'readwrite');
    const put = tx.store.put({ temp, real });
    tx.commit();
    await Promise.all([put, tx.done]);
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['entries', 'ids'], 'readwrite');
    await Promise.all([tx.objectStore('entries').clear(), tx.objectStore('ids').clear(), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

/** Without IndexedDB (or before a workspace is open) entries live in memory only. */
export class MemoryOutboxStorage implements OutboxStorage {
  records = new Map<number, OutboxRecord>();
  ids: Record<string, string> = {};

  async load() {
    return { records: [...this.records.values()].map((record) => structuredClone(record)), ids: { ...this.ids } };
  }

  async put(record: OutboxRecord): Promise<void> {
    this.records.set(record.seq, structuredClone(record));
  }

  async delete(seq: number): Promise<void> {
    this.records.delete(seq);
  }

  async putId(temp: string, real: string): Promise<void> {
    this.ids[temp] = real;
  }

  async clear(): Promise<void> {
    this.records.clear();
    this.ids = {};
  }

  close(): void {}
}
