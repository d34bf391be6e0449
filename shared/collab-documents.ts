// Names of the live documents on /collab. A page's document is named by the page id (the original
// scheme, kept); an issue description's by `issue.<issue id>`, so the two kinds never collide and
// the collab server can tell from the name which rules and storage apply.
import type * as Y from 'yjs';
import type { CollabCloseCode } from './collab-close-codes';
import { isUuid } from './schemas/common';

const ISSUE_PREFIX = 'issue.';

/** The /collab document name of an issue's description. */
export function issueDocumentName(issueId: string): string {
  return `${ISSUE_PREFIX}${issueId}`;
}

/** The issue id of an issue description document name, or null for any other name. */
export function issueIdOfDocument(documentName: string): string | null {
  if (!documentName.startsWith(ISSUE_PREFIX)) return null;
  const id = documentName.slice(ISSUE_PREFIX.length);
  return isUuid(id) ? id : null;
}

/** Postgres channel naming an issue document whose stored state changed outside the editors (REST). */
export const ISSUE_DOC_UPDATE_CHANNEL = 'trellis_collab_issue_update';

/** Postgres channel that tells every collab process to drop a page's editors (lock, archive, …): `origin:pageId:code`. */
export const PAGE_DISCONNECT_CHANNEL = 'trellis_collab_disconnect';

/**
 * Postgres channel on which a process that changed a page body outside any editor (REST PATCH
 * description/, a rename, a version restore) names the page (`origin:pageId`), so collab processes
 * holding it open merge the stored state into their live document — the path that works without Redis.
 */
export const PAGE_UPDATE_CHANNEL = 'trellis_collab_update';

/**
 * How REST reaches live page documents. The collaboration server implements it (collab/server.ts)
 * and the composition root hands it to the REST side (boot/collab-service.ts); a process without a
 * collaboration server changes storage and notifies instead (server/services/pages/page-collab.ts).
 */
export interface PageCollabBridge {
  /** Runs `change` on the live document (loading it if needed); open editors see it at once. */
  transact(pageId: string, change: (doc: Y.Doc) => void, actorId: string | null): Promise<void>;
  /** The live document's full state when it is open in this process, else null. */
  liveState(pageId: string): Uint8Array | null;
  /** Closes every editor connection of the page; clients reconnect and are authorised afresh. */
  disconnect(pageId: string, code: CollabCloseCode): void;
}
