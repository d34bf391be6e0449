// The writes the collaboration server needs that belong to the REST domain: they change rows clients
// are showing, so they record change events (server/live/record-change.ts) inside their transaction.
// collab/ may not import server/ (tests/architecture.test.ts): the composition root
// (boot/collab-service.ts) implements these with the server's services and hands them in.
import type * as Y from 'yjs';

/**
 * The writes the collaboration server asks of the REST domain. Each runs in one transaction that
 * records its change event (server/live/record-change.ts), exactly as the same change over REST.
 */
export interface CollabWrites {
  /** A page's title was edited: rename the page (no-op when unchanged, locked or archived). */
  renamePageFromTitle(pageId: string, name: string, actorId: string | null): Promise<void>;
  /**
   * An issue description document is stored: save it as an issue update (version, activity,
   * change event). Returns what storage had that `doc` lacks, to merge into the live document.
   */
  storeIssueDescription(issueId: string, doc: Y.Doc, actorId: string | null): Promise<Uint8Array | null>;
}
