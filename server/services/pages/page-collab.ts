// How REST services reach live page documents: through the collaboration server of this process
// when it runs one (ctx.collab, handed over by the composition root, boot/collab-service.ts);
// otherwise (TRELLIS_ROLE=server) through storage, telling the collaboration processes over Postgres
// NOTIFY to merge the change into their open documents or to drop the page's editors.
import * as Y from 'yjs';
import type { CollabCloseCode } from '../../../shared/collab-close-codes';
import { PAGE_DISCONNECT_CHANNEL, PAGE_UPDATE_CHANNEL, type PageCollabBridge } from '../../../shared/collab-documents';
import { loadStoredState, loadStoredStateInto, storePageSnapshot } from '../../../db/page-storage';
import type { ServerContext } from '../../context';

export type { PageCollabBridge } from '../../../shared/collab-documents';

declare module '../../context' {
  interface ServerContext {
    /** The collaboration server of this process (absent when it runs elsewhere). */
    collab?: PageCollabBridge;
  }
}

/** Names this process as the origin of its NOTIFYs; collab processes act on every origin but their own. */
const STORAGE_ORIGIN = 'rest';

/**
 * Applies `change` to the page body: live when the collaboration server runs here, else on the
 * stored state, compacted at once (derived html, version) as the collaboration server would on store.
 */
export async function changePageDocument(ctx: ServerContext, pageId: string, change: (doc: Y.Doc) => void, actorId: string | null): Promise<void> {
  if (ctx.collab) return ctx.collab.transact(pageId, change, actorId);
  const doc = new Y.Doc();
  try {
    if (!(await loadStoredStateInto(ctx.db, pageId, doc))) return;
    change(doc);
    await storePageSnapshot(ctx.db, pageId, doc, actorId);
  } finally {
    doc.destroy();
  }
  await ctx.database.notify(PAGE_UPDATE_CHANNEL, `${STORAGE_ORIGIN}:${pageId}`).catch(() => {});
}

/** The current state of a page body: the live document if open here, else storage. */
export async function currentPageState(ctx: ServerContext, pageId: string): Promise<Uint8Array | null> {
  return ctx.collab?.liveState(pageId) ?? loadStoredState(ctx.db, pageId);
}

/** Sends open editors of the pages away so they reconnect with their new permissions. */
export function disconnectPageEditors(ctx: ServerContext, pageIds: string[], code: CollabCloseCode): void {
  for (const pageId of pageIds) {
    if (ctx.collab) ctx.collab.disconnect(pageId, code);
    else ctx.database.notify(PAGE_DISCONNECT_CHANNEL, `${STORAGE_ORIGIN}:${pageId}:${code}`).catch(() => {});
  }
}
