// Webhook delivery benchmark (`npm run bench webhooks`), issue #15: a server process (`boot/main.ts`)
// on a dedicated Postgres database, a healthy receiver on loopback in this process (answers 200 at
// once). Figures: (1) change → delivery delay — from reading the `POST …/issues/` response (the
// change committed) to the receiver reading that issue's delivery — p50/p99 over sequential
// creates, against the target p99 < 1 s; (2) deliveries per second for a burst of creates from 16
// concurrent writers (first to last delivery), every delivery accounted for exactly once; (3) the
// queue's own capacity: a backlog of deliveries committed at once, drained by one server's worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createDatabase, type Db } from '../db/client';
import { enqueueJobs } from '../server/job-queue';
import { WEBHOOK_DELIVERY_QUEUE, type DeliveryPayload } from '../server/services/integrations/webhook-delivery';
import type { TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace } from '../tests/support/factories';
import { ROOT, freshDatabase, machineLine, type BenchOptions } from './harness';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const TARGET_P99_MS = 1000;

/** Starts `boot/main.ts` on `databaseUrl` (port 0, loopback) and waits until it listens; also used by bench/notifications.ts and bench/dashboard.ts. */
export async function startTrellis(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; baseUrl: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'boot', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(tmpdir(), 'trellis-bench-webhooks'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRELLIS_SKIP_CLIENT_BUILD: '1',
      SECRET_KEY: 'bench-secret-0123456789abcdef',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      RATE_LIMIT_API_KEY_PER_MIN: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const sequential = options.huge ? 500 : 200;
  const burst = options.huge ? 5000 : 1000;
  const databaseUrl = await freshDatabase('trellis_bench_webhooks');
  const server = await startTrellis(databaseUrl);
  const database = await createDatabase({ databaseUrl, maxConnections: 2 });
  const backlog = options.huge ? 10_000 : 2000;
  const seed = { database } as unknown as TestServer;
  const user = await buildUser(seed);
  const workspace = await buildWorkspace(seed, user);
  const project = await buildProject(seed, workspace, user);

  const arrivals = new Map<string, number>();
  let deliveries = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = now();
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: string } }).data.id;
      deliveries++;
      if (arrivals.has(id)) console.warn(`duplicate delivery for ${id}`);
      arrivals.set(id, at);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const issuesPath = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
  const hook = await call('POST', `/api/workspaces/${workspace.slug}/webhooks/`, { url: receiverUrl, issue: true });

  const waitFor = async (ids: string[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !arrivals.has(id))) {
      if (Date.now() > deadline) throw new Error(`${ids.filter((id) => !arrivals.has(id)).length} deliveries missing`);
      await sleep(5);
    }
  };

  // Warm-up.
  for (let i = 0; i < 20; i++) await waitFor([(await call('POST', issuesPath, { name: `warm ${i}` })).id], 10_000);

  // (1) Delay, one change at a time.
  const delays: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const { id } = await call('POST', issuesPath, { name: `delay ${i}` });
    const committed = now();
    await waitFor([id], 10_000);
    delays.push(arrivals.get(id)! - committed);
    await sleep(10);
  }

  // (2) Throughput: a burst from 16 writers.
  const ids: string[] = [];
  const before = deliveries;
  let next = 0;
  const writeStart = now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < burst) {
        next++;
        ids.push((await call('POST', issuesPath, { name: `burst ${next}` })).id);
      }
    }),
  );
  const writeEnd = now();
  await waitFor(ids, 300_000);
  const times = ids.map((id) => arrivals.get(id)!);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const perSecond = burst / ((last - first) / 1000);
  const writesPerSecond = burst / ((writeEnd - writeStart) / 1000);
  const duplicates = deliveries - before - burst;

  // (3) Backlog drain: deliveries queued in one transaction (as a bulk change would), first to last.
  const backlogIds = Array.from({ length: backlog }, () => randomUUID());
  const payloads: DeliveryPayload[] = backlogIds.map((id) => ({
    webhookId: hook.id,
    workspaceId: workspace.id,
    deliveryId: randomUUID(),
    event: 'issue',
    body: JSON.stringify({ event: 'issue', action: 'updated', webhook_id: hook.id, workspace_id: workspace.id, data: { id }, activity: {} }),
  }));
  const queuedAt = now();
  await database.db.transaction((tx) => enqueueJobs(tx as unknown as Db, WEBHOOK_DELIVERY_QUEUE, payloads, { maxAttempts: 6 }));
  await waitFor(backlogIds, 600_000);
  const drainSeconds = (Math.max(...backlogIds.map((id) => arrivals.get(id)!)) - queuedAt) / 1000;
  await database.close();

  await server.stop();
  await new Promise((resolve) => receiver.close(resolve));

  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  const markdown = [
    `${machineLine()}; load ${loadavg().map((v) => v.toFixed(1)).join(' / ')}; \`npm run bench webhooks\`, ${new Date().toISOString().slice(0, 10)}.`,
    'One server process on PostgreSQL, a receiver on loopback answering 200 at once, one webhook with the issue event.',
    '',
    '| figure | value | ratio to target |',
    '|---|---|---|',
    `| change → delivery delay, p50 (${sequential} sequential creates) | ${fmt(p50)} | — |`,
    `| change → delivery delay, p99 | ${fmt(p99)} | ${(p99 / TARGET_P99_MS).toFixed(3)}× of the 1 s target |`,
    `| deliveries per second (${burst} creates from 16 writers, first to last delivery) | ${perSecond.toFixed(0)}/s | ${(perSecond / writesPerSecond).toFixed(2)}× the create rate (${writesPerSecond.toFixed(0)}/s) |`,
    `| backlog drain: ${backlog} deliveries queued in one transaction (one worker, 4 at a time) | ${(backlog / drainSeconds).toFixed(0)}/s | ${(backlog / drainSeconds / writesPerSecond).toFixed(1)}× the create rate |`,
    `| duplicate or lost deliveries (burst) | ${duplicates} / 0 | — |`,
  ].join('\n');
  return { title: 'Webhooks — `bench/webhooks.ts`', markdown };
}
