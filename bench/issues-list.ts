// Issue list benchmark (`npm run bench -- --only issues-list [--huge]`): 100 000 issues in one project
// on real Postgres (seeded with db/seed), four list shapes at 16 connections against a server child
// process, each p50 compared with the EXPLAIN ANALYZE time of the very statement the engine runs;
// POST issues/ throughput; and how the ungrouped page grows from 10k to 100k (1M with --huge).
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { createDatabase, type Database } from '../db/client';
import { SEEDED_TABLES, seedDemo, type SeedResult } from '../db/seed/seed';
import { analyzeAfterBulkWork } from '../db/table-maintenance';
import { groupedStatement, ungroupedStatement } from '../server/list-engine/list-issues';
import { parseListRequest } from '../server/list-engine/params';
import { projectIssueScope } from '../server/list-engine/scope';
import { freshDatabase, load, loadLine, median, ms, sessionHeaders, startServer, type BenchOptions } from './harness';

const CONNECTIONS = 16;

/** A statement for the bare driver; `prepare: false` sends it unnamed (planned per call), as the app sends filtered lists. */
export type BareStatement = { sql: string; params: unknown[]; prepare?: boolean };

interface Scenario {
  key: string;
  label: string;
  query: string;
}

export function scenarios(seed: SeedResult): Scenario[] {
  return [
    { key: 'a', label: '(a) ungrouped, 100 per page, -created_at', query: 'per_page=100&order_by=-created_at' },
    { key: 'b', label: '(b) grouped by state, 50 per group', query: 'group_by=state_id&per_page=50&order_by=sort_order' },
    { key: 'c', label: '(c) state × priority, 10 per sub-group', query: 'group_by=state_id&sub_group_by=priority&per_page=10&order_by=sort_order' },
    {
      key: 'd',
      label: '(d) label + assignee + target_date range',
      query: `labels=${seed.labelIds[0]}&assignees=${seed.memberIds[1]}&target_date=${day(-60)};after,${day(60)};before&per_page=100`,
    },
  ];
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The statement the list engine sends for `query`, as SQL text and parameters. */
export function statementText(seed: SeedResult, query: string): { sql: string; params: unknown[] } {
  return new PgDialect({ casing: 'snake_case' }).sqlToQuery(statementFor(seed, query));
}

/** The statement the list engine sends for `query` (as the owner, a project admin). */
function statementFor(seed: SeedResult, query: string): SQL {
  const actor = {
    userId: seed.ownerId,
    workspace: { id: seed.workspaceId },
    workspaceRole: 20,
    project: { id: seed.projectId, guestViewAllFeatures: false },
    projectRole: 20,
  };
  const request = parseListRequest(Object.fromEntries(new URLSearchParams(query)), { allowGrouping: true });
  const scope = projectIssueScope(actor);
  return request.groupBy ? groupedStatement(scope, request) : ungroupedStatement(scope, request);
}

/** The median execution time (ms) of EXPLAIN ANALYZE of the statement the engine runs for `query`. */
async function sqlTime(database: Database, seed: SeedResult, query: string): Promise<number> {
  return explainTime(database, statementFor(seed, query), 7);
}

/** The median `EXPLAIN ANALYZE` execution time (ms) of `statement` over `runs` runs. */
export async function explainTime(database: Database, statement: SQL, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const [row] = await database.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> | string }>(sql`explain (analyze, format json) ${statement}`);
    const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
    times.push(plan[0]['Execution Time']);
  }
  return median(times);
}

/**
 * The same statement sent by `connections` concurrent clients of the bare `postgres` driver (named
 * prepared statement, as the engine sends it) for `seconds`: what the database alone gives at the
 * load the API is measured at — no HTTP, auth, shaping or JSON. Several statements run in order
 * per iteration (a route that sends more than one); the latency is the iteration's.
 */
