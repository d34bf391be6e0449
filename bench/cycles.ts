// Cycle benchmark (`npm run bench -- --only cycles [--issues N]`): a project of 100 000 issues
// (db/seed) with a current cycle of 10 000 built through the API (`POST …/cycles/`, then
// `cycle-issues/` in requests of 1 000). Measured against a server child process:
// - cycle progress and analytics (p50/p99 from 1 connection and from 16), each against the same
//   SQL statements the service sends, run by 16 bare `postgres` driver clients;
// - the cycle's issue list, the four shapes of bench/issues-list.ts, measured the same way;
// - moving 1 000 issues (out of the seed's cycles) into another cycle in one request, by
//   `cycle-issues/` and by `bulk-operation-issues/`.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SeedResult } from '../db/seed/seed';
import { cycleIssueList } from '../server/list-engine/issue-lists';
import { groupedStatement, ungroupedStatement } from '../server/list-engine/list-issues';
import { parseListRequest } from '../server/list-engine/params';
import { cycleAnalyticsStatement, cycleStatsStatement } from '../server/services/planning/cycle-stats';
import { load, loadLine, median, ms, sessionHeaders, startServer, type BenchOptions, type LoadResult } from './harness';
import { bareSqlLoad, explainTime, scenarios, seeded, type BareStatement } from './issues-list';

const CONNECTIONS = 16;
const CYCLE_SIZE = 10_000;
const MOVE_SIZE = 1_000;
/** The most ids `bulk-operation-issues/` accepts in one request. */
const BULK_MAX = 500;

type Statement = BareStatement;
const dialect = new PgDialect({ casing: 'snake_case' });
const text = (statement: SQL): Statement => dialect.sqlToQuery(statement);

/** The cycle look-up every cycle route starts with (loadCycle). */
const loadCycleStatement = (cycleId: string, projectId: string): Statement => ({
  sql: 'select * from cycles where id = $1 and project_id = $2 and deleted_at is null',
  params: [cycleId, projectId],
});

function listStatement(seed: SeedResult, cycleId: string, query: string): SQL {
  const actor = { userId: seed.ownerId, workspace: { id: seed.workspaceId }, workspaceRole: 20, project: { id: seed.projectId, guestViewAllFeatures: false }, projectRole: 20 };
  const parsed = parseListRequest(Object.fromEntries(new URLSearchParams(query)), { allowGrouping: true });
  const { scope, request } = cycleIssueList(actor, cycleId, parsed);
  return request.groupBy ? groupedStatement(scope, request) : ungroupedStatement(scope, request);
}

