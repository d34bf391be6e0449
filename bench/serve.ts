// A Trellis API server for benchmarks, run as a child process (`tsx bench/serve.ts`): the real
// startServices (boot/services.ts) on DATABASE_URL, no client bundle, listening on PORT (0 = any) and printing
// `listening <url>`. With BENCH_BASELINE=1 it also mounts the baseline routes of bench/baseline.ts —
// they exist only in this bench process, never in the product.
import { startServices } from '../boot/services';
import { loadConfig } from '../server/config';
import { createDatabase } from '../db/client';
import { registerBaselineRoutes } from './baseline';

const config = loadConfig({
  ...process.env,
  SECRET_KEY: process.env.SECRET_KEY ?? 'bench-secret-key-0123456789abcdef',
  DATA_DIR: process.env.DATA_DIR ?? '/tmp/trellis-bench-data',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_API_KEY_PER_MIN: '100000000',
  RATE_LIMIT_AUTH_PER_MIN: '100000000',
  RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100000000',
  RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '100000000',
} as Record<string, string>);
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL, maxConnections: Number(process.env.BENCH_POOL ?? 16) });
const app = await startServices({ config, database, logger: false });
if (process.env.BENCH_BASELINE === '1') await registerBaselineRoutes(app, process.env.DATABASE_URL!);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
// BENCH_CPU_PROFILE=<file>: a V8 CPU profile of only the window between SIGUSR2 (start, after the
// bench's warm-up) and SIGTERM (written before exit) — no start-up or module loading in it.
let stopProfile = async () => {};
if (process.env.BENCH_CPU_PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  process.on('SIGUSR2', () => void session.post('Profiler.start'));
  stopProfile = async () => {
    const { profile } = await session.post('Profiler.stop').catch(() => ({ profile: undefined }));
    if (profile) writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
  };
}
process.on('SIGTERM', async () => {
  await stopProfile();
  await app.close();
  await database.close();
  process.exit(0);
});