export async function bareSqlLoad(url: string, statement: BareStatement | BareStatement[], connections: number, seconds: number) {
  const statements = Array.isArray(statement) ? statement : [statement];
  // Same session settings as the app's pool (db/client.ts): JIT off.
  const client = postgres(url, { max: connections, onnotice: () => {}, connection: { jit: 'off' } });
  const latencies: number[] = [];
  try {
    const run = async (until: number, record: boolean) =>
      Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) {
            const started = performance.now();
            for (const { sql: text, params, prepare } of statements) await client.unsafe(text, params as never[], { prepare: prepare ?? true });
            if (record) latencies.push(performance.now() - started);
          }
        }),
      );
    await run(Date.now() + 2000, false);
    await run(Date.now() + seconds * 1000, true);
  } finally {
    await client.end();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99), rps: sorted.length / seconds };
}

export async function seeded(name: string, issues: number) {
  return seedInto(await freshDatabase(name), issues);
}

/** Migrates the (empty) database at `url` and seeds one project of `issues` issues into it, as `npm run seed` does. */
export async function seedInto(url: string, issues: number) {
  const database = await createDatabase({ databaseUrl: url, maxConnections: 4 });
  await database.migrate();
  const started = Date.now();
  const seed = await seedDemo(database, { issues, workspaceSlug: 'bench' });
  // What `npm run seed` does after seeding (the product's own hook, no manual ANALYZE of our own).
  await analyzeAfterBulkWork(database, SEEDED_TABLES);
  return { url, database, seed, seedSeconds: (Date.now() - started) / 1000 };
}

async function measureList(url: string, seed: SeedResult, query: string, seconds: number) {
  const server = await startServer('bench/serve.ts', { DATABASE_URL: url, BENCH_POOL: String(CONNECTIONS) });
  try {
    const headers = await sessionHeaders(url, seed.ownerId);
    const target = `${server.url}/api/workspaces/${seed.workspaceSlug}/projects/${seed.projectId}/issues/?${query}`;
    const check = await fetch(target, { headers });
    if (check.status !== 200) throw new Error(`GET issues/ answered ${check.status}: ${await check.text()}`);
    await load({ url: target, connections: CONNECTIONS, seconds: 2, headers });
    return await load({ url: target, connections: CONNECTIONS, seconds, headers });
  } finally {
    await server.stop();
  }
}

