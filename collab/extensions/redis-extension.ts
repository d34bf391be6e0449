// Scale-out (DESIGN "Processes"): several collab processes share open documents through Redis
// pub/sub; its store lock lets only one of them compact a page at a time. Used only with REDIS_URL,
// so the package (and its own ioredis) is imported only then: loading it is a noticeable part of a
// start that does not need it.
import type { Redis } from '@hocuspocus/extension-redis';

/** The Redis extension for `redisUrl` (redis:// or rediss://, with optional password and db). */
export async function createRedisExtension(redisUrl: string): Promise<Redis> {
  const { Redis } = await import('@hocuspocus/extension-redis');
  const url = new URL(redisUrl);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  return new Redis({
    host: url.hostname,
    port: Number(url.port || 6379),
    options: {
      password: url.password ? decodeURIComponent(url.password) : undefined,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      db: Number.isFinite(db) ? db : undefined,
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  });
}
