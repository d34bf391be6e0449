// WebSocket close codes the collaboration server (/collab) uses, so the client can tell why its
// editor connection dropped and what to do next. Application codes live in the 4000–4999 range.

/** Why the server closed a /collab connection. */
export const CollabCloseCode = {
  /** The page's permissions changed (lock, archive, access, role); reconnect to get the new scope. */
  PERMISSIONS_CHANGED: 4003,
  /** The page was locked: reconnect, the editor comes back read-only. */
  PAGE_LOCKED: 4701,
  /** The page was archived: reconnect, the editor comes back read-only. */
  PAGE_ARCHIVED: 4702,
  /** The page was deleted: do not reconnect. */
  PAGE_DELETED: 4404,
  /** The document would exceed the size limit. */
  CONTENT_TOO_LARGE: 4413,
} as const;
export type CollabCloseCode = (typeof CollabCloseCode)[keyof typeof CollabCloseCode];

/** Human-readable reasons sent with each close code. */
export const COLLAB_CLOSE_REASON: Record<CollabCloseCode, string> = {
  [CollabCloseCode.PERMISSIONS_CHANGED]: 'permissions-changed',
  [CollabCloseCode.PAGE_LOCKED]: 'page-locked',
  [CollabCloseCode.PAGE_ARCHIVED]: 'page-archived',
  [CollabCloseCode.PAGE_DELETED]: 'page-deleted',
  [CollabCloseCode.CONTENT_TOO_LARGE]: 'content-too-large',
};
