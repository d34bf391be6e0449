// Rate limits of API.md for every /auth/ POST: RATE_LIMIT_AUTH_PER_MIN per client IP and
// RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN per email in the body → 429 5900. Fixed one-minute windows
// kept in memory per process: with several server processes the effective limit is per process
// times their number, which is acceptable for slowing guessing (codes also lock after 5 guesses).
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { RateLimitError } from '../errors';
import { bodyFields } from './auth-reply';
import { normalizeEmail } from './auth';

const WINDOW_MS = 60_000;
const MAX_TRACKED_KEYS = 50_000;

type Windows = Map<string, { start: number; count: number }>;
const windowsByApp = new WeakMap<ServerContext, Windows>();

function hit(windows: Windows, key: string, limit: number, now: number): boolean {
  const window = windows.get(key);
  if (!window || now - window.start >= WINDOW_MS) {
    if (windows.size >= MAX_TRACKED_KEYS) prune(windows, now);
    windows.set(key, { start: now, count: 1 });
    return 1 <= limit;
  }
  window.count += 1;
  return window.count <= limit;
}

function prune(windows: Windows, now: number): void {
  for (const [key, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(key);
  // Security: under a flood of distinct keys, forget the oldest rather than grow without bound.
  if (windows.size >= MAX_TRACKED_KEYS) windows.clear();
}

/**
 * A preHandler for auth POST routes: counts the request against its IP and its email.
 * @throws RateLimitError (429, 5900) when either is over its limit.
 */
export function authRateLimit(ctx: ServerContext) {
  let windows = windowsByApp.get(ctx);
  if (!windows) {
    windows = new Map();
    windowsByApp.set(ctx, windows);
  }
  const tracked = windows;
  return async function checkAuthRateLimit(request: FastifyRequest): Promise<void> {
    const now = Date.now();
    const ipAllowed = hit(tracked, `ip:${request.ip}`, ctx.config.RATE_LIMIT_AUTH_PER_MIN, now);
    const email = normalizeEmail(bodyFields(request.body).email);
    const emailAllowed = email ? hit(tracked, `email:${email.slice(0, 320)}`, ctx.config.RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN, now) : true;
    if (!ipAllowed || !emailAllowed) throw new RateLimitError();
  };
}
