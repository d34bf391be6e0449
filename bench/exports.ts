// Issue export benchmark (`npm run bench -- --only exports`), issue #15 "Exports": 100 000 issues
// in one project (seeded with db/seed, the app's own seeding path) on real Postgres. For each format
// a fresh server child (bench/serve.ts: the real services, job queue included) gets
// `POST export-issues/` over HTTP; the export runs as its job and the history is polled until it is
// completed. Figures: the export's time (row created → completed, from the history row), the file's
// size, and the server process's resident memory (RSS, /proc/<pid>/status) just before the request
// and at its peak, sampled every 20 ms, with its value at ¼, ½ and ¾ of the run — flat when the rows
// are streamed. Baseline: the bare query of the same issues streamed with a Postgres cursor into a
// CSV file by a process of its own (bench/exports-baseline.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, loadLine, sessionHeaders, type BenchOptions } from './harness';
import { seeded } from './issues-list';

const PROVIDERS = ['csv', 'json', 'xlsx'] as const;
const MB = 1024 * 1024;

interface Measured {
  label: string;
  rows: number;
  bytes: number;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  quarters: number[];
}

/** Resident memory of a process in bytes (VmRSS), or 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs a TypeScript file with Node (tsx loader in the same process, so its pid is the one measured). */
function spawnTs(script: string, args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function baseline(url: string, projectId: string): Promise<Measured> {
  const child = spawnTs('bench/exports-baseline.ts', [url, projectId, join(tmpdir(), 'trellis-bench-export-baseline.csv')]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`baseline failed (${code}): ${output}`);
  const result = JSON.parse(output.trim().split('\n').pop()!) as Omit<Measured, 'label' | 'quarters'>;
  return { label: 'baseline: bare query → CSV file (cursor)', ...result, quarters: [] };
}

async function startServe(url: string) {
  const child = spawnTs('bench/serve.ts', [], { DATABASE_URL: url, BENCH_POOL: '4', DATA_DIR: join(tmpdir(), 'trellis-bench-exports') });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { child, base, stop };
}

interface HistoryRow {
  id: string;
  status: string;
  created_at: string;
  updated_at: string;
  exported_count: number;
  url: string | null;
  reason: string;
}

async function exportThroughServer(url: string, seed: { workspaceSlug: string; projectId: string; ownerId: string }, provider: (typeof PROVIDERS)[number]): Promise<Measured> {
  const server = await startServe(url);
  try {
    const headers = { ...(await sessionHeaders(url, seed.ownerId)), 'content-type': 'application/json' };
    const historyUrl = `${server.base}/api/workspaces/${seed.workspaceSlug}/export-issues/`;
    const latest = async () => {
      const response = await fetch(`${historyUrl}?per_page=1&cursor=1:0:0`, { headers });
      if (response.status !== 200) throw new Error(`history answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { results: HistoryRow[] }).results[0];
    };
    const previous = await latest();
    // Let the server settle after start-up before the "before" reading.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const pid = server.child.pid!;
    const rssBefore = rssOf(pid);
    const samples: Array<[number, number]> = [];
    const sampler = setInterval(() => samples.push([performance.now(), rssOf(pid)]), 20);
    const started = performance.now();
    const response = await fetch(historyUrl, { method: 'POST', headers, body: JSON.stringify({ provider, project: [seed.projectId] }) });
    if (response.status !== 200) throw new Error(`POST export-issues answered ${response.status}: ${await response.text()}`);
    let row: HistoryRow;
    for (;;) {
      row = await latest();
      if (row && row.id !== previous?.id && (row.status === 'completed' || row.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const finished = performance.now();
    clearInterval(sampler);
    if (row.status !== 'completed') throw new Error(`${provider} export failed: ${row.reason}`);
    const file = await fetch(`${server.base}${row.url}`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    const during = samples.filter(([at]) => at >= started && at <= finished);
    const at = (fraction: number) => during.find(([time]) => time >= started + fraction * (finished - started))?.[1] ?? 0;
    return {
      label: `${provider.toUpperCase()} through POST export-issues/ (job queue)`,
      rows: row.exported_count,
      bytes,
      ms: Date.parse(row.updated_at) - Date.parse(row.created_at),
      rssBefore,
      rssPeak: Math.max(rssBefore, ...during.map(([, rss]) => rss)),
      quarters: [at(0.25), at(0.5), at(0.75)],
    };
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** Runs the section and returns its markdown. */
export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const issues = Number(process.env.EXPORT_BENCH_ISSUES ?? (options.huge ? 250_000 : 100_000));
  const { url, database, seed, seedSeconds } = await seeded('trellis_bench_exports', issues);
  await database.close();
  const loadBefore = loadLine();
  const results: Measured[] = [await baseline(url, seed.projectId)];
  for (const provider of PROVIDERS) {
    console.log(`exports: ${provider}…`);
    results.push(await exportThroughServer(url, seed, provider));
  }
  const base = results[0];
  const rows = results.map((result) => {
    const quarters = result.quarters.length ? result.quarters.map(mb).join(' / ') : '—';
    return `| ${result.label} | ${result.rows.toLocaleString('en')} | ${(result.ms / 1000).toFixed(1)} s | ${(result.ms / base.ms).toFixed(1)}× | ${mb(result.bytes)} | ${mb(result.rssBefore)} | ${mb(result.rssPeak)} | +${mb(result.rssPeak - result.rssBefore)} | ${quarters} |`;
  });
  const markdown = [
    `${issues.toLocaleString('en')} issues in one project, seeded by db/seed in ${seedSeconds.toFixed(0)} s. Each format runs in a fresh`,
    'server process (bench/serve.ts, the real services and job queue): `POST export-issues/`, then the',
    'history is polled until the export is completed. Time is the history row\'s created → completed;',
    'RSS is the server process\'s resident memory (/proc/<pid>/status, sampled every 20 ms) just before the',
    'request and at its peak, and at ¼ / ½ / ¾ of the run. The baseline is the bare query of the same issues',
    '(no joins) streamed with a Postgres cursor into a CSV file by a process of its own.',
    '',
    '| run | issues | time | vs baseline | file | RSS before | RSS peak | peak − before | RSS at ¼ / ½ / ¾ |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Load while measuring: ${loadBefore} (load average). The machine (2 cores) was shared with other helpers'`,
    'test runs and builds during this run, so the times are inflated and noisy. Memory: the job reads 1 000',
    'issues per statement (keyset on sequence_id) and writes each batch out before reading the next; compare',
    '"peak − before" with the file size and with the baseline process\'s own growth while it streams a cursor.',
  ].join('\n');
  return { title: 'Issue exports (100 000 issues)', markdown };
}
