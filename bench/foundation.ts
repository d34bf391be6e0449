// Foundation benchmark (`npm run bench -- --only foundation`): throughput of GET /api/users/me/ and
// GET /api/workspaces/:slug/members/ (50 members) at 64 connections, each as a ratio to a baseline
// route running the same SQL through the bare `postgres` driver in the same server process; and the
// cold start of `npx tsx boot/main.ts` to the first 200 of GET /api/instances/ on PGlite and Postgres.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../db/client';
import { seedDemo } from '../db/seed/seed';
import { ROOT, freshDatabase, load, loadLine, median, ms, sessionHeaders, startServer, type BenchOptions } from './harness';

const CONNECTIONS = 64;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Milliseconds from spawning `tsx boot/main.ts` to the first 200 of GET /api/instances/. */
async function coldStart(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'boot/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`boot/main.ts exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('cold start timed out');
      const ok = await fetch(`http://127.0.0.1:${port}/api/instances/`).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function coldStarts(env: Record<string, string>, runs = 3): Promise<number> {
  await coldStart(env); // first start creates DATA_DIR / migrates: not a cold start of an existing install
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await coldStart(env));
  return median(times);
}

/** Runs the section and returns its markdown. */
export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const loadBefore = loadLine();
  const url = await freshDatabase('trellis_bench_foundation');
  const database = await createDatabase({ databaseUrl: url, maxConnections: 2 });
  await database.migrate();
  const seed = await seedDemo(database, { issues: 0, workspaceSlug: 'bench', members: 50 });
  await database.close();
  const server = await startServer('bench/serve.ts', { DATABASE_URL: url, BENCH_BASELINE: '1', BENCH_POOL: '16' });
  const rows: string[] = [];
  try {
    const headers = await sessionHeaders(url, seed.ownerId);
    const pairs = [
      ['GET /api/users/me/', '/api/users/me/', '/bench/baseline/users-me/'],
      ['GET /api/workspaces/:slug/members/ (50)', `/api/workspaces/${seed.workspaceSlug}/members/`, `/bench/baseline/members/${seed.workspaceSlug}/`],
    ] as const;
    for (const [label, path, baselinePath] of pairs) {
      for (const target of [path, baselinePath]) {
        const check = await fetch(server.url + target, { headers });
        if (check.status !== 200) throw new Error(`${target}: ${check.status} ${await check.text()}`);
        await load({ url: server.url + target, connections: CONNECTIONS, seconds: 2, headers });
      }
      const product = await load({ url: server.url + path, connections: CONNECTIONS, seconds: options.seconds, headers });
      const baseline = await load({ url: server.url + baselinePath, connections: CONNECTIONS, seconds: options.seconds, headers });
      rows.push(
        `| ${label} | ${product.rps.toFixed(0)} req/s (p50 ${ms(product.p50)}, p99 ${ms(product.p99)}) | ${baseline.rps.toFixed(0)} req/s (p50 ${ms(baseline.p50)}) | ${(product.rps / baseline.rps).toFixed(2)}× |`,
      );
    }
  } finally {
    await server.stop();
  }
  const loadAfter = loadLine();
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-cold-'));
  let pglite = NaN;
  let pg = NaN;
  try {
    pglite = await coldStarts({ DATA_DIR: dataDir, DATABASE_URL: '' });
    pg = await coldStarts({ DATA_DIR: dataDir, DATABASE_URL: url });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const markdown = [
    `- Load: autocannon, ${CONNECTIONS} connections, ${options.seconds} s per row after a 2 s warm-up, session cookie, server \`bench/serve.ts\` (real \`startServices\`, pool 16) in its own process.`,
    '- Baseline: routes mounted only in the bench server (`bench/baseline.ts`) that run the same SQL (session lookup; workspace, membership and sync cursor; the list with the same columns) through the bare `postgres` driver — no auth plugin, ORM, validation or presenter.',
    `- Load average (1/5/15 min) before → after the load runs: ${loadBefore} → ${loadAfter} (2 shared cores).`,
    '',
    '| route | Trellis | baseline | ratio |',
    '|---|---|---|---|',
    ...rows,
    '',
    `- Cold start of \`npx tsx boot/main.ts\` (existing DATA_DIR, client already built) to the first 200 of \`GET /api/instances/\`, median of 3: PGlite ${ms(pglite)}, PostgreSQL ${ms(pg)}.`,
  ].join('\n');
  return { title: 'Foundation — `bench/foundation.ts`', markdown };
}
