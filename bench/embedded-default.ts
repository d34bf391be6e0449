// "Embedded default" benchmark (`npm run bench -- --only embedded-default [--before-ref=<commit>]
// [--settle=65] [--issues=5000]`): what a user of `npm start` gets. For each instance — PGlite
// before (the code at --before-ref, unpacked to a temp dir), PGlite after (EMBEDDED_DB=pglite),
// the system PostgreSQL (DATABASE_URL, a fresh database) and the embedded PostgreSQL default (no
// DATABASE_URL) — a fresh server is started exactly as `npm start` starts it (boot/main.ts, its
// own process, a new DATA_DIR), filled THROUGH THE API (sign-up, workspace, project, labels, N
// issues with labels, assignees and sub-issues; no seed, no ANALYZE of our own), left alone for
// --settle seconds (one maintenance / autovacuum cycle: an instance a minute after its import), then
// measured: the 100-item list and the grouped list at 1 and 16 connections, and live fan-out to 500
// sockets (PATCH response → event on every socket), beside a bare `ws` server (bench/bare-live.ts).
// Only loopback; every run is bounded in time.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRandom } from '../db/seed/generate';
import { Clients, fanOut, type Fixture, type Server } from './live';
import { ROOT, freshDatabase, load, loadLine, machineLine, ms, type BenchOptions, type LoadResult } from './harness';

const CONNECTIONS = 16;
const SOCKETS = 500;
const FILL_CONCURRENCY = 8;
const CSRF = 'b'.repeat(64);
const LIST = 'per_page=100&order_by=-created_at';
const GROUPED = 'group_by=state_id&per_page=50&order_by=sort_order';

interface Target {
  key: string;
  label: string;
  /** The tree whose entry (boot/main.ts; server/main.ts before #11) runs (the repository, or the unpacked --before-ref). */
  root: string;
  env: Record<string, string | undefined>;
}

interface Instance {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

interface Measured {
  target: Target;
  fillSeconds: number;
  list1: LoadResult;
  list16: LoadResult;
  grouped1: LoadResult;
  grouped16: LoadResult;
  fanOut: FanOut;
}

/** Fan-out latencies (ms): PATCH response read → event, and PATCH sent → event (p99). */
export interface FanOut {
  p50: number;
  p99: number;
  sendP99: number;
  missing: number;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const argValue = (options: BenchOptions, name: string) => options.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

/** Starts `node --import tsx <script>` in `root` and waits for its URL line (main.ts or bare-live.ts). */
export async function start(root: string, script: string, env: Record<string, string | undefined>, nodeArgs: string[] = []): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output) ?? /listening http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
  return {
    child,
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  };
}

