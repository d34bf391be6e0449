// What the error plugin answers for failures no route check catches (issue #24): a constraint or type
// error the input caused in the database (400, a unique clash 409), an unreachable database (503 with
// Retry-After, for real: connections terminated and refused), and a body above the limit sent over a
// real socket (413 with the contract's body, not a connection reset while the client is still sending).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import errorsPlugin from './errors';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildUser, setupInstance } from '../../tests/support/factories';

describe.each(availableDrivers())('database errors caused by the input (%s)', (driver) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await database.query(sql.raw('create table errors_parent (id int primary key)'));
    await database.query(sql.raw('create table errors_child (parent_id int references errors_parent (id), n int check (n > 0), t varchar(3) not null)'));
    await database.query(sql.raw('insert into errors_parent values (1)'));
    // The real plugin in front of a route that runs the statement it is given on the real database.
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post<{ Body: { statement: string } }>('/run', async (request) => {
      await database.query(sql.raw(request.body.statement));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const run = (statement: string) => app.inject({ method: 'POST', url: '/run', payload: { statement } });

  test.each([
    ['foreign key (23503)', 'insert into errors_child values (999, 1, $$a$$)'],
    ['check (23514)', 'insert into errors_child values (1, -1, $$a$$)'],
    ['not null (23502)', 'insert into errors_child values (1, 1, null)'],
    ['invalid text representation (22P02)', 'select $$not-a-uuid$$::uuid'],
    ['value too long (22001)', 'insert into errors_child values (1, 1, $$abcd$$)'],
  ])('%s answers 400 in the contract format', async (_name, statement) => {
    const response = await run(statement);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  test('a unique clash answers 409; any other database error stays a 500', async () => {
    expect((await run('insert into errors_parent values (1)')).statusCode).toBe(409);
    const other = await run('select 1 / 0');
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ error: 'Something went wrong please try again later' });
  });
});

describe.each(availableDrivers())('while the database is down (%s)', (driver) => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await createTestServer({ driver });
    await setupInstance(server);
    headers = (await buildUser(server)).headers;
  });
  afterAll(async () => {
    // PGlite was closed by the test: closing it again may throw.
    await server?.close().catch(() => undefined);
  });

  test('API calls answer 503 with Retry-After, and work again once it is back', async () => {
    const me = () => server.inject({ method: 'GET', url: '/api/users/me/', headers });
    expect((await me()).statusCode).toBe(200);
    const url = server.database.url;
    if (driver === 'postgres' && url) {
      // Really down: every connection of this database killed, new ones refused.
      const name = new URL(url).pathname.slice(1);
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`alter database "${name}" allow_connections false`);
        await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
        for (let attempt = 0; attempt < 3; attempt++) {
          const down = await me();
          expect(down.statusCode).toBe(503);
          expect(down.headers['retry-after']).toBe('5');
          expect(down.json()).toEqual({ error: expect.any(String) });
        }
      } finally {
        await admin.unsafe(`alter database "${name}" allow_connections true`);
        await admin.end();
      }
      expect((await me()).statusCode).toBe(200);
    } else {
      await server.database.close();
      const down = await me();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ error: expect.any(String) });
    }
  });
});

describe('a body above the limit over a real socket', () => {
  let server: TestServer;
  let base: string;
  /** Per answered request: had the whole request body arrived when the answer was finished? */
  const bodyReadAtAnswer: boolean[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    base = await server.listen();
    server.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      response.once('finish', () => bodyReadAtAnswer.push(request.complete));
    });
  });
  afterAll(async () => server?.close());

  /**
   * Sends 12 MiB of JSON (with a length, or chunked from a stream) and resolves with the answer or the
   * error the client saw; also waits until the whole body was written, as a client does.
   */
  async function sendHugeBody(chunked: boolean): Promise<{ status: number; body: string } | { error: string }> {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const chunks = Array.from({ length: 12 }, () => chunk);
    const body = chunked ? Readable.from(chunks) : Buffer.concat(chunks);
    try {
      const response = await fetch(`${base}/auth/email-check/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body as unknown as BodyInit,
        duplex: 'half',
      } as RequestInit);
      return { status: response.status, body: await response.text() };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { error: cause?.code ?? cause?.message ?? String(error) };
    }
  }

  test.each([false, true])('12 MiB (chunked: %s) gets 413 with the contract body, not a reset', async (chunked) => {
    bodyReadAtAnswer.length = 0;
    const answer = await sendHugeBody(chunked);
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ error: 'The request body is too large.' }) });
    // Whether the client sees a reset depends on the timing of its writes; what prevents it does not:
    // the server read the whole body before it answered.
    expect(bodyReadAtAnswer).toEqual([true]);
  });
});
