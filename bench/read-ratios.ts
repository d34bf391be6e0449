// Read targets of issue #28 (`npm run bench -- --only read-ratios [--seconds N]`): on the system
// PostgreSQL and on the embedded PostgreSQL of the default `npm start`, each holding one project of
// 5,000 issues (db/seed, as `npm run seed` fills it), every read beside its own SQL statements sent
// by a bare `postgres` driver in the same run:
// - the four list shapes of bench/issues-list.ts, one connection (p50, target ≤ 1.5×) and 16
//   connections (p99, target ≤ 1.5×);
// - the single-issue GET (p50, target ≤ 2×);
// - the other single-row GETs — a label, a state, a cycle, a module, a page, the project — (p50,
//   target ≤ 2×), their statements recorded from the server itself as it answers one of them
//   (bench/serve.ts, BENCH_RECORD).
// The bare side runs what the server runs for that request, in order and sent as the server sends
// them (named prepared statements, the filtered list unnamed): the session with the
// workspace/project membership (and the sync cursor of a GET) joined on, and the read itself. A third baseline shows the floor of any HTTP service here: a bare Fastify server
// sending those same statements and answering the API's own bytes (bench/bare-read-server.ts).
// One connection is timed request by request with performance.now() over a raw keep-alive socket
// (bench/raw-http.ts; autocannon rounds latencies to whole milliseconds, fetch costs ~1 ms of CPU), the
// API and its two baselines in alternating rounds (interleavedOneAtATime);
// 16 connections use autocannon and bareSqlLoad.
import { and, eq, isNull } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../db/embedded/index';
import { issues } from '../db/schema/index';
import type { SeedResult } from '../db/seed/seed';
import { hashSecret } from '../server/security';
import { issueRowColumnsFor } from '../server/services/work-items/issue-read';
import { bareSqlLoad, scenarios, seedInto, statementText, type BareStatement } from './issues-list';
import { RawHttpClient } from './raw-http';
import { parseListRequest } from '../server/list-engine/params';
import { freshDatabase, load, loadLine, ms, sessionHeaders, startServer, type BenchOptions } from './harness';

const ISSUES = 5000;
const CONNECTIONS = 16;

interface Target {
  label: string;
  url: string;
}

interface Read {
  label: string;
  path: string;
  /** What the server sends for this request after the session and membership look-ups. */
  statement: BareStatement;
  /** p50 target against the bare statements at one connection. */
  target: number;
  /** Also measured at 16 connections (p99, target ≤ 1.5×). */
  concurrent: boolean;
}

/**
 * What the access layer runs before every project read of an app session: one statement, the session
 * with the caller's membership, the project and the sync cursor joined on
 * (server/plugins/membership-query.ts).
 */
function accessStatements(seed: SeedResult, sessionId: string): BareStatement[] {
  return [
    {
      sql: `select u.*, w.*, m.role, coalesce((select c.id from changes c where c.workspace_id >= w.id and c.workspace_id <= w.id order by c.workspace_id desc, c.id desc limit 1), 0) as head, p.*, pm.role as project_role
        from sessions s
        inner join users u on u.id = s.user_id
        left join workspaces w on w.slug = $2 and w.deleted_at is null
        left join workspace_members m on m.workspace_id = w.id and m.member_id = u.id and m.is_active = true
        left join projects p on p.id = $3::uuid and p.workspace_id = w.id and p.deleted_at is null
        left join project_members pm on pm.project_id = p.id and pm.member_id = u.id and pm.is_active = true
        where s.id = $1 and s.kind = 'app' and s.expires_at > $4 limit 1`,
      params: [sessionId, seed.workspaceSlug, seed.projectId, new Date().toISOString()],
    },
  ];
}

