// Session changes the auth flows make: rotate at sign-in, renew after a password change (ending
// every other session), and sign out with the last-logout fields (API.md "Sessions").
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { endAllSessions, endSession, startSession } from './session';

export type SessionKind = 'app' | 'admin';

/** Starts a new session of `kind` for the user; the caller's previous one of that kind ends (rotation). */
export async function signInSession(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  kind: SessionKind = 'app',
): Promise<string> {
  const previous = kind === 'app' ? request.auth.sessionId : request.auth.adminSessionId;
  if (previous) await ctx.db.delete(sessions).where(eq(sessions.id, previous));
  return startSession(ctx.db, request, reply, userId, kind);
}

/** Keeps the caller signed in under a new session id and ends every other session of the user. */
export async function renewSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const sessionId = await signInSession(ctx, request, reply, userId, 'app');
  await endAllSessions(ctx.db, userId, sessionId);
}

/** Ends the caller's session of `kind`, clears its cookie and records the logout. */
export async function signOutSession(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void> {
  const user = kind === 'app' ? request.auth.user : request.auth.adminUser;
  const sessionId = kind === 'app' ? request.auth.sessionId : request.auth.adminSessionId;
  if (user && sessionId) {
    await ctx.db.update(users).set({ lastLogoutTime: sql`now()`, lastLogoutIp: request.ip }).where(eq(users.id, user.id));
  }
  await endSession(ctx.db, reply, sessionId, kind);
}
