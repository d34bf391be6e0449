// Durable page bodies (DESIGN "Pages", sync notes item 15). Hocuspocus broadcasts first and stores on a
// debounce, so every update is also appended to page_updates through a per-document buffer flushed at
// most every FLUSH_INTERVAL_MS (crash window: that interval plus one INSERT). onStoreDocument compacts
// into pages.description_binary; onLoadDocument returns snapshot ⊕ remaining updates.
import * as Y from 'yjs';
import type {
  Extension,
  afterUnloadDocumentPayload,
  onChangePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import { isTransactionOrigin } from '@hocuspocus/server';
import type { Db } from '../../db/client';
import { isUuid } from '../../shared/schemas/common';
import { appendPageUpdates, loadStoredStateInto, storePageSnapshot } from '../../server/services/page-storage';
import type { CollabContext } from './auth-extension';

/** Longest time an accepted update waits before it is written to page_updates. */
export const FLUSH_INTERVAL_MS = 200;
const RETRY_MS = 1000;

/** Origin of updates this extension applies itself (state found in storage); never re-logged. */
export const STORAGE_ORIGIN = { source: 'local', skipStoreHooks: true, context: { fromStorage: true } } as const;

interface Buffer {
  pending: Uint8Array[];
  timer: NodeJS.Timeout | null;
  inflight: Promise<void> | null;
  lastFlushAt: number;
}

export class PersistenceExtension implements Extension {
  extensionName = 'trellis-persistence';
  private readonly buffers = new Map<string, Buffer>();

  constructor(private readonly db: Db) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    // Straight into the live document: a 1 MB page is decoded once, not decoded, re-encoded and decoded again.
    if (isUuid(documentName)) await loadStoredStateInto(this.db, documentName, document);
  }

  async onChange({ documentName, update, transactionOrigin }: onChangePayload): Promise<void> {
    // Only page documents (named by the page id) are logged here; issue descriptions: IssueDescriptionExtension.
    if (!isUuid(documentName)) return;
    // Redis-relayed updates were logged by the instance that accepted them; storage diffs are stored already.
    if (isTransactionOrigin(transactionOrigin) && (transactionOrigin.source === 'redis' || transactionOrigin === STORAGE_ORIGIN)) return;
    const buffer = this.bufferFor(documentName);
    buffer.pending.push(update);
    this.schedule(documentName, buffer);
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>): Promise<void> {
    if (!isUuid(documentName)) return;
    const buffer = this.buffers.get(documentName);
    // The document already contains everything buffered; drop it only once the snapshot is committed.
    const taken = buffer ? buffer.pending.splice(0) : [];
    try {
      const result = await storePageSnapshot(this.db, documentName, document, lastContext?.userId ?? null);
      if (result?.missing) Y.applyUpdate(document, result.missing, STORAGE_ORIGIN);
    } catch (error) {
      if (buffer) {
        buffer.pending.unshift(...taken);
        this.schedule(documentName, buffer);
      }
      throw error;
    }
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    await this.flush(documentName);
    const buffer = this.buffers.get(documentName);
    if (buffer && buffer.pending.length === 0 && !buffer.inflight) this.buffers.delete(documentName);
  }

  /** Writes every buffered update now (shutdown, tests). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.buffers.keys()].map((name) => this.flush(name)));
  }

  /** Writes the buffered updates of one document now and waits for them. */
  async flush(documentName: string): Promise<void> {
    const buffer = this.buffers.get(documentName);
    if (!buffer) return;
    if (buffer.timer) clearTimeout(buffer.timer);
    buffer.timer = null;
    for (let attempt = 0; attempt < 3 && (buffer.inflight || buffer.pending.length); attempt++) {
      if (!buffer.inflight) this.write(documentName, buffer);
      await buffer.inflight?.catch(() => {});
    }
  }

  private bufferFor(documentName: string): Buffer {
    let buffer = this.buffers.get(documentName);
    if (!buffer) {
      buffer = { pending: [], timer: null, inflight: null, lastFlushAt: 0 };
      this.buffers.set(documentName, buffer);
    }
    return buffer;
  }

  /** Leading-edge throttle: write now if the last write is old enough, else when it will be. */
  private schedule(documentName: string, buffer: Buffer, delay?: number): void {
    if (buffer.timer || buffer.inflight || buffer.pending.length === 0) return;
    const wait = delay ?? Math.max(0, buffer.lastFlushAt + FLUSH_INTERVAL_MS - Date.now());
    if (wait === 0) return this.write(documentName, buffer);
    buffer.timer = setTimeout(() => {
      buffer.timer = null;
      this.write(documentName, buffer);
    }, wait);
  }

  private write(documentName: string, buffer: Buffer): void {
    const batch = buffer.pending.splice(0);
    if (batch.length === 0) return;
    buffer.lastFlushAt = Date.now();
    buffer.inflight = appendPageUpdates(this.db, documentName, [batch.length === 1 ? batch[0] : Y.mergeUpdates(batch)])
      .then(() => {
        buffer.inflight = null;
        this.schedule(documentName, buffer);
      })
      .catch((error: unknown) => {
        buffer.inflight = null;
        // The page row is gone for good (project deleted): nothing left to keep these updates for.
        if (/foreign key/i.test(String((error as Error)?.message))) return;
        buffer.pending.unshift(...batch);
        console.error('[collab] could not log page updates; retrying', error);
        this.schedule(documentName, buffer, RETRY_MS);
        throw error;
      });
    buffer.inflight.catch(() => {});
  }
}