/** The four list shapes and the single-issue GET; `detail` is the GET's row statement, built by the app's own code. */
function reads(seed: SeedResult, issueId: string, detail: BareStatement): Read[] {
  const lists = scenarios(seed).map((scenario) => ({
    label: scenario.label,
    path: `issues/?${scenario.query}`,
    // Sent as the list engine sends it: filtered lists unnamed, planned with their values.
    statement: { ...statementText(seed, scenario.query), prepare: parseListRequest(Object.fromEntries(new URLSearchParams(scenario.query)), { allowGrouping: true }).filter === null },
    target: 1.5,
    concurrent: true,
  }));
  return [...lists, { label: '(e) single issue, GET issues/{id}/', path: `issues/${issueId}/`, statement: detail, target: 2, concurrent: false }];
}

/** Rounds a read's one-connection timing is split into, each taking the API and its two baselines in turn. */
const ROUNDS = 3;
/** Untimed requests each side sends at the start of its turn: its process sat idle through the others'. */
const TURN_WARM_UP = 20;

/** One side of a one-connection timing: the step that sends one request (or its statements), and its close. */
interface Side {
  step: () => Promise<void>;
  close: () => Promise<void> | void;
}

/**
 * p50 and p99 of each side's requests one after the other: 1 s of warm-up each, then ROUNDS rounds
 * that take the sides in turn for `seconds / ROUNDS` each, so that a change of the machine's load
 * (the previous read's 16-connection phases, other tenants) falls on every side alike.
 */
async function interleavedOneAtATime(sides: Side[], seconds: number): Promise<Array<{ p50: number; p99: number }>> {
  const latencies = sides.map(() => [] as number[]);
  for (const { step } of sides) {
    const warmUntil = Date.now() + 1000;
    while (Date.now() < warmUntil) await step();
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, { step }] of sides.entries()) {
      for (let i = 0; i < TURN_WARM_UP; i++) await step();
      const until = Date.now() + (seconds * 1000) / ROUNDS;
      while (Date.now() < until) {
        const started = performance.now();
        await step();
        latencies[index].push(performance.now() - started);
      }
    }
  }
  return latencies.map((values) => {
    values.sort((x, y) => x - y);
    return { p50: values[Math.floor(values.length / 2)], p99: values[Math.min(values.length - 1, Math.floor(values.length * 0.99))] };
  });
}

/**
 * Sends a read's statements from a bare client: the first (the session, which every other one waits
 * for in the app), then all the others at once, which one connection pipelines. The app sends some
 * of those one after another; sent at once they take the least time a client can give them.
 */
export async function sendBareStatements(client: postgres.Sql, statements: BareStatement[]): Promise<void> {
  const send = ({ sql: text, params, prepare }: BareStatement) => client.unsafe(text, params as never[], { prepare: prepare ?? true });
  const [first, ...rest] = statements;
  await send(first);
  await Promise.all(rest.map(send));
}

/** The read's statements from one bare `postgres` client (sendBareStatements). */
function bareSide(url: string, statements: BareStatement[]): Side {
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
  return {
    step: () => sendBareStatements(client, statements),
    close: () => client.end(),
  };
}

/** GETs of `url` over one raw keep-alive connection. */
function httpSide(url: string, headers: Record<string, string>): Side {
  const client = RawHttpClient.for(url, headers);
  const { pathname, search } = new URL(url);
  return {
    step: async () => {
      const status = await client.get(pathname + search);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
    },
    close: () => client.close(),
  };
}

/**
 * The other single-row GETs of #28, each with the statements the server sent for one of them (after
 * five unrecorded ones): a label, a state, a cycle and a module of the seed, a page made through the
 * API, and the project.
 */
