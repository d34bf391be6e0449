// Set-up pieces of the UI benchmark (bench/ui.ts): building the client, a seeded bench database,
// the real server as a child process and signed-in API clients.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import { DEMO_PASSWORD, SEEDED_TABLES, seedDemo, type SeedResult } from '../db/seed/seed';
import { analyzeAfterBulkWork } from '../db/table-maintenance';
import { freshDatabase, ROOT } from './harness';
import { freePort } from '../tests/e2e/support/server-process';


/** `npx vite build` into client/dist; throws with the build output when it fails. */
export function buildClient(): number {
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return (Date.now() - started) / 1000;
}

export interface BenchData {
  url: string;
  seed: SeedResult;
  /** State ids in column order (the project's five default states). */
  stateIds: string[];
  seedSeconds: number;
}

/**
 * Recreates `name` (`trellis_bench_ui`), seeds the demo project with `issues` issues, then spreads them evenly
 * over the five states (round robin by sequence) so the kanban has 5 columns of issues / 5 cards.
 */
export async function seedBenchDatabase(issues: number, name = 'trellis_bench_ui'): Promise<BenchData> {
  const url = await freshDatabase(name);
  const database = await createDatabase({ databaseUrl: url, maxConnections: 2 });
  try {
    await database.migrate();
    const started = Date.now();
    const seed = await seedDemo(database, { issues, workspaceSlug: 'bench-ui', members: 20 });
    const stateIds = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'].map((group) => seed.stateIds[group]);
    await database.query(sql`update issues set state_id = (${`{${stateIds.join(',')}}`}::uuid[])[(sequence_id % 5) + 1] where project_id = ${seed.projectId}`);
    // What `npm run seed` does after seeding (the product's own hook, no manual ANALYZE of our own).
    await analyzeAfterBulkWork(database, SEEDED_TABLES);
    return { url, seed, stateIds, seedSeconds: (Date.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/** Drops the bench database. */
export async function dropBenchDatabase(name = 'trellis_bench_ui'): Promise<void> {
  const postgres = (await import('postgres')).default;
  const admin = postgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export interface TrellisServer {
  baseUrl: string;
  child: ChildProcess;
  /** The last 20 kB the server printed. */
  output(): string;
  stop(): Promise<void>;
}

/** `node --import tsx boot/main.ts` on loopback with its own DATA_DIR; resolves once `/api/instances/` answers 200. */
export async function startTrellis(databaseUrl: string, dataDir: string): Promise<TrellisServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_BASE_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MIN: '10000',
    RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '10000',
    RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '10000',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'boot', 'main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/instances/`).then((response) => response.ok, () => false);
    if (ok) return { baseUrl, child, stop, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`server did not answer in time:\n${output}`);
}

/** A signed-in API client: its cookies (for the browser) and a JSON fetch with the CSRF header. */
export interface ApiClient {
  cookies: { name: string; value: string }[];
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; sentAt: number; answeredAt: number }>;
}

/** Signs in through the JSON auth API (`POST /auth/sign-in/`) with the seed's demo password. */
export async function signIn(baseUrl: string, email: string): Promise<ApiClient> {
  const csrfResponse = await fetch(`${baseUrl}/auth/get-csrf-token/`);
  const { csrf_token: csrf } = (await csrfResponse.json()) as { csrf_token: string };
  const response = await fetch(`${baseUrl}/auth/sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const session = response.headers.getSetCookie().map((line) => /^session-id=([^;]+)/.exec(line)?.[1]).find(Boolean);
  if (!session) throw new Error('sign-in set no session cookie');
  const cookies = [{ name: 'session-id', value: session }, { name: 'csrftoken', value: csrf }];
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  return {
    cookies,
    async request(method, path, body) {
      const sentAt = Date.now();
      const answer = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', cookie: cookieHeader, 'x-csrftoken': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      const answeredAt = Date.now();
      return { status: answer.status, body: text ? JSON.parse(text) : null, sentAt, answeredAt };
    },
  };
}