async function send(url: string, headers: Record<string, string>, method: string, body?: unknown) {
  const started = performance.now();
  const answer = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const elapsed = performance.now() - started;
  const payload = await answer.text();
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${payload.slice(0, 300)}`);
  return { elapsed, body: payload ? JSON.parse(payload) : undefined };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<{ alone: LoadResult; many: LoadResult }> {
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`GET ${url} answered ${check.status}: ${await check.text()}`);
  await load({ url, connections: 1, seconds: 2, headers });
  const alone = await load({ url, connections: 1, seconds, headers });
  await load({ url, connections: CONNECTIONS, seconds: 2, headers });
  const many = await load({ url, connections: CONNECTIONS, seconds, headers });
  return { alone, many };
}

function issuesArg(argv: string[]): number {
  const value = argv.find((arg) => arg.startsWith('--issues='))?.slice(9) ?? (argv.includes('--issues') ? argv[argv.indexOf('--issues') + 1] : undefined);
  return value ? Number(value) : 100_000;
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const seconds = options.seconds;
  const total = issuesArg(options.argv);
  const cycleSize = Math.min(CYCLE_SIZE, Math.floor(total / 10));
  const moveSize = Math.min(MOVE_SIZE, Math.floor(total / 100));
  const big = await seeded(`trellis_bench_cycles_${total}`, total);
  const { seed, url: dbUrl, database } = big;
  const server = await startServer('bench/serve.ts', { DATABASE_URL: dbUrl, BENCH_POOL: String(CONNECTIONS) });
  const lines: string[] = [];
  try {
    const headers = await sessionHeaders(dbUrl, seed.ownerId);
    const projectBase = `${server.url}/api/workspaces/${seed.workspaceSlug}/projects/${seed.projectId}`;
    // The plan, through the API: a current two-week cycle and 10 000 issues put into it.
    const cycle = (await send(`${projectBase}/cycles/`, headers, 'POST', { name: 'Bench sprint', start_date: day(-7), end_date: day(7) })).body as { id: string };
    const ids = (await database.query<{ id: string }>(sql`select id from issues where project_id = ${seed.projectId} and deleted_at is null order by sequence_id limit ${cycleSize + 2 * moveSize}`)).map((row) => row.id);
    const planIds = ids.slice(0, cycleSize);
    const fillTimes: number[] = [];
    for (let start = 0; start < planIds.length; start += MOVE_SIZE) {
      fillTimes.push((await send(`${projectBase}/cycles/${cycle.id}/cycle-issues/`, headers, 'POST', { issues: planIds.slice(start, start + MOVE_SIZE) })).elapsed);
    }
    const progress = (await send(`${projectBase}/cycles/${cycle.id}/progress/`, headers, 'GET')).body as { total_issues: number };
    if (progress.total_issues !== cycleSize) throw new Error(`the cycle holds ${progress.total_issues} issues, not ${cycleSize}`);
    // The statistics the product keeps itself (its own after-bulk-work hook), not a manual ANALYZE.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const loadBefore = loadLine();

    const [row] = await database.query<{ timezone: string }>(sql`select timezone from cycles where id = ${cycle.id}`);
    const cycleRef = { id: cycle.id, timezone: row.timezone };
    const lookUp = loadCycleStatement(cycle.id, seed.projectId);
    const analytics = cycleAnalyticsStatement(cycleRef);
    const reads = [
      { label: '`progress/`', path: `cycles/${cycle.id}/progress/`, statements: [lookUp, text(cycleStatsStatement(cycle.id))], explain: [cycleStatsStatement(cycle.id)] },
      { label: '`analytics/?type=points`', path: `cycles/${cycle.id}/analytics/?type=points`, statements: [lookUp, text(analytics)], explain: [analytics] },
    ];
    const readRows: string[] = [];
    for (const read of reads) {
      const { alone, many } = await measure(`${projectBase}/${read.path}`, headers, seconds);
      let sqlMs = 0;
      for (const statement of read.explain) sqlMs += await explainTime(database, statement);
      const bare = await bareSqlLoad(dbUrl, read.statements, CONNECTIONS, seconds);
      readRows.push(
        `| ${read.label} | ${ms(sqlMs)} | ${ms(alone.p50)} / ${ms(alone.p99)} | ${alone.p99 < 100 ? 'met' : 'not met'} | ${ms(many.p50)} / ${ms(many.p99)} (${many.rps.toFixed(0)}/s) | ${ms(bare.p50)} / ${ms(bare.p99)} (${bare.rps.toFixed(0)}/s) | ${(many.p50 / bare.p50).toFixed(2)}× / ${(many.p99 / bare.p99).toFixed(2)}× | ${alone.errors + alone.non2xx + many.errors + many.non2xx} |`,
      );
    }

    const listRows: string[] = [];
    for (const scenario of scenarios(seed)) {
      const { alone, many } = await measure(`${projectBase}/cycles/${cycle.id}/cycle-issues/?${scenario.query}`, headers, seconds);
      const statement = listStatement(seed, cycle.id, scenario.query);
      const sqlMs = await explainTime(database, statement);
      const bare = await bareSqlLoad(dbUrl, [text(statement)], CONNECTIONS, seconds);
      listRows.push(
        `| ${scenario.label} | ${ms(many.p50)} | ${ms(many.p99)} | ${many.rps.toFixed(0)} | ${ms(sqlMs)} | ${ms(alone.p50)} / ${ms(alone.p99)} | ${(alone.p50 / sqlMs).toFixed(2)}× | ${ms(bare.p50)} / ${ms(bare.p99)} (${bare.rps.toFixed(0)}/s) | ${(many.p50 / bare.p50).toFixed(2)}× | ${alone.errors + alone.non2xx + many.errors + many.non2xx} |`,
      );
    }
    const loadAfter = loadLine();

    // Moves: 1 000 issues not in the bench cycle (about 30 % of them in one of the seed's cycles).
    const next = (await send(`${projectBase}/cycles/`, headers, 'POST', { name: 'Bench sprint 2', start_date: day(8), end_date: day(21) })).body as { id: string };
    const byCycleIssues = await send(`${projectBase}/cycles/${next.id}/cycle-issues/`, headers, 'POST', { issues: ids.slice(cycleSize, cycleSize + moveSize) });
    // bulk-operation-issues takes at most BULK_MAX ids per request (API.md): the largest one.
    const bulkSize = Math.min(BULK_MAX, moveSize);
    const byBulk = await send(`${projectBase}/bulk-operation-issues/`, headers, 'POST', { issue_ids: ids.slice(cycleSize + moveSize, cycleSize + moveSize + bulkSize), properties: { cycle_id: next.id } });
    const [moved] = await database.query<{ n: number }>(sql`select count(*)::int as n from cycle_issues where cycle_id = ${next.id} and deleted_at is null`);

    lines.push(
      `- Data: \`db/seed\` demo project of ${total.toLocaleString('en')} issues (seeding ${big.seedSeconds.toFixed(1)} s), then through the API a current cycle ("Bench sprint", today ± 7 days) filled with ${cycleSize.toLocaleString('en')} issues by \`POST …/cycle-issues/\` in requests of ${MOVE_SIZE}: ${ms(median(fillTimes))} median per request (${(fillTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all; each moves ~30 % of its issues out of a seed cycle, writes their activity, live events and both cycles' counts).`,
      `- Load: autocannon, session cookie, server \`bench/serve.ts\` (real \`startServices\`, pool ${CONNECTIONS}) in its own process; 1 connection for ${seconds} s ("alone"), then ${CONNECTIONS} connections for ${seconds} s, each after a 2 s warm-up. Load average (1/5/15 min) before → after: ${loadBefore} → ${loadAfter} (2 cores shared with other helpers' test runs).`,
      `- "bare": the same statements the service sends (the cycle look-up, then the stats statement for progress, the one analytics statement for analytics) from ${CONNECTIONS} concurrent clients of the bare \`postgres\` driver, prepared, JIT off, for ${seconds} s — the database alone at the same load, no HTTP, session, permission check or JSON. "SQL" is the summed median \`EXPLAIN ANALYZE\` time of those statements (without the look-up).`,
      '',
      `| read | SQL | alone p50 / p99 | alone p99 < 100 ms | ${CONNECTIONS} conn p50 / p99 | bare ${CONNECTIONS} p50 / p99 | ${CONNECTIONS} conn ÷ bare (p50 / p99) | errors |`,
      '|---|---|---|---|---|---|---|---|',
      ...readRows,
      '',
      `The cycle's issue list (\`GET …/cycles/{id}/cycle-issues/\`, ${cycleSize.toLocaleString('en')} issues), the four shapes of the project list measured the same way:`,
      '',
      `| list | ${CONNECTIONS} conn p50 | p99 | req/s | SQL | 1 conn p50 / p99 | 1 conn p50 / SQL | bare SQL, ${CONNECTIONS} conn p50 / p99 | p50 / bare | errors |`,
      '|---|---|---|---|---|---|---|---|---|---|',
      ...listRows,
      '',
      `Moving issues into another cycle in one request: ${moveSize.toLocaleString('en')} by \`POST …/cycle-issues/\` in ${ms(byCycleIssues.elapsed)}; ${bulkSize} (the most one request takes) by \`POST …/bulk-operation-issues/\` \`{cycle_id}\` in ${ms(byBulk.elapsed)} (the cycle then holds ${moved.n}).`,
    );
  } finally {
    await server.stop();
    await database.close();
  }
  return { title: 'Cycles — `bench/cycles.ts`', markdown: lines.join('\n') };
}
