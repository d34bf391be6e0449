// Cold start of the default `npm start` (`npm run bench -- --only cold-start-default [--rounds=3]`):
// spawn of `npm start` → first `GET /readyz` 200, on a DATA_DIR whose embedded PostgreSQL already
// holds 5,000 issues (db/seed, then stopped: a restart with existing data), beside a bare server
// started the same way — `npm start` of a package whose start script is `exec node
// bench/bare-fastify.mjs` (npm + node + a Fastify server answering /readyz) — rounds interleaved.
// The embedded PostgreSQL's own start is read from the line Trellis logs for it ("started the
// embedded PostgreSQL … (N ms)": postmaster spawn → accepting connections). API-only start
// (TRELLIS_SKIP_CLIENT_BUILD=1): serving an already built client adds one static plugin, and
// building it is a first-start cost, not a restart's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded/index';
import { SEEDED_TABLES, seedDemo } from '../db/seed/seed';
import { analyzeAfterBulkWork } from '../db/table-maintenance';
import { freePort } from '../tests/start/processes';
import { buildServer } from '../scripts/build-server.mjs';
import { ROOT, loadLine, median, ms, type BenchOptions } from './harness';

const ISSUES = 5000;

interface Round {
  total: number;
  /** CPU seconds (user + system) of the process tree (npm, node, and the postmaster and its backends) until ready. */
  cpu: number;
  /** Postmaster spawn → ready, as Trellis logged it (Trellis only). */
  postgres?: number;
  /** Spawn → the "Trellis is running" line (listening). */
  running?: number;
}

async function npmStart(cwd: string, env: Record<string, string>): Promise<Round> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let running: number | undefined;
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    if (running === undefined && /is running/.test(output)) running = performance.now() - started;
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start in ${cwd} exited:\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`npm start in ${cwd} not ready in 120 s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
      if (ok) {
        const total = performance.now() - started;
        const cpu = treeCpuSeconds(child.pid!);
        const postgres = /started the embedded PostgreSQL on [^ ]+ \((\d+) ms\)/.exec(output)?.[1];
        return { total, cpu, running, postgres: postgres ? Number(postgres) : undefined };
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    // package.json's start script execs node, so this reaches the server, which stops its cluster.
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    });
  }
}

/** utime + stime of `pid` and its descendants from /proc (Linux), in seconds; the children it already reaped included. */
function treeCpuSeconds(pid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // after the name: state ppid … utime(12) stime(13) cutime(14) cstime(15), counted from state = 0
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) });
    } catch {
      // exited meanwhile
    }
  }
  let ticks = 0;
  const inTree = (id: number): boolean => {
    for (let at = id, hops = 0; at > 1 && hops < 20; at = stats.get(at)?.ppid ?? 0, hops++) if (at === pid) return true;
    return false;
  };
  for (const [id, stat] of stats) if (inTree(id)) ticks += stat.ticks;
  return ticks / 100; // USER_HZ
}

/** A DATA_DIR with an initialised, migrated embedded PostgreSQL holding `issues` seeded issues. */
export async function dataDirWithIssues(issues: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-cold-default-'));
  const cluster = await startEmbeddedPostgres({ dataDir, port: 0, log: () => {} });
  try {
    const database = await createDatabase({ databaseUrl: cluster.url, maxConnections: 4 });
    await database.migrate();
    await seedDemo(database, { issues, workspaceSlug: 'bench' });
    await analyzeAfterBulkWork(database, SEEDED_TABLES);
    await database.close();
  } finally {
    await cluster.stop();
  }
  return dataDir;
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const rounds = Number(options.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3);
  const dataDir = await dataDirWithIssues(ISSUES);
  const bareDir = mkdtempSync(join(tmpdir(), 'trellis-bench-bare-npm-'));
  writeFileSync(join(bareDir, 'package.json'), JSON.stringify({ name: 'bare', private: true, type: 'module', scripts: { start: `exec node ${join(ROOT, 'bench', 'bare-fastify.mjs')}` } }));
  await buildServer({ quiet: true });
  const trellisEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRELLIS_SKIP_CLIENT_BUILD: '1', SECRET_KEY: 'cold-start-secret-0123456789abcdef' };
  // BENCH_BEFORE_BUILD_DIR: a second build of the server (an older bundle, with a build-info.json
  // current for these sources) started the same way, for a before/after within one run.
  const beforeDir = process.env.BENCH_BEFORE_BUILD_DIR;
  // BENCH_BEFORE_NODE_OPTIONS: node flags of the older start (`--enable-source-maps` for a start
  // that still read the source map at load, as scripts/start.mjs did before 85f3c8a).
  const beforeNodeOptions: Record<string, string> = process.env.BENCH_BEFORE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_BEFORE_NODE_OPTIONS } : {};
  const bare: Round[] = [];
  const trellis: Round[] = [];
  const before: Round[] = [];
  const loadBefore = loadLine();
  try {
    // One unmeasured round each warms the file cache alike.
    await npmStart(bareDir, {});
    await npmStart(ROOT, trellisEnv);
    for (let round = 0; round < rounds; round++) {
      bare.push(await npmStart(bareDir, {}));
      trellis.push(await npmStart(ROOT, trellisEnv));
      if (beforeDir) before.push(await npmStart(ROOT, { ...trellisEnv, TRELLIS_BUILD_DIR: beforeDir, ...beforeNodeOptions }));
      console.log(`  round ${round + 1}: bare ${ms(bare.at(-1)!.total)}, npm start ${ms(trellis.at(-1)!.total)} (embedded PostgreSQL ${trellis.at(-1)!.postgres} ms)`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
  const bareMedian = median(bare.map((round) => round.total));
  const bareCpu = median(bare.map((round) => round.cpu));
  const row = (label: string, values: number[], cpu?: number[]) =>
    `| ${label} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} | ${(median(values) / bareMedian).toFixed(2)}× | ${cpu ? `${median(cpu).toFixed(2)} s (${(median(cpu) / bareCpu).toFixed(2)}×)` : '—'} |`;
  const lines = [
    `Spawn of \`npm start\` → first \`GET /readyz\` 200, median of ${rounds} interleaved rounds after one warm-up round each; DATA_DIR with the embedded PostgreSQL already initialised and migrated, holding ${ISSUES.toLocaleString('en')} seeded issues (a restart with existing data); API-only (TRELLIS_SKIP_CLIENT_BUILD=1). Load average before → after: ${loadBefore} → ${loadLine()} (2 shared cores).`,
    '',
    '| start | median | min | max | × bare | CPU until ready, median (× bare) |',
    '|---|---|---|---|---|---|',
    row('bare: `npm start` of a package whose start script is `exec node bench/bare-fastify.mjs`', bare.map((round) => round.total), bare.map((round) => round.cpu)),
    row('Trellis `npm start` (embedded PostgreSQL, built server)', trellis.map((round) => round.total), trellis.map((round) => round.cpu)),
    ...(beforeDir ? [row(`Trellis \`npm start\`, the bundle in ${beforeDir} (before)`, before.map((round) => round.total), before.map((round) => round.cpu))] : []),
    row('… of which: spawn → "Trellis is running" (listening)', trellis.map((round) => round.running ?? NaN)),
    row('… the embedded PostgreSQL alone (postmaster spawn → accepting connections, as logged)', trellis.map((round) => round.postgres ?? NaN)),
  ];
  return { title: 'Cold start of the default `npm start` (embedded PostgreSQL, 5,000 issues)', markdown: lines.join('\n') };
}
