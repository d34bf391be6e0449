// The short-lived signed cookie that carries state, nonce, PKCE verifier and next_path from the
// redirect to the provider to its callback (10 minutes, httpOnly, SameSite=Lax so the provider's
// top-level redirect back still sends it, scoped to /auth/).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PendingSignIn } from '../auth-oauth';

const OAUTH_STATE_COOKIE = 'oauth-state';
const MAX_AGE_SECONDS = 600;
const COOKIE_PATH = '/auth/';

export function setPendingSignIn(request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn): void {
  const value = Buffer.from(JSON.stringify(pending), 'utf8').toString('base64url');
  reply.setCookie(OAUTH_STATE_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.isHttps,
    maxAge: MAX_AGE_SECONDS,
    signed: true,
  });
}

/** The pending sign-in of this browser, or null when the cookie is missing, forged or malformed. */
export function readPendingSignIn(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[OAUTH_STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const value = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as PendingSignIn;
    return typeof value.state === 'string' && typeof value.codeVerifier === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(reply: FastifyReply): void {
  reply.clearCookie(OAUTH_STATE_COOKIE, { path: COOKIE_PATH });
}
