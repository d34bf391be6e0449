// Open sockets end with their credentials: signing out, a session expiring, an API key revoked or
// expiring, or the account deactivated closes every socket opened with it (4001), on every server
// instance, within one ping interval. One sweep per interval checks the credentials of all the
// instance's sockets in two queries, so the cost does not grow with a query per socket.
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, sessions, users } from '../../db/schema/index';
import { LiveCloseCode } from '../../shared/live-protocol';
import { usableApiToken } from '../../db/identity';

/** What a socket was opened with: the session row or the API key row. */
export type SocketCredential = { kind: 'session' | 'api_key'; id: string };

interface Credentialed {
  readonly auth: { credential: SocketCredential };
  close(code: number, reason: string): void;
}

/** The ids among `sessionIds` / `tokenIds` that still authenticate an active user. */
async function stillValid(db: Db, sessionIds: string[], tokenIds: string[]): Promise<Set<string>> {
  const now = new Date();
  const [liveSessions, liveTokens] = await Promise.all([
    sessionIds.length
      ? db
          .select({ id: sessions.id })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), eq(users.isActive, true)))
      : [],
    tokenIds.length
      ? db
          .select({ id: apiTokens.id })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(and(inArray(apiTokens.id, tokenIds), usableApiToken(now), eq(users.isActive, true)))
      : [],
  ]);
  return new Set([...liveSessions, ...liveTokens].map((row) => row.id));
}

/** Closes every socket of `connections` whose credential no longer authenticates. */
async function closeEndedCredentials(db: Db, connections: Iterable<Credentialed>): Promise<void> {
  const open = [...connections];
  if (open.length === 0) return;
  const ids = (kind: SocketCredential['kind']) => [...new Set(open.filter((c) => c.auth.credential.kind === kind).map((c) => c.auth.credential.id))];
  const valid = await stillValid(db, ids('session'), ids('api_key'));
  for (const connection of open) {
    if (!valid.has(connection.auth.credential.id)) connection.close(LiveCloseCode.UNAUTHORIZED, 'signed out');
  }
}

/** Sweeps every `intervalMs`; returns a function that stops it. */
export function scheduleCredentialSweep(db: Db, connections: Set<Credentialed>, intervalMs: number, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void closeEndedCredentials(db, connections).catch(onError), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
