// Request loggers (request-logger.ts): a request that logs nothing at the enabled levels makes no pino
// child; one that does writes the same line as before, bound to its request id.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { lazyRequestLogger } from './request-logger';

function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger, genReqId: () => 'req-1' });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof child;
  app.get('/quiet', async (request) => (request.log.info('only at info'), { ok: true }));
  app.get('/warns', async (request) => (request.log.warn({ detail: 7 }, 'something odd'), { ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  return { app, lines, children: () => children };
}

describe('request loggers', () => {
  test('are what the app makes its requests log with', async () => {
    const { createHttpServer } = await import('./app');
    const { loadConfig } = await import('./config');
    const app = await createHttpServer({ config: loadConfig({ SECRET_KEY: 'test-secret-key-0123456789abcdef', DATA_DIR: '/tmp/trellis-test-data', LOG_LEVEL: 'silent' }, { persistSecret: false }) } as never);
    expect(app.childLoggerFactory).toBe(lazyRequestLogger);
    await app.close();
  });

  test('at warn, a request that logs nothing above info makes no child logger', async () => {
    const { app, lines, children } = appLoggingAt('warn');
    await app.ready();
    const atStart = children();
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(children()).toBe(atStart);
    expect(lines).toEqual([]);
  });

  test('a warning or a server error is written once, with the request id', async () => {
    const { app, lines, children } = appLoggingAt('warn');
    await app.ready();
    const atStart = children();
    await app.inject({ url: '/warns' });
    expect(lines).toEqual([expect.objectContaining({ level: 40, reqId: 'req-1', detail: 7, msg: 'something odd' })]);
    expect(children()).toBe(atStart + 1);
    lines.length = 0;
    expect((await app.inject({ url: '/fails' })).statusCode).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ level: 50, reqId: 'req-1', err: expect.objectContaining({ message: 'boom' }) })]);
  });

  test('at info, every request is logged as Fastify logs it, with its request id', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['only at info', 'req-1'],
      ['request completed', 'req-1'],
    ]);
  });
});
