// Durable page bodies and issue descriptions (DESIGN "Pages", sync notes item 15). Hocuspocus broadcasts
// first and stores on a debounce, so every update is also appended to a log — page_updates for a page,
// issue_description_updates for an issue's description (`issue.<id>`) — through a per-document buffer: one INSERT
// of a document at a time, at most one per GATHER_MS; updates arriving meanwhile gather into the next
// one (group commit), so a busy page costs a bounded number of commits, not one per keystroke.
// "Saved" means stored: the SyncStatus acknowledgement a provider counts as synced (unsyncedChanges 0)
// is held back until the update it answers is in the log (or in a compacted snapshot), so a crash
// loses nothing a client was told is saved; what was not acknowledged the provider still holds and sends
// again in the sync handshake after it reconnects. onStoreDocument compacts a page into
// pages.description_binary; onLoadDocument returns snapshot ⊕ remaining updates. Issue descriptions are
// loaded and compacted by IssueDescriptionExtension (a store is an issue update); only their log is here.
import * as Y from 'yjs';
import type {
  Connection,
  Document,
  Extension,
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  beforeHandleMessagePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import { MessageType, isTransactionOrigin } from '@hocuspocus/server';
import type { Db } from '../../db/client';
import { isUuid } from '../../shared/schemas/common';
import { appendPageUpdates, loadStoredStateInto, storePageSnapshot } from '../../db/page-storage';
import { appendIssueDescriptionUpdates } from '../../db/issue-description-state';
import { issueIdOfDocument } from '../../shared/collab-documents';
import type { CollabContext } from './auth-extension';

const RETRY_MS = 1000;
/** INSERTs of one document in flight at once (Yjs updates commute: their order in the log would not matter). */
const MAX_INFLIGHT = 1;
/**
 * Shortest time between two INSERTs of one document: updates arriving sooner gather into the next
 * one. 10 ms keeps the acknowledgement near one commit's time while 50 people typing into one page
 * cost at most 100 commits per second, not 250 (bench/pages.ts: with none, the fan-out round trip
 * doubled on a loaded machine; with 25 ms, acknowledgements took 22 ms at p50).
 */
export const GATHER_MS = 10;

/** Origin of updates this extension applies itself (state found in storage); never re-logged. */
export const STORAGE_ORIGIN = { source: 'local', skipStoreHooks: true, context: { fromStorage: true } } as const;

interface Write {
  done: Promise<void>;
  /** Acknowledgements waiting for this INSERT. */
  waiting: Array<() => void>;
}

interface Buffer {
  /** Updates accepted but not yet handed to an INSERT. */
  pending: Uint8Array[];
  /** Acknowledgements waiting for `pending` to be stored. */
  waiting: Array<() => void>;
  inflight: Set<Write>;
  /** The INSERT started last, while in flight: it holds the newest update when nothing is pending. */
  latest: Write | null;
  retry: NodeJS.Timeout | null;
  /** When the last INSERT started; with `gather`, the wait for the next one. */
  lastWriteAt: number;
  gather: NodeJS.Timeout | null;
}

export class PersistenceExtension implements Extension {
  extensionName = 'trellis-persistence';
  private readonly buffers = new Map<string, Buffer>();
  private readonly gated = new WeakSet<Connection>();

  constructor(private readonly db: Db) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    // Straight into the live document: a 1 MB page is decoded once, not decoded, re-encoded and decoded again.
    if (isUuid(documentName)) await loadStoredStateInto(this.db, documentName, document);
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    // The document's own update event, not the onChange hook: Hocuspocus runs hooks a microtask later,
    // after it has already sent the acknowledgement, which must find the update buffered here.
    document.on('update', (update: Uint8Array, origin: unknown) => this.record(documentName, update, origin));
  }

  async beforeHandleMessage({ connection }: beforeHandleMessagePayload<CollabContext>): Promise<void> {
    if (this.gated.has(connection)) return;
    this.gated.add(connection);
    // Hocuspocus answers an applied update with SyncStatus right away; that answer waits for storage here.
    const send = connection.send.bind(connection);
    connection.send = (message: Uint8Array) => {
      const stored = isSyncStatus(message) ? this.durable(connection.document) : null;
      if (stored) void stored.then(() => send(message));
      else send(message);
    };
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>): Promise<void> {
    if (!isUuid(documentName)) return;
    const buffer = this.buffers.get(documentName);
    // The document already contains everything buffered; drop it only once the snapshot is committed.
    const taken = buffer ? buffer.pending.splice(0) : [];
    const waiting = buffer ? buffer.waiting.splice(0) : [];
    try {
      const result = await storePageSnapshot(this.db, documentName, document, lastContext?.userId ?? null);
      if (result?.missing) Y.applyUpdate(document, result.missing, STORAGE_ORIGIN);
      waiting.forEach((release) => release());
    } catch (error) {
      if (buffer) {
        buffer.pending.unshift(...taken);
        buffer.waiting.unshift(...waiting);
        this.schedule(documentName, buffer);
      }
      throw error;
    }
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    await this.flush(documentName);
    const buffer = this.buffers.get(documentName);
    if (buffer && buffer.pending.length === 0 && buffer.inflight.size === 0) this.buffers.delete(documentName);
  }

  /** Writes every buffered update now (shutdown, tests). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.buffers.keys()].map((name) => this.flush(name)));
  }

  /** Writes the buffered updates of one document now and waits for them. */
  async flush(documentName: string): Promise<void> {
    const buffer = this.buffers.get(documentName);
    if (!buffer) return;
    if (buffer.retry) clearTimeout(buffer.retry);
    buffer.retry = null;
    for (let attempt = 0; attempt < 3 && (buffer.inflight.size || buffer.pending.length); attempt++) {
      this.write(documentName, buffer);
      await Promise.all([...buffer.inflight].map((write) => write.done.catch(() => {})));
    }
  }

  /** Resolves once every update of `document` accepted so far is stored; null when that is already so. */
  private durable(document: Document): Promise<void> | null {
    const buffer = this.buffers.get(document.name);
    if (!buffer) return null;
    if (buffer.pending.length) return new Promise((resolve) => buffer.waiting.push(resolve));
    const latest = buffer.latest;
    if (latest) return new Promise((resolve) => latest.waiting.push(resolve));
    return null;
  }

  private record(documentName: string, update: Uint8Array, origin: unknown): void {
    if (!logOf(documentName)) return;
    // Redis-relayed updates were logged by the instance that accepted them; storage diffs are stored already.
    if (isTransactionOrigin(origin) && (origin.source === 'redis' || origin === STORAGE_ORIGIN)) return;
    const buffer = this.bufferFor(documentName);
    buffer.pending.push(update);
    this.schedule(documentName, buffer);
  }

  private bufferFor(documentName: string): Buffer {
    let buffer = this.buffers.get(documentName);
    if (!buffer) {
      buffer = { pending: [], waiting: [], inflight: new Set(), latest: null, retry: null, lastWriteAt: 0, gather: null };
      this.buffers.set(documentName, buffer);
    }
    return buffer;
  }

  /** Writes now unless MAX_INFLIGHT INSERTs are in flight (the first to finish writes what gathered), the last one started less than GATHER_MS ago, or a retry waits. */
  private schedule(documentName: string, buffer: Buffer): void {
    if (buffer.retry || buffer.gather || buffer.inflight.size >= MAX_INFLIGHT || buffer.pending.length === 0) return;
    const wait = buffer.lastWriteAt + GATHER_MS - Date.now();
    if (wait <= 0) return this.write(documentName, buffer);
    buffer.gather = setTimeout(() => {
      buffer.gather = null;
      this.schedule(documentName, buffer);
    }, wait);
  }

  private write(documentName: string, buffer: Buffer): void {
    const batch = buffer.pending.splice(0);
    if (batch.length === 0) return;
    if (buffer.gather) clearTimeout(buffer.gather);
    buffer.gather = null;
    buffer.lastWriteAt = Date.now();
    const write: Write = { waiting: buffer.waiting.splice(0), done: Promise.resolve() };
    const settle = () => {
      buffer.inflight.delete(write);
      if (buffer.latest === write) buffer.latest = null;
    };
    buffer.inflight.add(write);
    buffer.latest = write;
    write.done = logOf(documentName)!(this.db, [batch.length === 1 ? batch[0] : Y.mergeUpdates(batch)])
      .then(() => {
        settle();
        write.waiting.forEach((release) => release());
        this.schedule(documentName, buffer);
      })
      .catch((error: unknown) => {
        settle();
        // The page or issue row is gone for good (project deleted): nothing left to keep these updates for.
        if (/foreign key/i.test(String((error as Error)?.message))) return write.waiting.forEach((release) => release());
        buffer.pending.unshift(...batch);
        buffer.waiting.unshift(...write.waiting);
        console.error('[collab] could not log document updates; retrying', error);
        buffer.retry ??= setTimeout(() => {
          buffer.retry = null;
          this.schedule(documentName, buffer);
        }, RETRY_MS);
        throw error;
      });
    write.done.catch(() => {});
  }
}

/** How the updates of a document are logged: a page's in page_updates, an issue description's in issue_description_updates; null for any other name. */
function logOf(documentName: string): ((db: Db, updates: Uint8Array[]) => Promise<void>) | null {
  if (isUuid(documentName)) return (db, updates) => appendPageUpdates(db, documentName, updates);
  const issueId = issueIdOfDocument(documentName);
  return issueId ? (db, updates) => appendIssueDescriptionUpdates(db, issueId, updates) : null;
}

/** Whether an outgoing Hocuspocus frame (document address, then message type) is a SyncStatus acknowledgement. */
function isSyncStatus(message: Uint8Array): boolean {
  let offset = 0;
  const readVarUint = () => {
    let value = 0;
    for (let shift = 0; offset < message.length && shift < 35; shift += 7) {
      const byte = message[offset++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return -1;
  };
  const addressLength = readVarUint();
  if (addressLength < 0) return false;
  offset += addressLength;
  return readVarUint() === MessageType.SyncStatus;
}
