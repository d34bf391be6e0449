// Cold start (`npm run bench -- --only cold-start [--rounds=7]`): spawn → first `GET /readyz` 200,
// for the production start (`node scripts/start.mjs`: the prebuilt bundle, TRELLIS_ROLE=server and
// =collab), the previous start (`node --import tsx boot/main.ts`, TypeScript compiled at boot), and
// a bare Fastify server (bench/bare-fastify.mjs) as the baseline, in the same run, rounds
// interleaved. The Trellis processes run on a migrated Postgres database of their own (a restart:
// no migration to apply), without the web client. The build is made once before the first round
// (its time is reported apart: it is paid once per install or upgrade, not per start).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createDatabase } from '../db/client';
import { ROOT, freshDatabase, loadLine, median, ms, type BenchOptions } from './harness';
import { freePort } from '../tests/start/processes';
import { buildServer } from '../scripts/build-server.mjs';

interface Target {
  label: string;
  args: string[];
  env: Record<string, string>;
}

async function coldStart(target: Target, databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, target.args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRELLIS_SKIP_CLIENT_BUILD: '1', SECRET_KEY: 'cold-start-secret-0123456789abcdef', DATA_DIR: '/tmp/trellis-cold-start', ...target.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${target.label} exited:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`${target.label} not ready in 120 s:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  }
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const rounds = Number(options.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 7);
  const databaseUrl = await freshDatabase('trellis_bench_cold_start');
  const database = await createDatabase({ databaseUrl, maxConnections: 1 });
  await database.migrate();
  await database.close();
  const buildStarted = performance.now();
  await buildServer({ quiet: true });
  const buildMs = performance.now() - buildStarted;

  const targets: Target[] = [
    { label: 'bare Fastify (`node bench/bare-fastify.mjs`)', args: [join(ROOT, 'bench', 'bare-fastify.mjs')], env: {} },
    { label: 'production start, API process (`npm run start:server`: `node scripts/start.mjs`, built)', args: [join(ROOT, 'scripts', 'start.mjs')], env: { TRELLIS_ROLE: 'server' } },
    { label: 'production start, collab process (`npm run start:collab`)', args: [join(ROOT, 'scripts', 'start.mjs')], env: { TRELLIS_ROLE: 'collab' } },
    { label: 'previous start, API process (`node --import tsx boot/main.ts`)', args: ['--import', 'tsx', join(ROOT, 'boot', 'main.ts')], env: { TRELLIS_ROLE: 'server' } },
  ];
  const times = new Map<Target, number[]>(targets.map((target) => [target, []]));
  // One unmeasured round warms the file cache for every target alike.
  for (const target of targets) await coldStart(target, databaseUrl);
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const elapsed = await coldStart(target, databaseUrl);
      times.get(target)!.push(elapsed);
      console.log(`  round ${round + 1}: ${target.label}: ${ms(elapsed)}`);
    }
  }
  const bare = median(times.get(targets[0]!)!);
  const lines = [
    `Spawn → first \`GET /readyz\` 200 (database answers, migrations applied, live listener open), median of ${rounds} rounds after one warm-up round, targets interleaved; Postgres database already migrated (a restart). Load average during the run: ${loadLine()} — the machine (2 cores) was loaded by other helpers' test runs, so read the ratios, not the absolute times.`,
    '',
    '| start | median | min | max | × bare Fastify |',
    '|---|---|---|---|---|',
    ...targets.map((target) => {
      const values = times.get(target)!;
      return `| ${target.label} | ${ms(median(values))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} | ${(median(values) / bare).toFixed(1)}× |`;
    }),
    '',
    `The production build itself (\`node scripts/build-server.mjs\`, esbuild, once per install or upgrade; \`npm start\` runs it only when the sources changed): ${ms(buildMs)}.`,
  ];
  return { title: 'Cold start (production start vs bare Fastify)', markdown: lines.join('\n') };
}
