// The counters behind API.md's rate limits, on @fastify/rate-limit. Without REDIS_URL they live in
// this process's memory (each server process then counts alone, so N processes allow N times the
// limit); with REDIS_URL every process counts in the same Redis keys and the limit holds for the
// whole deployment. The plugin only provides the store: the limits themselves are built where they
// apply (services/accounts/auth-rate-limit.ts, plugins/session.ts) with `app.createRateLimit`, and answer
// with our own 429 body and a Retry-After header (no x-ratelimit-* headers).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RateLimitError } from '../errors';

/**
 * Keys one in-memory limiter tracks before it forgets the least recently counted one. A flood of
 * distinct addresses or emails then evicts idle keys, not a client that keeps trying and is limited.
 */
export const MAX_TRACKED_KEYS = 50_000;

/** Prefix of every rate-limit key in Redis (the collab Redis extension uses its own). */
const REDIS_NAMESPACE = 'trellis:rate-limit:';

/** A counter made by `app.createRateLimit`: counts the request (or only reads, `{increment: false}`). */
export type RateLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Throws the 429 of API.md, with how long until the window resets, when `answer` is over its limit. */
export function refuseOverLimit(answer: Awaited<ReturnType<RateLimiter>>): void {
  if (!answer.isAllowed && answer.isExceeded) throw new RateLimitError(answer.ttl);
}

/** True when a count read with `{increment: false}` has reached the limit (the next one would pass it). */
export function hasReachedLimit(answer: Awaited<ReturnType<RateLimiter>>): boolean {
  return !answer.isAllowed && answer.remaining === 0;
}

async function rateLimitPlugin(app: FastifyInstance) {
  const redisUrl = app.ctx.config.REDIS_URL;
  const redis = redisUrl ? await connectRedis(app, redisUrl) : null;
  await app.register(rateLimit, {
    // Nothing is limited by default: each limit is created and applied where API.md places it.
    global: false,
    ...(redis ? { redis, nameSpace: REDIS_NAMESPACE } : {}),
    // Security trade-off: while Redis is unreachable the limits pause (logged) rather than every
    // sign-in failing with a 500; codes and passwords still lock on their own guess counts.
    skipOnError: true,
  });
  if (redis) app.addHook('onClose', async () => redis.disconnect());
}

// ioredis is imported only with REDIS_URL: most processes never use it, and loading it is a
// noticeable part of a start (its command table is built as the module is evaluated).
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // The default export, not `{ Redis }`: ioredis is CommonJS, and esbuild's chunk of it (the server
  // bundle) has no named exports.
  const { default: Redis } = await import('ioredis');
  // One attempt per command: a request waits for at most one reconnect, never for Redis to return.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error) => {
    if (!down) app.log.warn({ err: error }, 'rate-limit Redis unreachable: rate limits are not counted until it is back');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