/** Runs the section and returns its markdown. */
export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const seconds = options.seconds;
  const big = await seeded('trellis_bench_issues_100k', 100_000);
  const loadBefore = loadLine();
  const lines: string[] = [];
  const rows: string[] = [];
  const server = await startServer('bench/serve.ts', { DATABASE_URL: big.url, BENCH_POOL: String(CONNECTIONS) });
  let postLine = '';
  const p50ByScenario: Record<string, number> = {};
  try {
    const headers = await sessionHeaders(big.url, big.seed.ownerId);
    const base = `${server.url}/api/workspaces/${big.seed.workspaceSlug}/projects/${big.seed.projectId}/issues/`;
    for (const scenario of scenarios(big.seed)) {
      const check = await fetch(`${base}?${scenario.query}`, { headers });
      if (check.status !== 200) throw new Error(`${scenario.label}: ${check.status} ${await check.text()}`);
      await load({ url: `${base}?${scenario.query}`, connections: CONNECTIONS, seconds: 2, headers });
      const result = await load({ url: `${base}?${scenario.query}`, connections: CONNECTIONS, seconds, headers });
      // One connection: the request's own latency, without the queueing of 16 requests on 2 cores.
      const single = await load({ url: `${base}?${scenario.query}`, connections: 1, seconds: Math.max(2, seconds / 2), headers });
      const sqlMs = await sqlTime(big.database, big.seed, scenario.query);
      const bare = await bareSqlLoad(big.url, statementText(big.seed, scenario.query), CONNECTIONS, seconds);
      p50ByScenario[scenario.key] = result.p50;
      if (result.rps === 0) {
        rows.push(`| ${scenario.label} | no response completed in ${seconds} s | — | 0 | ${ms(sqlMs)} | — | — | — | ${ms(bare.p50)} / ${ms(bare.p99)} | — | ${result.errors} |`);
        continue;
      }
      rows.push(
        `| ${scenario.label} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.rps.toFixed(0)} | ${ms(sqlMs)} | ${(result.p50 / sqlMs).toFixed(2)}× | ${ms(single.p50)} / ${ms(single.p99)} | ${(single.p50 / sqlMs).toFixed(2)}× | ${ms(bare.p50)} / ${ms(bare.p99)} (${bare.rps.toFixed(0)}/s) | ${(result.p50 / bare.p50).toFixed(2)}× | ${result.non2xx + result.errors + single.non2xx + single.errors} |`,
      );
    }
    const created = await load({
      url: base,
      connections: CONNECTIONS,
      seconds,
      headers,
      method: 'POST',
      body: JSON.stringify({ name: 'Bench issue', priority: 'medium' }),
    });
    postLine = `- \`POST issues/\` at ${CONNECTIONS} connections: ${created.rps.toFixed(0)} req/s, p50 ${ms(created.p50)}, p99 ${ms(created.p99)} (non-2xx: ${created.non2xx}).`;
  } finally {
    await server.stop();
  }
  await big.database.close();
  const loadAfter = loadLine();

  const small = await seeded('trellis_bench_issues_10k', 10_000);
  await small.database.close();
  const a = scenarios(small.seed)[0];
  const smallA = await measureList(small.url, small.seed, a.query, seconds);
  const growth = [`| 10 000 | ${ms(smallA.p50)} | ${ms(smallA.p99)} |`, `| 100 000 | ${ms(p50ByScenario.a)} | — (above) |`];
  if (options.huge) {
    const huge = await seeded('trellis_bench_issues_1m', 1_000_000);
    await huge.database.close();
    const hugeA = await measureList(huge.url, huge.seed, a.query, seconds);
    growth.push(`| 1 000 000 | ${ms(hugeA.p50)} | ${ms(hugeA.p99)} |`);
  }

  lines.push(
    `- Data: \`db/seed\` demo workspace, one project with 100 000 issues (50 members, 12 labels, realistic state/priority/label/assignee/date mixes); seeding took ${big.seedSeconds.toFixed(1)} s.`,
    `- Load: autocannon, ${CONNECTIONS} connections, ${seconds} s per row after a 2 s warm-up, session cookie auth, server = \`bench/serve.ts\` (real \`startServices\`) in its own process, pool ${CONNECTIONS}.`,
    `- Load average (1/5/15 min) before → after the list runs: ${loadBefore} → ${loadAfter} (2 shared cores).`,
    `- "SQL" is the median \`EXPLAIN ANALYZE\` execution time of the exact statement the list engine sends (one statement per page: rows, link arrays, totals, group counts, sync cursor).`,
    '',
    `- "1 conn" is a second run with a single connection (${Math.max(2, seconds / 2)} s): the latency of one request alone. At ${CONNECTIONS} connections on 2 cores each request also waits for ~${CONNECTIONS / 2} others (p50 ≈ ${CONNECTIONS / 2} × the machine time of one request), so p50 / SQL there is mostly queueing.`,
    '',
    `- "bare SQL, ${CONNECTIONS} conn" runs the same statement from ${CONNECTIONS} concurrent clients of the bare \`postgres\` driver for ${seconds} s (p50 / p99, statements per second): the database alone at the load the API is measured at. "p50 / bare" compares like with like.`,
    '',
    '| list | p50 | p99 | req/s | SQL | p50 / SQL | 1 conn p50 / p99 | 1 conn p50 / SQL | bare SQL, 16 conn p50 / p99 | p50 / bare | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    postLine,
    '',
    'Growth of (a) with the project size:',
    '',
    '| issues | p50 | p99 |',
    '|---|---|---|',
    ...growth,
  );
  return { title: 'Issue lists — `bench/issues-list.ts`', markdown: lines.join('\n') };
}
