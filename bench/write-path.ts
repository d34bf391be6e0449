// "Write path" benchmark (issue #25, Proof): what one write costs against the database work it needs.
// `npm run bench -- --only write-path [--before-ref=<commit>] [--creates=600] [--patches=200] [--profile]`.
// For each variant (the code at --before-ref, unpacked; then this checkout) a fresh `boot/main.ts`
// (as `npm start` starts it) on a fresh database of the system PostgreSQL, filled through the API only
// (sign-up, workspace, project, labels; no seed, no ANALYZE of ours), measures:
// - issue creates/s with 8 clients (POST issues/) against the same rows inserted by 8 bare `postgres`
//   driver transactions (copies of an API-created issue's rows: issue, sequence, assignees, labels,
//   subscribers, mentions, activity, change-log rows under the same advisory lock);
// - one PATCH issues/{id}/ (priority) at a time, p50, against its essential statements from the bare driver
//   (session look-up, membership, row lock, update, activity row, two change rows under the lock) and
//   against those statements behind a bare Fastify route, the three timed in alternating rounds; the
//   PATCHes go over one raw keep-alive socket, so no HTTP client's CPU counts against the server;
// - PATCH → live event at 500 sockets, p99 (bench/embedded-default.ts's fan-out), against a bare Fastify-less
//   `ws` server (bench/bare-live.ts).
// Rows per create are read from pg_stat_user_tables, so the two sides are seen to insert the same rows.
// `--profile`: the server runs with `node --cpu-prof`; the top self-time frames are printed and reported.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createRandom } from '../db/seed/generate';
import { api, measureFanOut, setUpBenchProject, start, unpack, type BenchProject, type FanOut } from './embedded-default';
import { ROOT, freshDatabase, loadLine, ms } from './harness';
import { RawHttpClient } from './raw-http';
import { barePatch, type BarePatchTarget } from './bare-patch';
import type { BenchOptions } from './harness';
import type { Fixture } from './live';

const CLIENTS = 8;
// p99 over 20 PATCHes × 500 sockets was the slowest PATCH's tail: one hiccup (a GC, the other core
// busy) held a whole 500 of the 10,000 samples. Over 100 PATCHes one slow PATCH is 1 % of them.
const FAN_OUT_PATCHES = 100;
/** Every PATCH of the bench, API or bare, sets the priority to one of these in turn (so each one changes it). */
const PRIORITIES = ['high', 'low'];
/**
 * PATCHes sent before the timed ones, by the API and by both bare baselines alike, to another issue
 * than the timed one (whose row then holds the same history on every side). After 20, the code of
 * every side was still being optimised while it was timed: the bare Fastify floor read 1.49–1.94×
 * its statements in four runs, and 1.21–1.25× in three runs after 1,000 (BENCHMARKS.md, "Write
 * path", runs of 2026-11-29 03:04–03:13 UTC). A long-running server's PATCH is the warmed one.
 * `--patch-warm-up=N` sets it (20 before those runs).
 */
const DEFAULT_PATCH_WARM_UP = 1000;
/** Rounds the timed PATCHes are split into, each taking the API and the two baselines in turn (interleavedPatches). */
const PATCH_ROUNDS = 5;
/** Untimed PATCHes each side sends at the start of its turn in a round (an even number: see interleavedPatches). */
const ROUND_WARM_UP = 6;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const argValue = (options: BenchOptions, name: string) => options.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

/** The workspace, project and labels every run starts from (bench/embedded-default.ts sets them up). */
type Setup = BenchProject;

interface Rate {
  perSecond: number;
  p50: number;
  p99: number;
}

interface Variant {
  label: string;
  creates: Rate;
  rowsPerCreate: Record<string, number>;
  patch: Rate;
  /** The PATCH's baselines, timed in the same rounds as `patch` (interleavedPatches). */
  barePatch: Rate;
  bareHttpPatch: Rate;
  fanOut: FanOut;
  profile: string[];
}

async function setup(baseUrl: string): Promise<Setup> {
  return setUpBenchProject(baseUrl, 'Bench-write-path-9');
}

/** The create body every run uses: a state, two labels, the creator assigned (as bench/embedded-default.ts fills). */
function createBody(s: Setup, index: number, random: () => number) {
  return { name: `Write-path issue ${index}`, priority: 'medium', state_id: s.stateIds[Math.floor(random() * s.stateIds.length)], label_ids: s.labelIds.slice(0, 2), assignee_ids: [s.userId] };
}

