// Shared pieces of the benchmarks: a dedicated Postgres database, a server child process, a signed-in
// session, autocannon runs and the figures' formatting.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { hashSecret } from '../server/security';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Options every bench section receives from bench/run.ts. */
export interface BenchOptions {
  /** `--huge`: include the slow, large variants. */
  huge: boolean;
  /** Seconds per load run (`--seconds N`). */
  seconds: number;
  argv: string[];
}

/** Recreates a database named `name` on the Postgres server of DATABASE_URL (or the default) and returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const base = process.env.DATABASE_URL ?? DEFAULT_PG_URL;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ServerChild {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `tsx <script>` with env and waits for its `listening <url>` line (or an HTTP 200 on `readyPath`). */
export async function startServer(script: string, env: Record<string, string>, timeoutMs = 120_000): Promise<ServerChild> {
  // tsx as a loader in this one node process (not tsx's CLI, which runs the script in a child): signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Inserts a session for `userId` and returns request headers (cookie + CSRF) that sign in as them. */
export async function sessionHeaders(databaseUrl: string, userId: string): Promise<Record<string, string>> {
  const key = randomBytes(48).toString('hex');
  const csrf = randomBytes(32).toString('hex');
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await client`insert into sessions (id, user_id, kind, expires_at) values (${hashSecret(key)}, ${userId}, 'app', now() + interval '1 day')`;
  await client.end();
  return { cookie: `session-id=${key}; csrftoken=${csrf}`, 'x-csrftoken': csrf };
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL and returns latency percentiles (ms) and throughput. */
export async function load(options: { url: string; connections: number; seconds: number; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    timeout: 60,
    headers: { ...(options.headers ?? {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body,
  });
  // Timeouts count as errors: a run in which no request completed must not read as 0 ms.
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + (result.timeouts ?? 0), non2xx: result.non2xx };
}

/** Median of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

/** One line describing the machine. */
export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
}

/** `12.3 ms` style. */
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** `1.23 / 2.34 / 3.45` — the 1/5/15-minute load averages (the cores are shared: read figures with it). */
export function loadLine(): string {
  return loadavg().map((value) => value.toFixed(2)).join(' / ');
}
