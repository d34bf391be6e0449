// Live stream benchmark (`npm run bench live [-- --soak] [--cost-only] [--max-sockets=N]`). Three kinds of process
// on loopback: the server (`boot/main.ts`, its own process, on a dedicated Postgres database), two
// forked subscriber processes (bench/live-clients.ts: N/2 WebSockets each, arrival times back over
// IPC) and this process, which only sends PATCHes and reads their responses — so the clock that
// stamps "response read" is not starved by the sockets it measures. Figures: fan-out latency from
// a PATCH's response to its event on every socket (N = 10…5000), the highest event rate to 1000
// sockets with p99 ≤ 100 ms, server memory per idle socket, and `PATCH issues/{id}/` throughput
// with vs without the change log (a second server with TRELLIS_BENCH_SKIP_CHANGE_LOG=1, same run).
// `--soak`: 500 sockets, 10 writers, 5 minutes; lost and duplicated events, server RSS over time.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase } from '../db/client';
import { labels } from '../db/schema/index';
import { workspaceHead } from '../server/live/record-change';
import type { TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';
import { ROOT, freshDatabase, machineLine, median, type BenchOptions } from './harness';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const load = () => loadavg().map((value) => value.toFixed(1)).join(' / ');

export interface Fixture {
  databaseUrl: string;
  user: TestUser;
  slug: string;
  workspaceId: string;
  projectPath: string;
  labelIds: string[];
  issueIds: string[];
}

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  rssMb(): number;
  /** Forces a full GC in the server and returns its memory (only for servers started with `gc: true`). */
  collect(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

export async function startServer(fixture: Fixture, extraEnv: Record<string, string> = {}, options: { gc?: boolean } = {}): Promise<Server> {
  // `gc`: `--expose-gc` plus the bench-only preload bench/gc-hook.ts, reached over an IPC channel.
  const args = options.gc ? ['--expose-gc', '--import', 'tsx', '--import', join(ROOT, 'bench', 'gc-hook.ts')] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...args, join(ROOT, 'boot', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: fixture.databaseUrl,
      DATA_DIR: join(tmpdir(), 'trellis-bench-live'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRELLIS_SKIP_CLIENT_BUILD: '1',
      SECRET_KEY: 'bench-secret-0123456789abcdef',
      ...extraEnv,
    },
    stdio: options.gc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    child,
    baseUrl,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    collect: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server did not answer the gc request (started without gc: true?)')), 30_000);
        child.once('message', (message: { type?: string } & NodeJS.MemoryUsage) => {
          clearTimeout(timer);
          resolve(message);
        });
        child.send({ type: 'gc' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** One forked subscriber process. */
export class Clients {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, (message: Record<string, unknown>) => void>();

  constructor() {
    this.child = fork(join(ROOT, 'bench', 'live-clients.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: Record<string, unknown>) => {
      const waiter = this.waiting.get(String(message.type));
      this.waiting.delete(String(message.type));
      waiter?.(message);
    });
  }

  request<T = Record<string, unknown>>(command: Record<string, unknown>, answer: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting.set(answer, (message) => (message.type === 'error' ? reject(new Error(String(message.message))) : resolve(message as T)));
      this.waiting.set('error', (message) => reject(new Error(String(message.message))));
      this.child.send(command);
    });
  }

  async close() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.request({ type: 'close' }, 'closed').catch(() => {});
    await exited;
  }
}

/** Opens `count` subscribed sockets split over two subscriber processes. */
async function openSockets(fixture: Fixture, server: Server, count: number): Promise<Clients[]> {
  const since = await workspaceHeadOf(fixture);
  const groups = [new Clients(), new Clients()];
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/live/`;
  await Promise.all(
    groups.map((clients, index) => {
      const share = Math.floor(count / 2) + (index === 0 ? count % 2 : 0);
      return clients.request({ type: 'open', url, cookie: fixture.user.headers.cookie, slug: fixture.slug, since, count: share }, 'opened');
    }),
  );
  return groups;
}

let headDb: ReturnType<typeof createDatabase> | null = null;
async function workspaceHeadOf(fixture: Fixture) {
  headDb ??= createDatabase({ databaseUrl: fixture.databaseUrl, maxConnections: 1 });
  return workspaceHead((await headDb).db, fixture.workspaceId);
}

interface Timing {
  sentAt: number;
  answeredAt: number;
}

async function patch(server: Server, fixture: Fixture, path: string, body: unknown, mutationId?: string): Promise<Timing & { ok: boolean }> {
  const sentAt = now();
  try {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'PATCH',
      headers: { ...fixture.user.headers, 'content-type': 'application/json', ...(mutationId ? { 'x-client-mutation-id': mutationId } : {}) },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { sentAt, answeredAt: now(), ok: response.ok };
  } catch {
    return { sentAt, answeredAt: now(), ok: false };
  }
}

const labelPath = (fixture: Fixture, index: number) => `${fixture.projectPath}/issue-labels/${fixture.labelIds[index % fixture.labelIds.length]}/`;

/** Collects arrivals of PATCHes `sent` from the subscriber processes; waits until all arrived or `waitMs`. */
async function collect(groups: Clients[], prefix: string, sent: Map<string, Timing>, sockets: number, waitMs: number) {
  const arrivals = new Map<string, number[]>();
  const deadline = Date.now() + waitMs;
  let reconnects = 0;
  for (;;) {
    const reports = await Promise.all(groups.map((clients) => clients.request<{ arrivals: Record<string, number[]>; reconnects: number }>({ type: 'report', prefix }, 'report')));
    reconnects = reports.reduce((total, report) => total + report.reconnects, 0);
    for (const report of reports) for (const [id, times] of Object.entries(report.arrivals)) arrivals.set(id, [...(arrivals.get(id) ?? []), ...times]);
    const received = [...sent.keys()].reduce((total, id) => total + Math.min(sockets, arrivals.get(id)?.length ?? 0), 0);
    if (received >= sockets * sent.size || Date.now() > deadline) break;
    await sleep(200);
  }
  const fromResponse: number[] = [];
  const fromSend: number[] = [];
  for (const [id, timing] of sent) {
    for (const at of arrivals.get(id) ?? []) {
      fromResponse.push(at - timing.answeredAt);
      fromSend.push(at - timing.sentAt);
    }
  }
  // Spread: each arrival minus the first arrival of the same event on any socket (the fan-out alone).
  const spread: number[] = [];
  for (const id of sent.keys()) {
    const times = arrivals.get(id) ?? [];
    const first = Math.min(...times);
    for (const at of times) spread.push(at - first);
  }
  return { fromResponse, fromSend, spread, missing: sockets * sent.size - Math.min(fromResponse.length, sockets * sent.size), reconnects };
}

const stats = (values: number[]) => ({ p50: round(percentile(values, 50)), p99: round(percentile(values, 99)), max: round(Math.max(...values)) });

export async function fanOut(server: Server, fixture: Fixture, groups: Clients[], sockets: number, patches: number) {
  const prefix = `fan-${sockets}-${randomBytes(2).toString('hex')}-`;
  const sent = new Map<string, Timing>();
  for (let i = 0; i < patches; i++) {
    const id = `${prefix}${i}`;
    const timing = await patch(server, fixture, labelPath(fixture, 0), { name: id }, id);
    if (timing.ok) sent.set(id, timing);
    await sleep(100);
  }
  const result = await collect(groups, prefix, sent, sockets, 20_000);
  return { sockets, patches: sent.size, response: stats(result.fromResponse), send: stats(result.fromSend), missing: result.missing, reconnects: result.reconnects };
}

/** Steps the PATCH rate up (3 s per step) until the p99 response → event passes 100 ms or events go missing. */
export async function sustainedRate(server: Server, fixture: Fixture, groups: Clients[], sockets: number) {
  const steps: Array<{ patchesPerSec: number; eventsPerSec: number; p99: number; spreadP99: number; missing: number; achieved: number }> = [];
  let best = 0;
  for (const rate of [5, 10, 20, 40, 80, 160]) {
    const prefix = `rate-${rate}-${randomBytes(2).toString('hex')}-`;
    const sent = new Map<string, Timing>();
    const pending: Promise<void>[] = [];
    const total = rate * 3;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const id = `${prefix}${i}`;
      pending.push(patch(server, fixture, labelPath(fixture, i), { name: id }, id).then((timing) => void (timing.ok && sent.set(id, timing))));
      await sleep(Math.max(0, started + ((i + 1) * 1000) / rate - performance.now()));
    }
    await Promise.all(pending);
    const achieved = (sent.size * 1000) / (performance.now() - started);
    const result = await collect(groups, prefix, sent, sockets, 20_000);
    const p99 = round(percentile(result.fromResponse, 99));
    const spreadP99 = round(percentile(result.spread, 99));
    // Events/s counts what the server actually committed and fanned out (PATCHes that completed per second).
    steps.push({ patchesPerSec: rate, eventsPerSec: Math.round(achieved * sockets), p99, spreadP99, missing: result.missing, achieved: round(achieved) });
    console.log('rate step', steps[steps.length - 1]);
    if (p99 > 100 || spreadP99 > 100 || result.missing > 0) break;
    best = Math.max(best, Math.round(achieved * sockets));
    // The server cannot commit PATCHes this fast: the writes, not the fan-out, are the limit.
    if (achieved < rate * 0.7) break;
    await sleep(1000);
  }
  return { sockets, sustainedEventsPerSec: best, steps };
}

/** `PATCH issues/{id}/` throughput: 16 concurrent writers (one issue each) for `seconds`. */
/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function patchThroughput(server: Server, fixture: Fixture, seconds: number) {
  const cpuStart = cpuMs(server.child.pid);
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    fixture.issueIds.map(async (issueId, writer) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const timing = await patch(server, fixture, `${fixture.projectPath}/issues/${issueId}/`, { name: `w${writer}-${i}`, priority: i % 2 ? 'high' : 'low' });
        if (timing.ok) {
          done += 1;
          latencies.push(timing.answeredAt - timing.sentAt);
        } else failed += 1;
      }
    }),
  );
  return { perSec: done / seconds, p50: percentile(latencies, 50), failed, cpuMsPerPatch: (cpuMs(server.child.pid) - cpuStart) / done };
}

/**
 * With vs without the change log, on two servers started fresh for this comparison only (neither has
 * served sockets or other load before, so only the log differs), same database, same issues. Each
 * round runs both, the order alternating (with → without, then without → with, …) so neither side
 * always gets the warmer or the quieter slot.
 */
async function compareChangeLog(fixture: Fixture, seconds: number, rounds = 4) {
  const withLog = await startServer(fixture);
  const withoutLog = await startServer(fixture, { TRELLIS_BENCH_SKIP_CHANGE_LOG: '1' });
  try {
    await patchThroughput(withLog, fixture, 2);
    await patchThroughput(withoutLog, fixture, 2);
    const runs: Array<{ log: boolean } & Awaited<ReturnType<typeof patchThroughput>>> = [];
    for (let round = 0; round < rounds; round++) {
      for (const log of round % 2 === 0 ? [true, false] : [false, true]) {
        runs.push({ log, ...(await patchThroughput(log ? withLog : withoutLog, fixture, seconds)) });
      }
    }
    const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
    const withRate = mean(runs.filter((run) => run.log).map((run) => run.perSec));
    const withoutRate = mean(runs.filter((run) => !run.log).map((run) => run.perSec));
    return {
      writers: fixture.issueIds.length,
      seconds,
      rounds,
      runs,
      withLog: round(withRate),
      withoutLog: round(withoutRate),
      withP50: round(median(runs.filter((run) => run.log).map((run) => run.p50))),
      withoutP50: round(median(runs.filter((run) => !run.log).map((run) => run.p50))),
      ratio: round(withRate / withoutRate, 2),
      withCpuMs: round(mean(runs.filter((run) => run.log).map((run) => run.cpuMsPerPatch)), 2),
      withoutCpuMs: round(mean(runs.filter((run) => !run.log).map((run) => run.cpuMsPerPatch)), 2),
      failed: runs.reduce((total, run) => total + run.failed, 0),
    };
  } finally {
    await Promise.all([withLog.stop(), withoutLog.stop()]);
  }
}

async function soak(server: Server, fixture: Fixture) {
  const groups = await openSockets(fixture, server, 500);
  await sleep(3000);
  const rssStart = server.rssMb();
  const rssSamples: number[] = [round(rssStart)];
  const sampler = setInterval(() => rssSamples.push(round(server.rssMb())), 30_000);
  const sent = new Map<string, Timing>();
  const failed: number[] = [];
  let seq = 0;
  const deadline = Date.now() + 5 * 60_000;
  await Promise.all(
    Array.from({ length: 10 }, async (_, writer) => {
      while (Date.now() < deadline) {
        const mine = seq++;
        const id = `soak-${mine}`;
        const timing = await patch(server, fixture, labelPath(fixture, writer), { name: id }, id);
        if (timing.ok) sent.set(id, timing);
        else failed.push(mine);
        await sleep(200);
      }
    }),
  );
  clearInterval(sampler);
  // Let every socket drain (and any dropped one reconnect and replay) before counting.
  await sleep(15_000);
  const rssEnd = server.rssMb();
  const tallies = await Promise.all(
    groups.map((clients) =>
      clients.request<{ lost: number; duplicated: number; sockets: number; sample: Record<string, number[]>; reconnects: number; closeCodes: Record<string, number> }>({ type: 'tally', max: seq - 1, failed }, 'tally'),
    ),
  );
  const latencies: number[] = [];
  for (const tally of tallies) {
    for (const [id, times] of Object.entries(tally.sample)) {
      const timing = sent.get(id);
      if (timing) for (const at of times) latencies.push(at - timing.answeredAt);
    }
  }
  await Promise.all(groups.map((clients) => clients.close()));
  const closeCodes: Record<string, number> = {};
  for (const tally of tallies) for (const [code, count] of Object.entries(tally.closeCodes)) closeCodes[code] = (closeCodes[code] ?? 0) + count;
  return {
    sockets: tallies.reduce((total, tally) => total + tally.sockets, 0),
    writers: 10,
    minutes: 5,
    patches: sent.size,
    failedPatches: failed.length,
    events: sent.size * 500,
    lost: tallies.reduce((total, tally) => total + tally.lost, 0),
    duplicated: tallies.reduce((total, tally) => total + tally.duplicated, 0),
    reconnects: tallies.reduce((total, tally) => total + tally.reconnects, 0),
    closeCodes,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    rssStartMb: round(rssStart),
    rssEndMb: round(rssEnd),
    rssSamples,
  };
}

/**
 * Memory per idle connection on a fresh server process (RSS of a server that already ran load holds
 * freed heap that new sockets reuse, which would understate the cost), started with `--expose-gc`:
 * a full GC before each reading, then the growth per socket of the retained JS memory (V8 heap used
 * + external/array buffers) and of RSS, after warm-up → with 1000 and with 5000 idle subscribed sockets.
 */
async function idleMemory(fixture: Fixture, maxSockets: number) {
  const server = await startServer(fixture, {}, { gc: true });
  const rows: Result['memory'] = [];
  const groups: Clients[] = [];
  const MiB = 1024 * 1024;
  const retained = (usage: NodeJS.MemoryUsage) => (usage.heapUsed + usage.external) / MiB;
  try {
    await patch(server, fixture, labelPath(fixture, 0), { name: 'warm-up' });
    await sleep(3000);
    const before = await server.collect();
    for (const [open, total] of [[1000, 1000], [4000, 5000]].filter(([, count]) => count <= maxSockets)) {
      groups.push(...(await openSockets(fixture, server, open)));
      await sleep(3000);
      const after = await server.collect();
      rows.push({
        sockets: total,
        heapBeforeMb: round(retained(before)),
        heapAfterMb: round(retained(after)),
        heapKbPerSocket: round(((retained(after) - retained(before)) * 1024) / total),
        rssBeforeMb: round(before.rss / MiB),
        rssAfterMb: round(after.rss / MiB),
        kbPerSocket: round(((after.rss - before.rss) / 1024) / total),
      });
    }
  } finally {
    await Promise.all(groups.map((clients) => clients.close()));
    await server.stop();
  }
  return rows;
}

export async function seed(): Promise<Fixture> {
  const databaseUrl = await freshDatabase('trellis_bench_live');
  const database = await createDatabase({ databaseUrl, maxConnections: 4 });
  await database.migrate();
  const server = { database } as unknown as TestServer;
  const user = await buildUser(server);
  const workspace = await buildWorkspace(server, user);
  const project = await buildProject(server, workspace, user);
  const labelRows = await database.db
    .insert(labels)
    .values(Array.from({ length: 16 }, (_, i) => ({ name: `bench ${i}`, projectId: project.id, workspaceId: workspace.id, sortOrder: i })))
    .returning();
  await database.close();
  return {
    databaseUrl,
    user,
    slug: workspace.slug,
    workspaceId: workspace.id,
    projectPath: `/api/workspaces/${workspace.slug}/projects/${project.id}`,
    labelIds: labelRows.map((row) => row.id),
    issueIds: [],
  };
}

async function createIssues(server: Server, fixture: Fixture, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.baseUrl}${fixture.projectPath}/issues/`, {
      method: 'POST',
      headers: { ...fixture.user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench issue ${i}` }),
    });
    if (response.status !== 201) throw new Error(`POST issues/ → ${response.status}: ${await response.text()}`);
    fixture.issueIds.push(((await response.json()) as { id: string }).id);
  }
}

export async function run(options: BenchOptions) {
  const soakOnly = options.argv.includes('--soak-only');
  const withSoak = soakOnly || options.argv.includes('--soak');
  const maxSockets = Number(options.argv.find((arg) => arg.startsWith('--max-sockets='))?.split('=')[1] ?? 5000);
  const loadAtStart = load();
  const fixture = await seed();
  let server = await startServer(fixture);
  if (options.argv.includes('--cost-only')) return costOnly(fixture, server, loadAtStart);
  const result: Result = { loadAtStart, loadAtEnd: '', fanouts: [], memory: [], rate: null, writes: null, soak: null };
  try {
    await createIssues(server, fixture, 16);
    await patch(server, fixture, labelPath(fixture, 0), { name: 'warm-up' });
    if (!soakOnly) {
      result.memory = await idleMemory(fixture, maxSockets);
      console.log('idle memory', result.memory);
      if (options.argv.includes('--memory-only')) return { title: TITLE, markdown: report({ ...result, loadAtEnd: load() }, options) };
      result.writes = await compareChangeLog(fixture, 6);
      console.log('PATCH throughput', result.writes);
      for (const n of [10, 100, 1000, 5000].filter((count) => count <= maxSockets)) {
        await sleep(1000);
        const groups = await openSockets(fixture, server, n);
        await sleep(1000);
        result.fanouts.push(await fanOut(server, fixture, groups, n, 20));
        console.log('fan-out', result.fanouts[result.fanouts.length - 1]);
        if (n === 1000) {
          result.rate = await sustainedRate(server, fixture, groups, n);
          console.log('sustained', result.rate);
        }
        await Promise.all(groups.map((clients) => clients.close()));
      }
    }
    if (withSoak) {
      // A fresh server process, so its RSS at the start is not what the 5000-socket run left behind.
      await server.stop();
      server = await startServer(fixture);
      result.soak = await soak(server, fixture);
      console.log('soak', result.soak);
    }
  } finally {
    await server.stop();
    if (headDb) await (await headDb).close();
    headDb = null;
  }
  result.loadAtEnd = load();
  return { title: TITLE, markdown: report(result, options) };
}

const TITLE = 'Live stream — `bench/live.ts`';

/**
 * `--cost-only`: just the with/without change log comparison (a minute instead of ten). Its section
 * keeps every other line of the last full run and replaces only the cost line, which then names its
 * own command, time and load.
 */
async function costOnly(fixture: Fixture, server: Server, loadAtStart: string) {
  try {
    await createIssues(server, fixture, 16);
  } finally {
    await server.stop();
  }
  const writes = await compareChangeLog(fixture, 6);
  console.log('PATCH throughput', writes);
  const note = ` (\`npm run bench live -- --cost-only\`, run at ${new Date().toISOString().slice(11, 16)} UTC, load ${loadAtStart} → ${load()})`;
  const lines = previousSection();
  const at = lines.findIndex((line) => line.startsWith(COST_PREFIX));
  if (at < 0) lines.push(costLine(writes, note));
  else lines[at] = costLine(writes, note);
  return { title: TITLE, markdown: lines.join('\n') };
}

const COST_PREFIX = '- Cost of the change log';
const SOAK_PREFIX = '- Soak (`';

/** This section's lines as BENCHMARKS.md holds them from the last run (without its section time). */
function previousSection(): string[] {
  const file = join(ROOT, 'BENCHMARKS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(`## ${TITLE}\n`);
  if (start < 0) return [];
  const section = text.slice(start + TITLE.length + 4).split(/\n(?=## )/)[0].replace(/\n+_Section time: .*_\s*$/, '').trim();
  return section ? section.split('\n') : [];
}

function costLine(w: NonNullable<Result['writes']>, note = '') {
  return `${COST_PREFIX}${note}: \`PATCH issues/{id}/\`, ${w.writers} concurrent writers (one issue each), ${w.seconds} s per run, two servers on the same database started fresh for this comparison (one with \`TRELLIS_BENCH_SKIP_CHANGE_LOG=1\`), ${w.rounds} rounds, order alternating: mean of ${w.rounds} runs each: with log ${w.withLog} req/s (p50 ${w.withP50} ms), without ${w.withoutLog} req/s (p50 ${w.withoutP50} ms) → **ratio ${w.ratio}** (target ≥ 0.85)${w.failed ? `, ${w.failed} failed requests` : ''}; server process CPU per PATCH with ${w.withCpuMs} ms, without ${w.withoutCpuMs} ms. Runs: ${w.runs.map((run) => `${run.log ? 'with' : 'without'} ${round(run.perSec)}`).join(', ')}.`;
}

interface Result {
  loadAtStart: string;
  loadAtEnd: string;
  fanouts: Array<Awaited<ReturnType<typeof fanOut>>>;
  memory: Array<{ sockets: number; heapBeforeMb: number; heapAfterMb: number; heapKbPerSocket: number; rssBeforeMb: number; rssAfterMb: number; kbPerSocket: number }>;
  rate: Awaited<ReturnType<typeof sustainedRate>> | null;
  writes: Awaited<ReturnType<typeof compareChangeLog>> | null;
  soak: Awaited<ReturnType<typeof soak>> | null;
}

function report(result: Result, options: BenchOptions): string {
  const lines = [
    `- Machine: ${machineLine()}; PostgreSQL (dedicated database \`trellis_bench_live\`). Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    `- Command: \`npm run bench live${options.argv.filter((arg) => arg !== 'live').length ? ` -- ${options.argv.filter((arg) => arg !== 'live').join(' ')}` : ''}\`.`,
    `- Load average (1 / 5 / 15 min) at start ${result.loadAtStart}, at end ${result.loadAtEnd} — the 2 cores are shared with other engineers' test runs, so absolute times are inflated; compare ratios.`,
    '- Processes: the server (`boot/main.ts`) alone in its process; subscribers in 2 forked processes (`bench/live-clients.ts`, N/2 sockets each, arrival times sent back over IPC); this process only sends the PATCHes. Timestamps are wall-clock (`performance.timeOrigin + now()`) on one machine.',
  ];
  if (result.fanouts.length) {
    lines.push(
      '',
      'Fan-out: 20 `PATCH issue-labels/{id}/` 100 ms apart; latency = PATCH response read → change event read on each socket ("send" = PATCH sent → event, includes the request).',
      'A negative value means the event arrived before the response: the server pushes the change right after COMMIT, before it writes the HTTP answer.',
      '',
      '| sockets | events | response → event p50 / p99 / max | send → event p50 / p99 / max | missing | target (p99) |',
      '|---|---|---|---|---|---|',
      ...result.fanouts.map((f) => {
        const target = f.sockets === 1000 ? (f.response.p99 < 50 ? '< 50 ms ✓' : '< 50 ms ✗') : f.sockets === 5000 ? (f.response.p99 < 250 ? '< 250 ms ✓' : '< 250 ms ✗') : '—';
        return `| ${f.sockets} | ${f.patches * f.sockets} | ${f.response.p50} / ${f.response.p99} / ${f.response.max} ms | ${f.send.p50} / ${f.send.p99} / ${f.send.max} ms | ${f.missing} | ${target} |`;
      }),
    );
  }
  if (result.rate) {
    lines.push(
      '',
      `- Sustained to ${result.rate.sockets} sockets with response → event p99 ≤ 100 ms: **${result.rate.sustainedEventsPerSec} events/s** (${round(result.rate.sustainedEventsPerSec / result.rate.sockets)} committed PATCH/s × ${result.rate.sockets}). Steps (3 s each, requested → achieved PATCH/s): ${result.rate.steps.map((s) => `${s.patchesPerSec} → ${s.achieved}/s: p99 ${s.p99} ms, spread p99 ${s.spreadP99} ms${s.missing ? `, ${s.missing} missing` : ''}`).join('; ')}. "Spread" = arrival on a socket − first arrival of that event on any socket (the fan-out alone; the bound applies to both). The ladder stops at the first step over 100 ms, or when "achieved" falls below 70 % of "requested": then the PATCH path (one hot workspace, serialised by the change-log lock, on a loaded box), not the fan-out, is the limit and the figure is a lower bound.`,
    );
  }
  for (const memory of result.memory) {
    lines.push(
      `- Server memory per idle connection at ${memory.sockets} sockets (fresh server process started with \`--expose-gc\`, full GC before each reading; target < 50 kB): retained JS memory (V8 heapUsed + external) **${memory.heapKbPerSocket} KiB** per socket (${memory.heapBeforeMb} → ${memory.heapAfterMb} MiB); RSS **${memory.kbPerSocket} KiB** per socket (${memory.rssBeforeMb} → ${memory.rssAfterMb} MiB, also counts native socket buffers and heap pages V8 keeps after a GC).`,
    );
  }
  if (result.writes) lines.push(costLine(result.writes));
  if (result.soak) {
    const s = result.soak;
    const soakLine = `- Soak (\`npm run bench live -- ${options.argv.includes('--soak-only') ? '--soak-only' : '--soak'}\`, run at ${new Date().toISOString().slice(11, 16)} UTC, load ${result.loadAtStart} → ${result.loadAtEnd}): ${s.sockets} sockets, ${s.writers} writers (PATCH then 200 ms pause), ${s.minutes} min: ${s.patches} PATCHes (${s.failedPatches} failed), ${s.events} expected deliveries → **lost ${s.lost}, duplicated ${s.duplicated}**; reconnects ${s.reconnects}${Object.keys(s.closeCodes).length ? ` (close codes ${JSON.stringify(s.closeCodes)})` : ''}; response → event p50 ${s.p50} ms, p99 ${s.p99} ms (every 10th PATCH); server RSS start ${s.rssStartMb} MiB, end ${s.rssEndMb} MiB (every 30 s: ${s.rssSamples.join(', ')}).`;
    // --soak-only measures nothing else: keep the last full run's figures and swap in the new soak line.
    const previous = options.argv.includes('--soak-only') ? previousSection() : [];
    const at = previous.findIndex((line) => line.startsWith(SOAK_PREFIX));
    if (previous.length) return (at >= 0 ? previous.map((line, index) => (index === at ? soakLine : line)) : [...previous, soakLine]).join('\n');
    lines.push(soakLine);
  } else {
    // A run without --soak keeps the last soak figure (it names its own command, time and load).
    const lastSoak = previousSection().find((line) => line.startsWith(SOAK_PREFIX) && line.includes(' run at '));
    lines.push(lastSoak ?? '- Soak (500 sockets, 10 writers, 5 min): `npm run bench live -- --soak` (or `--soak-only`).');
  }
  return lines.join('\n');
}