/** `count` creates by CLIENTS concurrent workers; `create` returns when one is done. */
async function concurrently(count: number, create: (index: number) => Promise<unknown>): Promise<Rate> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const index = next++;
        const at = performance.now();
        await create(index);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { perSecond: (count * 1000) / (performance.now() - started), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function sequentially(count: number, step: (index: number) => Promise<unknown>): Promise<Rate> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    await step(i);
    latencies.push(performance.now() - at);
  }
  return { perSecond: (count * 1000) / (performance.now() - started), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * Waits until every after-commit reaction's cursor of the workspace stands at its change log's head
 * (twice in a row, 100 ms apart); returns how long that took. A variant without reactions has no
 * cursor rows and returns at once.
 */
async function reactionsCaughtUp(sql: postgres.Sql, workspaceId: string, timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  let settled = 0;
  while (settled < 2) {
    const [row] = await sql<Array<{ behind: string }>>`
      select count(*)::text as behind from reaction_cursors c
      where c.workspace_id = ${workspaceId} and c.last_change_id < (select coalesce(max(id), 0) from changes where workspace_id = ${workspaceId})`.catch(() => [{ behind: '0' }]);
    settled = Number(row.behind) === 0 ? settled + 1 : 0;
    if (performance.now() - started > timeoutMs) throw new Error(`reactions still behind after ${timeoutMs} ms`);
    if (settled < 2) await sleep(100);
  }
  return performance.now() - started;
}

/** Rows inserted per table since `before` (pg_stat_user_tables; the collector flushes within a second). */
async function insertedRows(sql: postgres.Sql): Promise<Record<string, number>> {
  await sleep(2500);
  await sql`select pg_stat_clear_snapshot()`;
  const rows = await sql<Array<{ relname: string; n: string }>>`select relname, n_tup_ins::text as n from pg_stat_user_tables`;
  return Object.fromEntries(rows.map((row) => [row.relname, Number(row.n)]));
}

/** Rows per created issue (over the `issues` rows inserted, so a late statistics flush skews nothing). */
function perCreate(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  const issues = (after.issues ?? 0) - (before.issues ?? 0);
  for (const [table, n] of Object.entries(after)) {
    const delta = (n - (before[table] ?? 0)) / issues;
    if (delta > 0.01) result[table] = Math.round(delta * 100) / 100;
  }
  return result;
}

/**
 * Summarises `node --cpu-prof` profiles in `dir`: busy time by package/area (self time), then by our
 * own function nearest to each sample (the time of the libraries it called counted to it) — where a
 * request's time goes, in the terms of this code.
 */
function summariseProfiles(dir: string): string[] {
  type Frame = { functionName: string; url: string; lineNumber: number };
  const areas = new Map<string, number>();
  const own = new Map<string, number>();
  let total = 0;
  const clean = (url: string) => url.replace(/^file:\/\//, '').replace(ROOT, '').replace(/^\/tmp\/trellis-bench-before-[^/]+/, '');
  const isOwn = (url: string) => /^\/(server|db|shared|boot|collab)\//.test(url);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Array<{ id: number; callFrame: Frame; children?: number[] }>; samples: number[]; timeDeltas: number[] };
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((id, index) => {
      const frame = byId.get(id)!.callFrame;
      const delta = profile.timeDeltas[index] ?? 0;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      total += delta;
      const url = clean(frame.url);
      const area = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (isOwn(url) ? url.split('/').slice(1, 3).join('/') : frame.functionName.startsWith('(') ? frame.functionName : 'node internals');
      areas.set(area, (areas.get(area) ?? 0) + delta);
      let at: number | undefined = id;
      while (at !== undefined && !isOwn(clean(byId.get(at)!.callFrame.url))) at = parent.get(at);
      const mine = at === undefined ? null : byId.get(at)!.callFrame;
      const key = mine ? `${mine.functionName || '(anonymous)'} ${clean(mine.url).slice(1)}:${mine.lineNumber + 1}` : `(no own frame: ${area})`;
      own.set(key, (own.get(key) ?? 0) + delta);
    });
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key, micros]) => `${key} ${(micros / 1000).toFixed(0)} ms (${((micros / total) * 100).toFixed(1)} %)`);
  return [`busy CPU ${(total / 1000).toFixed(0)} ms (boot included); self time by area: ${top(areas, 8).join('; ')}`, 'by nearest own function (inclusive of the libraries it called):', ...top(own, 14).map((line) => `  ${line}`)];
}

