// WebSocket close codes of the live stream (API.md "Live"). No imports: the browser bundle reads
// these without pulling in the message schemas of live-protocol.ts.
/**
 * Close codes the server uses on /live. The client reconnects (with its last id) after any close
 * except UNAUTHORIZED and FORBIDDEN, which need the user to act.
 */
export const LiveCloseCode = {
  /** Server shutting down; reconnect. */
  GOING_AWAY: 1001,
  /** No valid session cookie or API key. */
  UNAUTHORIZED: 4001,
  /** Not a member of the workspace (or no longer), or a foreign origin. */
  FORBIDDEN: 4003,
  /** The socket's send buffer passed the server's bound; reconnect with the last id. */
  SLOW_CONSUMER: 4008,
  /** No frame from the client for too long (pongs count). */
  IDLE_TIMEOUT: 4010,
  /** A frame that is not a valid client message. */
  BAD_MESSAGE: 4400,
  /** The client subscribed with another protocol version (after a `version_mismatch` message): reload the page. */
  OUTDATED_CLIENT: 4426,
} as const;
export type LiveCloseCode = (typeof LiveCloseCode)[keyof typeof LiveCloseCode];