/** Sends JSON with the signed-in headers; throws on a non-2xx answer. */
export async function api<T>(baseUrl: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** What a bench starts from: the first admin signed in, a workspace `bench`, a project and 8 labels. */
export interface BenchProject {
  headers: Record<string, string>;
  userId: string;
  slug: string;
  workspaceId: string;
  projectId: string;
  projectPath: string;
  stateIds: string[];
  labelIds: string[];
}

/** Signs up the first admin (with `password`) and creates the workspace, the project and 8 labels through the API. */
export async function setUpBenchProject(baseUrl: string, password: string): Promise<BenchProject> {
  const signUp = await fetch(`${baseUrl}/api/instances/admins/sign-up/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password, first_name: 'Bench', company_name: 'Bench Co' }),
  });
  if (signUp.status >= 400) throw new Error(`sign-up → ${signUp.status}: ${await signUp.text()}`);
  const cookies = signUp.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const headers = { cookie: [...cookies, `csrftoken=${CSRF}`].join('; '), 'x-csrftoken': CSRF };
  const me = await api<{ id: string }>(baseUrl, headers, 'GET', '/api/users/me/');
  const workspace = await api<{ id: string; slug: string }>(baseUrl, headers, 'POST', '/api/workspaces/', { name: 'Bench', slug: 'bench' });
  const project = await api<{ id: string }>(baseUrl, headers, 'POST', `/api/workspaces/${workspace.slug}/projects/`, { name: 'Bench project', identifier: 'BENCH' });
  const projectPath = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
  const states = await api<Array<{ id: string }> | { results: Array<{ id: string }> }>(baseUrl, headers, 'GET', `${projectPath}/states/`);
  const stateIds = (Array.isArray(states) ? states : states.results).map((state) => state.id);
  const labelIds: string[] = [];
  for (let i = 0; i < 8; i++) labelIds.push((await api<{ id: string }>(baseUrl, headers, 'POST', `${projectPath}/issue-labels/`, { name: `label ${i}` })).id);
  return { headers, userId: me.id, slug: workspace.slug, workspaceId: workspace.id, projectId: project.id, projectPath, stateIds, labelIds };
}

/** Signs up the first admin, creates a workspace, a project and 8 labels, then `issues` issues. */
async function fill(baseUrl: string, issues: number): Promise<Fixture & { headers: Record<string, string> }> {
  const { headers, userId, slug, workspaceId, projectPath, stateIds, labelIds } = await setUpBenchProject(baseUrl, 'Bench-embedded-default-9');

  const random = createRandom(7);
  const priorities = ['urgent', 'high', 'medium', 'low', 'none'];
  const issueIds: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: FILL_CONCURRENCY }, async () => {
      while (next < issues) {
        const index = next++;
        const body: Record<string, unknown> = {
          name: `Bench issue ${index}`,
          priority: priorities[Math.floor(random() * priorities.length)],
          state_id: stateIds[Math.floor(random() * stateIds.length)],
          label_ids: labelIds.filter(() => random() < 0.15),
          assignee_ids: random() < 0.6 ? [userId] : [],
        };
        if (issueIds.length > 0 && random() < 0.05) body.parent_id = issueIds[Math.floor(random() * issueIds.length)];
        issueIds.push((await api<{ id: string }>(baseUrl, headers, 'POST', `${projectPath}/issues/`, body)).id);
      }
    }),
  );
  return { databaseUrl: '', user: { headers } as never, slug, workspaceId, projectPath, labelIds, issueIds, headers };
}

/** 2 s warm-up at 16 connections, then `seconds` at 1 and at 16. */
async function measureList(url: string, headers: Record<string, string>, seconds: number) {
  await load({ url, connections: CONNECTIONS, seconds: 2, headers });
  const one = await load({ url, connections: 1, seconds, headers });
  const sixteen = await load({ url, connections: CONNECTIONS, seconds, headers });
  return { one, sixteen };
}

/** Fan-out of 20 PATCHes (100 ms apart) to `SOCKETS` subscribed sockets (two subscriber processes). */
/** Response → event at SOCKETS sockets over `patches` PATCHes 100 ms apart (p99 over all their events). */
export async function measureFanOut(baseUrl: string, fixture: Fixture, since: number, patches = 20): Promise<FanOut> {
  const groups = [new Clients(), new Clients()];
  try {
    await Promise.all(
      groups.map((clients) =>
        clients.request({ type: 'open', url: `${baseUrl.replace(/^http/, 'ws')}/live/`, cookie: fixture.user.headers.cookie, slug: fixture.slug, since, count: SOCKETS / 2 }, 'opened'),
      ),
    );
    await sleep(1000);
    const result = await fanOut({ baseUrl } as Server, fixture, groups, SOCKETS, patches);
    return { p50: result.response.p50, p99: result.response.p99, sendP99: result.send.p99, missing: result.missing };
  } finally {
    await Promise.all(groups.map((clients) => clients.close()));
  }
}

async function measureTarget(target: Target, options: { issues: number; settle: number; seconds: number }): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), `trellis-bench-${target.key}-`));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRELLIS_SKIP_CLIENT_BUILD: '1',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef',
    RATE_LIMIT_API_KEY_PER_MIN: '100000000',
    RATE_LIMIT_AUTH_PER_MIN: '100000000',
    RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100000000',
    ...target.env,
  };
  const instance = await start(target.root, existsSync(join(target.root, 'boot/main.ts')) ? 'boot/main.ts' : 'server/main.ts', env);
  try {
    const started = Date.now();
    const fixture = await fill(instance.baseUrl, options.issues);
    const fillSeconds = (Date.now() - started) / 1000;
    console.log(`${target.key}: filled ${options.issues} issues in ${fillSeconds.toFixed(0)} s; settling ${options.settle} s`);
    await sleep(options.settle * 1000);
    const listUrl = `${instance.baseUrl}${fixture.projectPath}/issues/?${LIST}`;
    const first = await fetch(listUrl, { headers: fixture.headers });
    if (first.status !== 200) throw new Error(`list → ${first.status}: ${await first.text()}`);
    const since = Number(first.headers.get('x-sync-cursor') ?? 0);
    await first.arrayBuffer();
    const list = await measureList(listUrl, fixture.headers, options.seconds);
    const grouped = await measureList(`${instance.baseUrl}${fixture.projectPath}/issues/?${GROUPED}`, fixture.headers, options.seconds);
    const fan = await measureFanOut(instance.baseUrl, fixture, since);
    const measured = { target, fillSeconds, list1: list.one, list16: list.sixteen, grouped1: grouped.one, grouped16: grouped.sixteen, fanOut: fan };
    console.log(target.key, JSON.stringify(measured, (key, value) => (key === 'target' ? undefined : value)));
    return measured;
  } finally {
    await instance.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The tree of `ref` unpacked into a temp dir (sharing this checkout's node_modules). */
export function unpack(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-bench-before-'));
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const cell = (result: LoadResult) =>
  result.rps === 0
    ? `none completed${result.errors ? ` (${result.errors} errors)` : ''}`
    : `${ms(result.p50)} / ${ms(result.p99)}${result.errors + result.non2xx ? ` (${result.errors + result.non2xx} failed)` : ''}`;
const rps = (result: LoadResult) => result.rps.toFixed(0);
const ratio = (a: number, b: number) => (a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : '—');
const fanCell = (fan: FanOut) => `${fan.p50} / ${fan.p99} ms (sent → event p99 ${fan.sendP99} ms)${fan.missing ? `, ${fan.missing} missing` : ''}`;

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const issues = Number(argValue(options, 'issues') ?? 5000);
  const settle = Number(argValue(options, 'settle') ?? 65);
  const beforeRef = argValue(options, 'before-ref');
  const only = argValue(options, 'targets')?.split(',');
  const seconds = options.seconds;
  const beforeRoot = beforeRef ? unpack(beforeRef) : null;
  const beforeCommit = beforeRef ? execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', beforeRef]).toString().trim() : '';
  const head = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim();
  const targets: Target[] = [
    ...(beforeRoot ? [{ key: 'pglite-before', label: `PGlite before (${beforeCommit}) — fresh instance, no manual ANALYZE`, root: beforeRoot, env: { DATABASE_URL: undefined } }] : []),
    { key: 'pglite-after', label: 'PGlite after (`EMBEDDED_DB=pglite`, maintenance job)', root: ROOT, env: { DATABASE_URL: undefined, EMBEDDED_DB: 'pglite' } },
    { key: 'postgres', label: 'PostgreSQL (system, 127.0.0.1:5432, autovacuum off)', root: ROOT, env: { DATABASE_URL: await freshDatabase('trellis_bench_embedded_default') } },
    { key: 'embedded', label: 'embedded PostgreSQL (the `npm start` default)', root: ROOT, env: { DATABASE_URL: undefined, EMBEDDED_DB: undefined } },
  ].filter((target) => !only || only.includes(target.key));
  const loadBefore = loadLine();
  const results: Measured[] = [];
  try {
    for (const target of targets) results.push(await measureTarget(target, { issues, settle, seconds }));
  } finally {
    if (beforeRoot) rmSync(beforeRoot, { recursive: true, force: true });
  }
  const bare = await start(ROOT, 'bench/bare-live.ts', {});
  let bareFan: FanOut;
  try {
    const fixture = { databaseUrl: '', user: { headers: { cookie: '' } } as never, slug: 'bare', workspaceId: '', projectPath: '', labelIds: ['x'], issueIds: [] };
    bareFan = await measureFanOut(bare.baseUrl, fixture, 0);
  } finally {
    await bare.stop();
  }
  const loadAfter = loadLine();

  const rows = results.map(
    (r) =>
      `| ${r.target.label} | ${r.fillSeconds.toFixed(0)} s | ${cell(r.list1)} | ${cell(r.list16)} (${rps(r.list16)}/s) | ${cell(r.grouped1)} | ${cell(r.grouped16)} (${rps(r.grouped16)}/s) | ${fanCell(r.fanOut)} |`,
  );
  rows.push(`| bare \`ws\` server (bench/bare-live.ts) | — | — | — | — | — | ${fanCell(bareFan)} |`);
  const byKey = new Map(results.map((r) => [r.target.key, r]));
  const versus = (key: string, base: Measured | undefined) => {
    const r = byKey.get(key);
    if (!r || !base) return [];
    return [
      `| ${r.target.label} / PostgreSQL | ${ratio(r.list1.p50, base.list1.p50)} / ${ratio(r.list1.p99, base.list1.p99)} | ${ratio(r.list16.p50, base.list16.p50)} / ${ratio(r.list16.p99, base.list16.p99)} | ${ratio(r.grouped1.p50, base.grouped1.p50)} / ${ratio(r.grouped1.p99, base.grouped1.p99)} | ${ratio(r.grouped16.p50, base.grouped16.p50)} / ${ratio(r.grouped16.p99, base.grouped16.p99)} | ${ratio(r.fanOut.p99, bareFan.p99)} of bare |`,
    ];
  };
  const postgres = byKey.get('postgres');
  const lines = [
    `- Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}; code ${head}; command \`npm run bench -- ${options.argv.join(' ')}\`.`,
    `- Each instance: a fresh \`boot/main.ts\` process with a new DATA_DIR (as \`npm start\` starts it), filled through the API by ${FILL_CONCURRENCY} concurrent clients — first-admin sign-up, workspace, project, 8 labels, ${issues} issues (random state and priority, each label with p 0.15, the owner assigned with p 0.6, 5 % sub-issues of an earlier issue). No seed script and no ANALYZE of the benchmark's own: what the product does by itself is all there is. Then ${settle} s left alone (at least one maintenance-job / autovacuum cycle: the instance a minute or two after its import) before measuring.`,
    `- Lists: autocannon on \`issues/?${LIST}\` (100-item list) and \`issues/?${GROUPED}\` (grouped), 2 s warm-up, then ${seconds} s at 1 and ${seconds} s at ${CONNECTIONS} connections; cells are p50 / p99 (req/s at ${CONNECTIONS}).`,
    `- Fan-out: ${SOCKETS} subscribed /live sockets in two subscriber processes (bench/live-clients.ts), 20 \`PATCH issue-labels/{id}/\` 100 ms apart; latency = PATCH response read → event read on each socket, p50 / p99 (negative: the event came before the response was read).`,
    `- Load average (1/5/15 min) before → after: ${loadBefore} → ${loadAfter} (2 cores shared with other work: compare within this run).`,
    '',
    '| instance | fill | list 1 conn | list 16 conn | grouped 1 conn | grouped 16 conn | fan-out 500 p50 / p99 |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Ratios (p50 / p99) against the system PostgreSQL in the same run; targets: the embedded default within 2× at 1 and 16 connections, fan-out p99 within 2× of the bare `ws` server.',
    '',
    '| ratio | list 1 conn | list 16 conn | grouped 1 conn | grouped 16 conn | fan-out p99 |',
    '|---|---|---|---|---|---|',
    ...versus('embedded', postgres),
    ...versus('pglite-after', postgres),
    ...versus('pglite-before', postgres),
    ...(postgres ? [`| PostgreSQL (system) | 1× | 1× | 1× | 1× | ${ratio(postgres.fanOut.p99, bareFan.p99)} of bare |`] : []),
  ];
  return { title: 'Embedded default — `bench/embedded-default.ts`', markdown: lines.join('\n') };
}
