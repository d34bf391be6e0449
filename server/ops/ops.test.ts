// The operator endpoints as an orchestrator and a Prometheus scraper use them (README "Health and
// metrics"): /healthz and /readyz on every role, /readyz naming what is not ready, and /metrics
// only behind METRICS_TOKEN with per-route request series, live sockets and job-queue depth.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../tests/support/server';

describe('health probes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server?.close());

  test('/healthz says the process is up; /readyz checks the database, migrations and the live listener', async () => {
    const health = await server.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, listener: { ok: true } } });
  });

  test('a database that misses a migration of this code is not ready, and /readyz says which check failed', async () => {
    const [newest] = await server.database.query<{ id: number }>(sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await server.database.query(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    const body = ready.json();
    expect(body.status).toBe('not_ready');
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.migrations.ok).toBe(false);
    expect(body.checks.migrations.error).toMatch(/1 migration\(s\) not applied/);
  });
});

describe('/metrics', () => {
  test('without METRICS_TOKEN it is not served', async () => {
    const server = await createTestServer();
    try {
      expect((await server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'scrape-token-0123456789';
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer({ env: { METRICS_TOKEN: token } });
    });
    afterAll(async () => server?.close());

    test('hides itself (404, as README says) from a request without the bearer token or with a wrong one', async () => {
      const missing = await server.inject({ method: 'GET', url: '/metrics' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'The required object does not exist.' });
      const wrong = await server.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.headers['www-authenticate']).toBeUndefined();
    });

    test('serves Prometheus text with per-route requests, live sockets, collab, jobs and process metrics', async () => {
      await server.inject({ method: 'GET', url: '/api/instances/' });
      await server.database.query(sql`insert into jobs (queue, status) values ('metrics-test', 'pending'), ('metrics-test', 'pending'), ('metrics-test', 'failed')`);
      const answer = await server.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = answer.body;
      expect(text).toMatch(/trellis_http_requests_total\{method="GET",route="\/api\/instances\/",status="200"\} 1/);
      expect(text).toMatch(/trellis_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/instances\/"\}/);
      expect(text).toMatch(/^trellis_live_sockets 0$/m);
      expect(text).toMatch(/^trellis_change_log_lag_seconds /m);
      expect(text).toMatch(/^trellis_collab_documents 0$/m);
      expect(text).toMatch(/trellis_jobs\{queue="metrics-test",status="pending"\} 2/);
      expect(text).toMatch(/trellis_jobs\{queue="metrics-test",status="failed"\} 1/);
      expect(text).toMatch(/trellis_db_connections\{state="[^"]+"\} \d+/);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      // The scrape itself is not counted, and ids never become labels.
      expect(text).not.toMatch(/route="\/metrics"/);
    });
  });
});
