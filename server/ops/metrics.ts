// GET /metrics — Prometheus text format through prom-client (README "Health and metrics").
// Served only when METRICS_TOKEN is set, and then only to `Authorization: Bearer <METRICS_TOKEN>`:
// the numbers (routes, load, queue depth) are nobody else's business, and without a token there is
// no way to tell the scraper from anyone else on the public port.
//
// Each app has its own registry (tests run many apps in one process). What is measured:
//   trellis_http_requests_total / trellis_http_request_duration_seconds  per method, route, status
//   trellis_live_sockets, trellis_change_log_lag_seconds                   live stream of this process
//   trellis_collab_documents, trellis_collab_connections                   collaboration of this process
//   trellis_jobs{queue,status}                                             background job queue depth and failures
//   trellis_db_connections{state}                                          database connections (pg_stat_activity)
//   process_* and nodejs_*                                                 prom-client's default metrics
// Without METRICS_TOKEN nobody may read them, so none are kept: no registry, no per-request hook,
// and prom-client is not even loaded (its default metrics were a noticeable part of a start).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import { metricsResponses } from '../../shared/schemas/ops';
import { NotFoundError } from '../errors';
import { liveEngineOf } from '../live/engine';

/** What the collaboration service of this process reports (absent in processes without it). */
interface CollabGauges {
  documents(): number;
  connections(): number;
}

/** Adds GET /metrics, and with METRICS_TOKEN the collection of what it serves. */
export async function registerMetrics(app: FastifyInstance, options: { collab?: CollabGauges } = {}): Promise<void> {
  const token = app.ctx.config.METRICS_TOKEN;
  const scrape = token ? await startCollecting(app, options) : null;
  app.get('/metrics', { config: { access: 'public' }, logLevel: 'warn', schema: { response: metricsResponses } }, async (request, reply) => {
    // Answered here, not thrown: a collab-only process has no error handler of ours to shape them.
    // Security: without the right token the endpoint does not exist (404, as with no token set), so
    // a scan of the public port cannot tell it is there (README "Health, metrics and upgrades").
    if (!scrape || !token || !bearerMatches(request, token)) return reply.code(404).send(new NotFoundError().body);
    return reply.type(scrape.registry.contentType).send(await scrape.read());
  });
}

/** Creates the registry and its metrics and starts counting requests; `read` renders a scrape. */
async function startCollecting(app: FastifyInstance, options: { collab?: CollabGauges }): Promise<{ registry: Registry; read: () => Promise<string> }> {
  const { ctx } = app;
  // The default export: prom-client is CommonJS, and esbuild's chunk of it (the server bundle) has no named exports.
  const { default: prom } = await import('prom-client');
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = prom;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: 'trellis_http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const latency = new Histogram({
    name: 'trellis_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids in paths would make one series per issue.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({ name: 'trellis_live_sockets', help: 'Open live-stream sockets on this process.', registers: [registry], collect() { this.set(liveEngineOf(ctx)?.connections.size ?? 0); } });
  new Gauge({ name: 'trellis_change_log_lag_seconds', help: 'Commit-to-dispatch delay of the last change this process fanned out.', registers: [registry], collect() { this.set((liveEngineOf(ctx)?.reader.lagMs ?? 0) / 1000); } });
  const { collab } = options;
  new Gauge({ name: 'trellis_collab_documents', help: 'Collaborative documents open on this process.', registers: [registry], collect() { this.set(collab?.documents() ?? 0); } });
  new Gauge({ name: 'trellis_collab_connections', help: 'Editor connections to this process.', registers: [registry], collect() { this.set(collab?.connections() ?? 0); } });

  const jobs = new Gauge({ name: 'trellis_jobs', help: 'Background jobs by queue and status (pending and running: depth; failed: given up).', labelNames: ['queue', 'status'] as const, registers: [registry] });
  const connections = new Gauge({ name: 'trellis_db_connections', help: 'Connections to this database by state (all processes).', labelNames: ['state'] as const, registers: [registry] });

  /** Database-backed gauges are read once per scrape, not per collect of each gauge. */
  async function readDatabaseGauges(): Promise<void> {
    jobs.reset();
    const rows = await ctx.database.query<{ queue: string; status: string; count: number }>(sql`select queue, status, count(*)::int as count from jobs group by queue, status`);
    for (const row of rows) jobs.set({ queue: row.queue, status: row.status }, row.count);
    connections.reset();
    const states = await ctx.database.query<{ state: string | null; count: number }>(sql`select state, count(*)::int as count from pg_stat_activity where datname = current_database() group by state`);
    for (const row of states) connections.set({ state: row.state ?? 'unknown' }, row.count);
  }

  return {
    registry,
    read: async () => {
      await readDatabaseGauges();
      return registry.metrics();
    },
  };
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  // Constant time: the comparison must not tell an attacker how much of the token they got right.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
