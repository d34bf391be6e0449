// Creates and ends sessions (stored hashed in Postgres) and sets their cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../../../db/schema/index';
import { hashSecret, randomToken } from '../../security';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '../../../shared/session-cookies';

const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;
const ADMIN_SESSION_MAX_AGE_SECONDS = 3600;

type SessionKind = 'app' | 'admin';

/** Starts a session for the user and sets its cookie; returns the hashed session id. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  kind: SessionKind = 'app',
): Promise<string> {
  const key = randomToken(48);
  const id = hashSecret(key);
  const maxAge = kind === 'app' ? SESSION_MAX_AGE_SECONDS : ADMIN_SESSION_MAX_AGE_SECONDS;
  await db.insert(sessions).values({
    id,
    userId,
    kind,
    expiresAt: new Date(Date.now() + maxAge * 1000),
    deviceInfo: { user_agent: request.headers['user-agent'] ?? null, ip_address: request.ip },
  });
  reply.setCookie(kind === 'app' ? SESSION_COOKIE : ADMIN_SESSION_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.isHttps,
    maxAge,
  });
  return id;
}

/** Ends one session (by hashed id) and clears its cookie. */
export async function endSession(db: Db, reply: FastifyReply, sessionId: string | null, kind: SessionKind = 'app') {
  if (sessionId) await db.delete(sessions).where(eq(sessions.id, sessionId));
  reply.clearCookie(kind === 'app' ? SESSION_COOKIE : ADMIN_SESSION_COOKIE, { path: '/' });
}

/** Deletes every session of a user, optionally keeping one (password change keeps the caller's). */
export async function endAllSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}
