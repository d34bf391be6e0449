// Rate limits of API.md for every /auth/ POST: RATE_LIMIT_AUTH_PER_MIN per client address and
// RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN per email in the body → 429 5900; on sign-in and sign-up routes
// also RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR failed attempts per address, whatever the emails
// (password spraying: a few guesses at each of many accounts stays under every per-email limit).
// Fixed windows kept in memory per process (rate-windows.ts): with several server processes the
// effective limit is per process times their number, which is acceptable for slowing guessing
// (codes also lock after 5 guesses). The client address is request.ip, which follows
// X-Forwarded-For only from the proxies TRUST_PROXY names.
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { RateLimitError } from '../errors';
import { bodyFields } from './auth-reply';
import { normalizeEmail } from './auth';
import { RateWindows } from './rate-windows';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

interface AuthLimits {
  /** `ip:<client>` and `email:<address>` counts of the current minute. */
  perMinute: RateWindows;
  /** Failed sign-in and sign-up attempts of the current hour, by client. */
  failures: RateWindows;
}

const limitsByApp = new WeakMap<ServerContext, AuthLimits>();

/** The app's counters (one set per app, shared by every auth route). Exported for tests. */
export function authLimits(ctx: ServerContext): AuthLimits {
  let limits = limitsByApp.get(ctx);
  if (!limits) {
    limits = { perMinute: new RateWindows(MINUTE_MS), failures: new RateWindows(HOUR_MS) };
    limitsByApp.set(ctx, limits);
  }
  return limits;
}

/**
 * The key of a client address. An IPv6 client usually holds a whole /64 and can pick any address
 * in it, so it counts as one client; IPv4 (also IPv4-mapped IPv6) counts per address.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * A preHandler for auth POST routes: counts the request against its client and its email, and on
 * sign-in/sign-up routes (`signIn`) refuses a client past its failed attempts of the hour.
 * @throws RateLimitError (429, 5900) when any of them is over its limit.
 */
export function authRateLimit(ctx: ServerContext, options: { signIn?: boolean } = {}) {
  const limits = authLimits(ctx);
  const { config } = ctx;
  return async function checkAuthRateLimit(request: FastifyRequest): Promise<void> {
    const now = Date.now();
    const client = clientKey(request.ip);
    // The client first: one that is already limited adds no email keys, so it cannot crowd out others'.
    if (limits.perMinute.hit(`ip:${client}`, now) > config.RATE_LIMIT_AUTH_PER_MIN) throw new RateLimitError();
    if (options.signIn && limits.failures.count(client, now) >= config.RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR) throw new RateLimitError();
    const email = normalizeEmail(bodyFields(request.body).email);
    if (email && limits.perMinute.hit(`email:${email.slice(0, 320)}`, now) > config.RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN) throw new RateLimitError();
  };
}

/** Counts a refused sign-in or sign-up (wrong password or code, unknown account, …) against its client. */
export function recordSignInFailure(ctx: ServerContext, request: FastifyRequest): void {
  authLimits(ctx).failures.hit(clientKey(request.ip));
}