async function measureVariant(label: string, root: string, options: { creates: number; patches: number; warmUp: number; profile: boolean }): Promise<Variant & { databaseUrl: string; setup: Setup; templateId: string }> {
  const databaseUrl = await freshDatabase(`trellis_bench_write_${label.replace(/\W/g, '_').slice(0, 20)}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-write-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'trellis-bench-prof-'));
  const instance = await start(root, 'boot/main.ts', {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRELLIS_SKIP_CLIENT_BUILD: '1',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef',
    RATE_LIMIT_API_KEY_PER_MIN: '100000000',
    RATE_LIMIT_AUTH_PER_MIN: '100000000',
    RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100000000',
  }, options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const s = await setup(instance.baseUrl);
    const random = createRandom(11);
    const post = (index: number) => api<{ id: string }>(instance.baseUrl, s.headers, 'POST', `${s.projectPath}/issues/`, createBody(s, index, random));
    // Warm-up: JIT, prepared statements, pool connections.
    await concurrently(80, post);
    const before = await insertedRows(sql);
    const creates = await concurrently(options.creates, post);
    const rowsPerCreate = perCreate(before, await insertedRows(sql));
    // Let after-commit work drain before the next phase (its cost shows in the rate above as far as
    // it competes): a lone PATCH is timed on an otherwise idle server, as its bare statements are.
    const drainMs = await reactionsCaughtUp(sql, s.workspaceId);
    console.log(label, `after-commit reactions caught up ${drainMs.toFixed(0)} ms after the creates' last answer (and the 2.5 s statistics wait)`);
    await sleep(1000);
    // The bare creates copy the rows of one plain create; the PATCHes go to another issue.
    const template = await post(1_000_000);
    const target = await post(1_000_001);
    // Timed over one raw keep-alive socket (bench/raw-http.ts), as read-ratios times its reads: fetch
    // spends about a millisecond of CPU a request, which the bare statements are not charged.
    const warmUpIssue = await post(1_000_002);
    const raw = RawHttpClient.for(instance.baseUrl, s.headers);
    const patchOf = (issueId: string) => async (i: number) => {
      const status = await raw.request('PATCH', `${s.projectPath}/issues/${issueId}/`, { priority: PRIORITIES[i % 2] });
      if (status !== 200) throw new Error(`PATCH → ${status}`);
    };
    const bare = await openBarePatchSides(databaseUrl, s);
    let timed: Awaited<ReturnType<typeof interleavedPatches>>;
    try {
      const sides = { api: patchOf, statements: bare.statements, fastify: bare.fastify };
      for (const side of Object.values(sides)) await sequentially(options.warmUp, side(warmUpIssue.id));
      for (const side of Object.values(sides)) await sequentially(20, side(target.id));
      // The warm-ups' changes are reacted to after commit; the timed PATCHes start on an idle server.
      await reactionsCaughtUp(sql, s.workspaceId);
      await sleep(500);
      timed = await interleavedPatches(sides, target.id, options.patches, () => reactionsCaughtUp(sql, s.workspaceId));
    } finally {
      await bare.close();
    }
    const patch = timed.api;
    raw.close();
    await sleep(2000);
    const first = await fetch(`${instance.baseUrl}${s.projectPath}/issues/?per_page=1`, { headers: s.headers });
    const since = Number(first.headers.get('x-sync-cursor') ?? 0);
    await first.arrayBuffer();
    const fixture: Fixture = { databaseUrl, user: { headers: s.headers } as never, slug: s.slug, workspaceId: s.workspaceId, projectPath: s.projectPath, labelIds: s.labelIds, issueIds: [] };
    const fanOut = await measureFanOut(instance.baseUrl, fixture, since, FAN_OUT_PATCHES);
    await instance.stop();
    const profile = options.profile ? summariseProfiles(profileDir) : [];
    for (const line of profile) console.log(line);
    const variant = { label, creates, rowsPerCreate, patch, barePatch: timed.statements, bareHttpPatch: timed.fastify, fanOut, profile, databaseUrl, setup: s, templateId: template.id };
    console.log(label, JSON.stringify({ creates, rowsPerCreate, patch, barePatch: timed.statements, bareHttpPatch: timed.fastify, fanOut }));
    return variant;
  } finally {
    await sql.end();
    await instance.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** `insert into <table> (cols) select <cols, some replaced> from <table> where <where>`: copies rows of an API-made issue. */
async function copyStatement(sql: postgres.Sql, table: string, replace: Record<string, string>, where: string): Promise<string> {
  const columns = await sql<Array<{ name: string }>>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_identity = 'NO' and is_generated = 'NEVER'
    order by ordinal_position`;
  const names = columns.map((column) => column.name);
  return `insert into ${table} (${names.map((name) => `"${name}"`).join(', ')}) select ${names.map((name) => replace[name] ?? `"${name}"`).join(', ')} from ${table} where ${where}`;
}

const ISSUE_CHILDREN = ['issue_assignees', 'issue_labels', 'issue_subscribers', 'issue_mentions', 'issue_activities'];

/** The same rows as POST issues/ writes, copied from `templateId`'s, by CLIENTS bare-driver transactions. */
async function bareCreates(databaseUrl: string, s: Setup, templateId: string, count: number) {
  const sql = postgres(databaseUrl, { max: CLIENTS, onnotice: () => {} });
  try {
    const now = { created_at: 'now()', updated_at: 'now()' };
    const copyIssue = `${await copyStatement(sql, 'issues', { ...now, id: '$2::uuid', sequence_id: '$3::int', name: `name || ' copy'` }, 'id = $1')}`;
    const children = await Promise.all(ISSUE_CHILDREN.map((table) => copyStatement(sql, table, { ...now, id: 'gen_random_uuid()', issue_id: '$2::uuid' }, 'issue_id = $1')));
    const copyChanges = await copyStatement(
      sql,
      'changes',
      { created_at: 'now()', entity_id: 'case when entity_id = $1 then $2::uuid else gen_random_uuid() end', issue_ids: 'case when issue_ids is null then null else array[$2::uuid] end', client_mutation_id: 'null' },
      `workspace_id = $3 and audience_user_id is null and (entity_id = $1 or $1 = any(issue_ids)) and op = 'create'`,
    );
    const before = await insertedRows(sql);
    const rate = await concurrently(count, () =>
      sql.begin(async (tx) => {
        const [sequence] = await tx`
          insert into issue_sequences (project_id, last_sequence) values (${s.projectId}, 1)
          on conflict (project_id) do update set last_sequence = issue_sequences.last_sequence + 1 returning last_sequence`;
        const [{ id }] = await tx`select gen_random_uuid() as id`;
        await tx.unsafe(copyIssue, [templateId, id, sequence.last_sequence]);
        for (const statement of children) await tx.unsafe(statement, [templateId, id]);
        await tx`select pg_advisory_xact_lock(hashtextextended(${`changes:${s.workspaceId}`}, 0))`;
        await tx.unsafe(copyChanges, [templateId, id, s.workspaceId]);
      }),
    );
    return { rate, rowsPerCreate: perCreate(before, await insertedRows(sql)) };
  } finally {
    await sql.end();
  }
}

/** What the bench's PATCH statements (bench/bare-patch.ts) need, for the session of `s`. */
function barePatchTarget(s: Setup, issueId: string): BarePatchTarget {
  const sessionId = /session-id=([^;]+)/.exec(s.headers.cookie)?.[1] ?? '';
  return { sessionId, slug: s.slug, userId: s.userId, workspaceId: s.workspaceId, projectId: s.projectId, issueId };
}

/** One way of sending `PATCH issues/{id}/` {priority}: the step that sends the `i`-th PATCH to an issue. */
type PatchSide = (issueId: string) => (i: number) => Promise<unknown>;

/** The two baselines of a PATCH, on the variant's database, open until `close`. */
interface BarePatchSides {
  /** The essential statements from the bare driver, one transaction at a time. */
  statements: PatchSide;
  /** The same statements behind a bare Fastify route (bench/bare-write-server.ts), timed as the API's PATCH is. */
  fastify: PatchSide;
  close(): Promise<void>;
}

async function openBarePatchSides(databaseUrl: string, s: Setup): Promise<BarePatchSides> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const server = await start(ROOT, 'bench/bare-write-server.ts', { DATABASE_URL: databaseUrl, BARE_PATCH_TARGET: JSON.stringify(barePatchTarget(s, '')) });
  const raw = RawHttpClient.for(server.baseUrl, {});
  return {
    statements: (issueId) => {
      const target = barePatchTarget(s, issueId);
      return (i) => barePatch(sql, target, PRIORITIES[i % 2]);
    },
    fastify: (issueId) => async (i) => {
      const status = await raw.request('PATCH', `/issues/${issueId}/`, { priority: PRIORITIES[i % 2] });
      if (status !== 200) throw new Error(`bare PATCH → ${status}`);
    },
    async close() {
      raw.close();
      await server.stop();
      await sql.end();
    },
  };
}

/** Latencies of a run of PATCHes, as a Rate. */
function rateOf(latencies: number[]): Rate {
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return { perSecond: (latencies.length * 1000) / total, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * `count` PATCHes to `issueId` on every side, in PATCH_ROUNDS rounds that take the sides in turn
 * (the API's, then the bare statements', then the bare Fastify server's), so that a change of the
 * machine's load during the measurement falls on all three alike. After each round of the API the
 * server's after-commit reactions catch up first (`settle`): they are the API's work, not the
 * baselines'. A round's count is even, so each side ends a round on the priority it began it with
 * and every PATCH changes the value.
 */
async function interleavedPatches(sides: Record<'api' | 'statements' | 'fastify', PatchSide>, issueId: string, count: number, settle: () => Promise<unknown>): Promise<Record<'api' | 'statements' | 'fastify', Rate>> {
  const perRound = 2 * Math.ceil(count / PATCH_ROUNDS / 2);
  const latencies = { api: [] as number[], statements: [] as number[], fastify: [] as number[] };
  for (let round = 0; round < PATCH_ROUNDS; round++) {
    for (const side of ['api', 'statements', 'fastify'] as const) {
      const step = sides[side](issueId);
      // Untimed first: a side's process has sat idle through the other sides' turns.
      for (let i = 0; i < ROUND_WARM_UP; i++) await step(i);
      for (let i = 0; i < perRound; i++) {
        const at = performance.now();
        await step(round * perRound + i);
        latencies[side].push(performance.now() - at);
      }
      if (side === 'api') await settle();
    }
  }
  return { api: rateOf(latencies.api), statements: rateOf(latencies.statements), fastify: rateOf(latencies.fastify) };
}

async function bareFanOut(): Promise<FanOut> {
  const bare = await start(ROOT, 'bench/bare-live.ts', {});
  try {
    const fixture = { databaseUrl: '', user: { headers: { cookie: '' } } as never, slug: 'bare', workspaceId: '', projectPath: '', labelIds: ['x'], issueIds: [] };
    return await measureFanOut(bare.baseUrl, fixture, 0, FAN_OUT_PATCHES);
  } finally {
    await bare.stop();
  }
}

const ratio = (a: number, b: number) => (a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : '—');
/**
 * Fan-out p99 ÷ the bare server's. The delay is counted from the PATCH's answer, so it is negative
 * when even the slowest events left before the answer: no ratio then, but the target is met.
 */
const fanOutRatio = (p99: number, bareP99: number) => (p99 <= 0 ? `met: p99 ${p99} ms, every event before the answer` : ratio(p99, bareP99));
const rows = (counts: Record<string, number>) => Object.entries(counts).sort().map(([table, n]) => `${table} ${n}`).join(', ');

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const creates = Number(argValue(options, 'creates') ?? 600);
  const patches = Number(argValue(options, 'patches') ?? 200);
  const warmUp = Number(argValue(options, 'patch-warm-up') ?? DEFAULT_PATCH_WARM_UP);
  const profile = options.argv.includes('--profile');
  const beforeRef = argValue(options, 'before-ref');
  const head = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim();
  const loadBefore = loadLine();
  const variants: Array<Awaited<ReturnType<typeof measureVariant>>> = [];
  if (beforeRef) {
    const beforeRoot = unpack(beforeRef);
    const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', beforeRef]).toString().trim();
    try {
      variants.push(await measureVariant(`before (${commit})`, beforeRoot, { creates, patches, warmUp, profile }));
    } finally {
      rmSync(beforeRoot, { recursive: true, force: true });
    }
  }
  variants.push(await measureVariant(`this checkout (${head})`, ROOT, { creates, patches, warmUp, profile }));
  const last = variants[variants.length - 1];
  const bareCreate = await bareCreates(last.databaseUrl, last.setup, last.templateId, creates);
  const { barePatch, bareHttpPatch } = last;
  const bareFan = await bareFanOut();
  const loadAfter = loadLine();
  console.log('bare', JSON.stringify({ bareCreate, barePatch, bareHttpPatch, bareFan }));

  const lines = [
    `- Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; command \`npm run bench -- ${options.argv.join(' ')}\`; load average (1/5/15 min) before → after: ${loadBefore} → ${loadAfter} (2 cores shared with other sessions: compare ratios within this run).`,
    `- Each variant: a fresh \`boot/main.ts\` process on a fresh database of the system PostgreSQL, filled through the API (sign-up, workspace, project, 8 labels; 80 creates of warm-up). Creates: ${creates} \`POST issues/\` by ${CLIENTS} concurrent clients (a state, 2 labels, the creator assigned). PATCH: ${patches} \`PATCH issues/{id}/\` (priority) one at a time, after ${warmUp} to another issue and 20 to this one (every side alike; 20 and none before 2026-11-29 03:10 UTC), in ${PATCH_ROUNDS} rounds that take the API and its two baselines in turn, each turn after ${ROUND_WARM_UP} untimed PATCHes (from 2026-11-29 04:04 UTC; before, each side sent all its PATCHes at once, the baselines minutes after the API, after the bare creates), over one raw keep-alive socket (bench/raw-http.ts; the runs before 2026-11-28 13:00 UTC used fetch, about 1 ms a request more). Fan-out: 500 subscribed sockets, ${FAN_OUT_PATCHES} \`PATCH issue-labels/{id}/\` 100 ms apart (20 before 2026-11-28 15:40 UTC), response read → event on every socket.`,
    `- Bare baselines (same run, same database as the last variant; the PATCH's are each variant's own, timed in its rounds): creates = ${CLIENTS} \`postgres\`-driver transactions inserting copies of an API-created issue's rows (sequence, issue, assignees, labels, subscribers, mentions, activity, change rows under the same advisory lock); PATCH = its essential statements (session with membership, row lock, update, activity row, two change rows under the lock; the session and membership as two statements before 2026-11-28 15:40 UTC); fan-out = \`bench/bare-live.ts\` (a bare \`ws\` server broadcasting on each HTTP request). The PATCH's HTTP floor (from 2026-11-29): the same statements behind a bare Fastify route (\`bench/bare-write-server.ts\`, no plugins, answers the updated row), timed as the API's PATCH — what any HTTP service costs on this machine; API ÷ it is the app's own work.`,
    '',
    '| variant | creates/s (8 clients) | create p50 / p99 | rows per create | PATCH p50 / p99 | fan-out 500 p50 / p99 |',
    '|---|---|---|---|---|---|',
    ...variants.map((v) => `| ${v.label} | ${v.creates.perSecond.toFixed(1)} | ${ms(v.creates.p50)} / ${ms(v.creates.p99)} | ${rows(v.rowsPerCreate)} | ${ms(v.patch.p50)} / ${ms(v.patch.p99)} | ${v.fanOut.p50} / ${v.fanOut.p99} ms${v.fanOut.missing ? ` (${v.fanOut.missing} missing)` : ''} |`),
    `| bare driver / bare ws | ${bareCreate.rate.perSecond.toFixed(1)} | ${ms(bareCreate.rate.p50)} / ${ms(bareCreate.rate.p99)} | ${rows(bareCreate.rowsPerCreate)} | ${ms(barePatch.p50)} / ${ms(barePatch.p99)} | ${bareFan.p50} / ${bareFan.p99} ms |`,
    `| bare Fastify + the PATCH's statements | — | — | — | ${ms(bareHttpPatch.p50)} / ${ms(bareHttpPatch.p99)} (${ratio(bareHttpPatch.p50, barePatch.p50)} the statements) | — |`,
    '',
    '| variant | creates/s ÷ bare (target ≥ 0.5×) | PATCH p50 ÷ bare (target ≤ 2×) | PATCH p50 ÷ bare Fastify + statements | fan-out p99 ÷ bare (target ≤ 2×) |',
    '|---|---|---|---|---|',
    ...variants.map((v) => `| ${v.label} | ${ratio(v.creates.perSecond, bareCreate.rate.perSecond)} | ${ratio(v.patch.p50, v.barePatch.p50)} | ${ratio(v.patch.p50, v.bareHttpPatch.p50)} | ${fanOutRatio(v.fanOut.p99, bareFan.p99)} |`),
  ];
  for (const v of variants.filter((variant) => variant.profile.length)) lines.push('', `CPU profile of the server, ${v.label} (\`node --cpu-prof\`, whole run; self time):`, '', '```', ...v.profile, '```');
  return { title: 'Write path — `bench/write-path.ts`', markdown: lines.join('\n') };
}
