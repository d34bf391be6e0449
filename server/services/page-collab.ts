// How REST services reach live page documents: through the collaboration server of this process
// when there is one (ctx.collab, set by collab/server.ts), otherwise straight to storage.
import * as Y from 'yjs';
import type { CollabCloseCode } from '../../shared/collab-close-codes';
import type { ServerContext } from '../context';
import { appendPageUpdates, loadStoredState } from './page-storage';

/** What collab/server.ts offers the REST side. */
export interface PageCollabBridge {
  /** Runs `change` on the live document (loading it if needed); open editors see it at once. */
  transact(pageId: string, change: (doc: Y.Doc) => void, actorId: string | null): Promise<void>;
  /** The live document's full state when it is open in this process, else null. */
  liveState(pageId: string): Uint8Array | null;
  /** Closes every editor connection of the page; clients reconnect and are authorised afresh. */
  disconnect(pageId: string, code: CollabCloseCode): void;
}

declare module '../context' {
  interface ServerContext {
    /** The collaboration server of this process (absent when it runs elsewhere). */
    collab?: PageCollabBridge;
  }
}

/** Applies `change` to the page body, live when possible, else by appending to the update log. */
export async function changePageDocument(ctx: ServerContext, pageId: string, change: (doc: Y.Doc) => void, actorId: string | null): Promise<void> {
  if (ctx.collab) return ctx.collab.transact(pageId, change, actorId);
  const state = await loadStoredState(ctx.db, pageId);
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  change(doc);
  doc.destroy();
  await appendPageUpdates(ctx.db, pageId, updates);
}

/** The current state of a page body: the live document if open here, else storage. */
export async function currentPageState(ctx: ServerContext, pageId: string): Promise<Uint8Array | null> {
  return ctx.collab?.liveState(pageId) ?? loadStoredState(ctx.db, pageId);
}

/** Sends open editors of the pages away so they reconnect with their new permissions. */
export function disconnectPageEditors(ctx: ServerContext, pageIds: string[], code: CollabCloseCode): void {
  for (const pageId of pageIds) ctx.collab?.disconnect(pageId, code);
}
