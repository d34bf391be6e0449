// The baseline server of bench/read-ratios.ts: a bare Fastify app (no plugins, no ORM) that, for
// each path of the spec file (BARE_READ_SPEC), sends the same SQL statements the API sends for that
// request — the session's first, then the others at once, each prepared or not as the app sends it, with the bare `postgres` driver — and answers the
// API's own response bytes. What is left between it and Trellis is the app's own work per request.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import postgres from 'postgres';
import { listenBare } from './bare-listen';

interface Route {
  path: string;
  statements: Array<{ sql: string; params: unknown[]; prepare?: boolean }>;
  body: string;
}

const routes: Route[] = JSON.parse(readFileSync(process.env.BARE_READ_SPEC!, 'utf8'));
const byUrl = new Map(routes.map((route) => [route.path, route]));
const sql = postgres(process.env.DATABASE_URL!, { max: Number(process.env.BENCH_POOL ?? 16), onnotice: () => {}, connection: { jit: 'off' } });
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const route = byUrl.get(request.url);
  if (!route) return reply.code(404).send({ error: 'no such route in the spec' });
  // As bench/read-ratios.ts's bare client: the session's statement, then the others at once.
  const send = (statement: Route['statements'][number]) => sql.unsafe(statement.sql, statement.params as never[], { prepare: statement.prepare ?? true });
  const [first, ...rest] = route.statements;
  await send(first);
  await Promise.all(rest.map(send));
  return reply.type('application/json; charset=utf-8').send(route.body);
});
await listenBare(app, () => sql.end());
