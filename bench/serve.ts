// A Trellis API server for benchmarks, run as a child process (`tsx bench/serve.ts`): the real
// startServices (boot/services.ts) on DATABASE_URL, no client bundle, listening on PORT (0 = any) and printing
// `listening <url>`. With BENCH_BASELINE=1 it also mounts the baseline routes of bench/baseline.ts,
// and with BENCH_RECORD=1 it records the statements of a marked request (recordStatements) — both
// exist only in this bench process, never in the product.
import { startServices } from '../boot/services';
import { loadConfig } from '../server/config';
import { createDatabase } from '../db/client';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import { registerBaselineRoutes } from './baseline';
import type { BareStatement } from './issues-list';

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
if (process.env.BENCH_RECORD === '1') recordStatements(app, (database.db as unknown as { $client: postgres.Sql }).$client);
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

/**
 * BENCH_RECORD=1: the statements one request sends, for a bench's bare baseline (bench/read-ratios.ts).
 * A request with the header `x-bench-record` runs with a list in its async context, and every
 * statement the pool sends from that context is kept in it, with its values and whether it went
 * prepared; `GET /bench/recorded/` answers the last such list. Background work (the reaction feed,
 * the job queue) runs outside the request's context and is not kept.
 */
function recordStatements(app: FastifyInstance, client: postgres.Sql): void {
  const recording = new AsyncLocalStorage<BareStatement[]>();
  let last: BareStatement[] = [];
  const unsafe = client.unsafe;
  client.unsafe = ((text: string, params?: unknown[], options?: { prepare?: boolean }) => {
    recording.getStore()?.push({ sql: text, params: params ?? [], prepare: options?.prepare ?? true });
    return unsafe.call(client, text, params as never, options);
  }) as typeof client.unsafe;
  // Around Fastify's own request listener: the session plugin's statement runs in its first hook.
  const [handle] = app.server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.headers['x-bench-record']) return handle(request, response);
    last = [];
    // While an AsyncLocalStorage is enabled, Node keeps async hooks on for every promise of the
    // process: left on after the first marked request, they made the single-issue GET measured
    // after it 9 % slower (A/B, 8 of 8 rounds; the product itself uses none). Off once it is answered.
    response.once('close', () => recording.disable());
    recording.run(last, () => handle(request, response));
  });
  app.get('/bench/recorded/', { config: { access: 'public' } }, async () => last);
}