async function singleRowReads(serverUrl: string, headers: Record<string, string>, databaseUrl: string, seed: SeedResult, prefix: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [[cycle], [module]] = await Promise.all([
    sql`select id from cycles where project_id = ${seed.projectId} and deleted_at is null order by created_at limit 1`,
    sql`select id from modules where project_id = ${seed.projectId} and deleted_at is null order by created_at limit 1`,
  ]);
  await sql.end();
  const created = await fetch(`${serverUrl}${prefix}pages/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench page' }) });
  if (created.status !== 201) throw new Error(`POST pages/ answered ${created.status}: ${await created.text()}`);
  const page = (await created.json()) as { id: string };
  const gets: Array<[string, string]> = [
    ['(f) a label, GET issue-labels/{id}/', `issue-labels/${seed.labelIds[0]}/`],
    ['(g) a state, GET states/{id}/', `states/${Object.values(seed.stateIds)[0]}/`],
    ['(h) a cycle, GET cycles/{id}/', `cycles/${cycle.id}/`],
    ['(i) a module, GET modules/{id}/', `modules/${module.id}/`],
    ['(j) a page, GET pages/{id}/', `pages/${page.id}/`],
    ['(k) the project, GET projects/{id}/', ''],
  ];
  const measured = [];
  for (const [label, path] of gets) {
    const url = `${serverUrl}${prefix}${path}`;
    for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer();
    const answer = await fetch(url, { headers: { ...headers, 'x-bench-record': '1' } });
    if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    const statements = (await (await fetch(`${serverUrl}/bench/recorded/`)).json()) as BareStatement[];
    if (statements.length < 2) throw new Error(`${label}: ${statements.length} statement(s) recorded`);
    measured.push({ label: `${label}, ${statements.length} statements`, path: `${prefix}${path}`, statements, target: 2, concurrent: false });
  }
  return measured;
}

const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)}× ${ratio <= target ? 'met' : 'not met'}`;

async function measureTarget(target: Target, seconds: number, specDir: string): Promise<string[]> {
  const { database, seed } = await seedInto(target.url, ISSUES);
  const [{ id: issueId }] = await database.db.select({ id: issues.id }).from(issues).where(eq(issues.projectId, seed.projectId)).limit(1);
  // The statement loadReadableIssue sends (its row with the caller's subscription), as SQL text.
  const detail = database.db
    .select(issueRowColumnsFor(seed.ownerId))
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.projectId, seed.projectId), isNull(issues.deletedAt)))
    .toSQL();
  await database.close();
  const headers = await sessionHeaders(target.url, seed.ownerId);
  const sessionId = hashSecret(/session-id=([^;]+)/.exec(headers.cookie)![1]);
  const server = await startServer('bench/serve.ts', { DATABASE_URL: target.url, BENCH_POOL: String(CONNECTIONS), BENCH_RECORD: '1' });
  const prefix = `/api/workspaces/${seed.workspaceSlug}/projects/${seed.projectId}/`;
  const measured = [
    ...reads(seed, issueId, detail).map((read) => ({ ...read, path: `${prefix}${read.path}`, statements: [...accessStatements(seed, sessionId), read.statement] })),
    ...(await singleRowReads(server.url, headers, target.url, seed, prefix)),
  ];
  const spec: Array<{ path: string; statements: BareStatement[]; body: string }> = [];
  for (const read of measured) {
    const response = await fetch(`${server.url}${read.path}`, { headers });
    if (response.status !== 200) throw new Error(`${read.label}: ${response.status} ${await response.text()}`);
    spec.push({ path: read.path, statements: read.statements, body: await response.text() });
  }
  const specFile = join(specDir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  const bareServer = await startServer('bench/bare-read-server.ts', { DATABASE_URL: target.url, BARE_READ_SPEC: specFile, BENCH_POOL: String(CONNECTIONS) });
  const rows: string[] = [];
  try {
    for (const read of measured) {
      const sides = [httpSide(`${server.url}${read.path}`, headers), bareSide(target.url, read.statements), httpSide(`${bareServer.url}${read.path}`, headers)];
      const [api, bare, floor] = await interleavedOneAtATime(sides, seconds).finally(() => Promise.all(sides.map((side) => side.close())));
      let concurrent = '— | — | — | —';
      if (read.concurrent) {
        const url = `${server.url}${read.path}`;
        await load({ url, connections: CONNECTIONS, seconds: 2, headers });
        const apiLoad = await load({ url, connections: CONNECTIONS, seconds, headers });
        const bareLoad = await bareSqlLoad(target.url, read.statements, CONNECTIONS, seconds);
        const floorLoad = await load({ url: `${bareServer.url}${read.path}`, connections: CONNECTIONS, seconds, headers });
        concurrent = `${ms(apiLoad.p99)} (${apiLoad.rps.toFixed(0)}/s) | ${ms(bareLoad.p99)} (${bareLoad.rps.toFixed(0)}/s) | ${verdict(apiLoad.p99 / bareLoad.p99, 1.5)} | ${ms(floorLoad.p99)} (${floorLoad.rps.toFixed(0)}/s): ${(apiLoad.p99 / floorLoad.p99).toFixed(2)}×`;
      }
      rows.push(
        `| ${read.label} | ${ms(api.p50)} | ${ms(bare.p50)} | ${verdict(api.p50 / bare.p50, read.target)} (≤ ${read.target}×) | ${ms(floor.p50)}: ${(api.p50 / floor.p50).toFixed(2)}× | ${concurrent} |`,
      );
      console.log(target.label, rows[rows.length - 1]);
    }
  } finally {
    await bareServer.stop();
    await server.stop();
  }
  return rows;
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const seconds = Math.max(3, Math.round(options.seconds / 2));
  const before = loadLine();
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-read-ratios-'));
  const cluster = await startEmbeddedPostgres({ dataDir, port: 0, log: () => {} });
  const sections: string[] = [];
  try {
    const embeddedUrl = new URL(cluster.url);
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('drop database if exists trellis_bench_read_ratios with (force)');
    await admin.unsafe('create database trellis_bench_read_ratios');
    await admin.end();
    embeddedUrl.pathname = '/trellis_bench_read_ratios';
    const targets: Target[] = [
      { label: 'PostgreSQL (system, 127.0.0.1:5432)', url: await freshDatabase('trellis_bench_read_ratios') },
      { label: 'embedded PostgreSQL (the `npm start` default)', url: embeddedUrl.toString() },
    ];
    for (const target of targets) {
      const rows = await measureTarget(target, seconds, dataDir);
      sections.push(
        `**${target.label}**`,
        '',
        '| read | API, 1 conn, p50 | bare statements, 1 conn, p50 | API ÷ bare statements | bare Fastify + statements, same bytes, 1 conn p50: API ÷ it | API, 16 conn, p99 | bare statements, 16 conn, p99 | API ÷ bare (≤ 1.5×) | bare Fastify + statements, 16 conn p99: API ÷ it |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      );
    }
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const markdown = [
    `- Data: \`db/seed\`, one project of ${ISSUES.toLocaleString('en')} issues per database, then the seed's own statistics hook (no ANALYZE of the bench's). Server: \`bench/serve.ts\` (real \`startServices\`), pool ${CONNECTIONS}.`,
    `- One connection: requests one after the other for ${seconds} s after 1 s of warm-up, in ${ROUNDS} rounds that take the API, the bare statements and the bare Fastify server in turn, each turn after ${TURN_WARM_UP} untimed requests (from 2026-11-29 04:15 UTC; before, each side ran its ${seconds} s at once, the API's right after the previous read's 16-connection phases), over one raw keep-alive socket (\`bench/raw-http.ts\`), timed with \`performance.now()\`; the bare side sends the same statements (the session with the membership and the sync cursor joined on first, then the read's, all at once: from 2026-11-29 10:40 UTC; before, one after the other, which made no difference to (a)–(e), one read statement each) from one \`postgres\` client, each sent as the app sends it: named prepared statements, except the filtered list (d), which the list engine sends unnamed so that Postgres plans it with the filter's values. (f)–(k): the statements the server sent for one such GET, recorded by \`bench/serve.ts\` (BENCH_RECORD), the session's included. ${CONNECTIONS} connections: autocannon against \`bareSqlLoad\` (bench/issues-list.ts), ${seconds} s each after 2 s of warm-up.`,
    '- "bare Fastify + statements": `bench/bare-read-server.ts`, a Fastify server with no plugins that sends the same statements with the bare driver and answers the API\'s own response bytes — the floor of an HTTP service on this machine; API ÷ it is what Trellis\'s own per-request work costs.',
    `- Load average (1/5/15 min) before → after: ${before} → ${loadLine()} (2 shared cores).`,
    '',
    ...sections,
  ].join('\n');
  return { title: 'Read ratios (issue #28) — `bench/read-ratios.ts`', markdown };
}
