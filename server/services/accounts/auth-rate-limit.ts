// Rate limits of API.md for every /auth/ POST: RATE_LIMIT_AUTH_PER_MIN per client address and
// RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN per email in the body → 429 5900; on sign-in and sign-up routes
// also RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR failed attempts per address, whatever the emails
// (password spraying: a few guesses at each of many accounts stays under every per-email limit).
// Fixed windows counted by @fastify/rate-limit (plugins/rate-limit.ts: in memory, or shared by all
// processes in Redis when REDIS_URL is set). The client address is request.ip, which follows
// X-Forwarded-For only from the proxies TRUST_PROXY names; an IPv6 client usually holds a whole /64
// and can pick any address in it, so its /64 counts as one client (normalizeIP).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ServerContext } from '../../context';
import { RateLimitError } from '../../errors';
import { hasReachedLimit, MAX_TRACKED_KEYS, refuseOverLimit, type RateLimiter } from '../../plugins/rate-limit';
import { bodyFields } from '../../validation';
import { normalizeEmail } from './auth';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const EMAIL_KEY_MAX_LENGTH = 320;

interface AuthLimits {
  /** /auth/ posts of the current minute, by client. */
  perClient: RateLimiter;
  /** /auth/ posts of the current minute, by the email in the body. */
  perEmail: RateLimiter;
  /** Failed sign-in and sign-up attempts of the current hour, by client. */
  failures: RateLimiter;
}

const clientKey = (request: FastifyRequest) => normalizeIP(request.ip);
const emailOf = (request: FastifyRequest) => normalizeEmail(bodyFields(request.body).email)?.slice(0, EMAIL_KEY_MAX_LENGTH) ?? '';

const limitsByApp = new WeakMap<ServerContext, AuthLimits>();

/** The app's auth limiters (one set per app, shared by every auth route). Exported for tests. */
export function authLimits(app: FastifyInstance): AuthLimits {
  let limits = limitsByApp.get(app.ctx);
  if (!limits) {
    const { config } = app.ctx;
    // `cache` bounds the in-memory store of each limiter; the option's type omits it, the store reads it.
    const limiter = (prefix: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string) =>
      app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${prefix}:${key(request)}`, cache: MAX_TRACKED_KEYS } as Parameters<FastifyInstance['createRateLimit']>[0]);
    limits = {
      perClient: limiter('auth-ip', config.RATE_LIMIT_AUTH_PER_MIN, MINUTE_MS, clientKey),
      perEmail: limiter('auth-email', config.RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN, MINUTE_MS, emailOf),
      failures: limiter('auth-failures', config.RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR, HOUR_MS, clientKey),
    };
    limitsByApp.set(app.ctx, limits);
  }
  return limits;
}

/**
 * A preHandler for auth POST routes: counts the request against its client and its email, and on
 * sign-in/sign-up routes (`signIn`) refuses a client past its failed attempts of the hour.
 * @throws RateLimitError (429, 5900) when any of them is over its limit.
 */
export function authRateLimit(app: FastifyInstance, options: { signIn?: boolean } = {}) {
  const limits = authLimits(app);
  return async function checkAuthRateLimit(request: FastifyRequest): Promise<void> {
    // The client first: one that is already limited adds no email keys, so it cannot crowd out others'.
    refuseOverLimit(await limits.perClient(request));
    if (options.signIn) {
      const failures = await limits.failures(request, { increment: false });
      if (!failures.isAllowed && hasReachedLimit(failures)) throw new RateLimitError(failures.ttl);
    }
    if (emailOf(request)) refuseOverLimit(await limits.perEmail(request));
  };
}

/** Counts a refused sign-in or sign-up (wrong password or code, unknown account, …) against its client. */
export async function recordSignInFailure(request: FastifyRequest): Promise<void> {
  await authLimits(request.server).failures(request);
}
