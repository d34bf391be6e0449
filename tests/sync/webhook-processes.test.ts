// Webhook deliveries survive a SIGKILL of the server (issue #15 "Proof"): a real server process, a
// real receiver on loopback that answers 500 to the first attempts; the server is killed between
// attempts (and, for a second batch, right after the writes were acknowledged, before they were
// necessarily fed into jobs); a fresh process delivers everything — none lost, none sent twice for
// the same attempt (X-Trellis-Delivery + X-Trellis-Attempt), and every attempt is in the log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { webhookLogs } from '../../db/schema/index';
import { signWebhookBody } from '../../server/services/webhook-delivery';
import { createTestDatabase, type TestDatabase } from '../support/db';
import type { TestServer } from '../support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/webhook-processes.test.ts: spawns server processes on one Postgres (needs DATABASE_URL)');

let database: TestDatabase;
let dataDir: string;
let admin: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const children = new Set<ChildProcess>();

interface Hit {
  delivery: string;
  attempt: string;
  signature: string;
  body: string;
  status: number;
}
const hits: Hit[] = [];
/** Statuses for the next requests; 200 once it is empty. */
const script: number[] = [];
let receiver: Server;
let receiverUrl: string;

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: database.url!,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SECRET_KEY: 'process-test-secret-0123456789',
    LOG_LEVEL: 'warn',
    TRELLIS_SKIP_CLIENT_BUILD: '1',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_BASE_MS: '1500',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'boot', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, baseUrl };
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function api(baseUrl: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { ...admin.headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!isPostgres) return;
  database = await createTestDatabase('postgres');
  dataDir = mkdtempSync(join(tmpdir(), 'trellis-hooks-'));
  const seed = { database } as unknown as TestServer;
  admin = await buildUser(seed);
  workspace = await buildWorkspace(seed, admin);
  project = await buildProject(seed, workspace, admin);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = script.shift() ?? 200;
      hits.push({
        delivery: String(req.headers['x-trellis-delivery']),
        attempt: String(req.headers['x-trellis-attempt']),
        signature: String(req.headers['x-trellis-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      res.writeHead(status).end(String(status));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!isPostgres)('webhook delivery across a SIGKILL', () => {
  test('none lost, none sent twice for the same attempt, every attempt logged', async () => {
    let server = await startServer();
    const slug = workspace.slug;
    const hook = (await api(server.baseUrl, 'POST', `/api/workspaces/${slug}/webhooks/`, { url: receiverUrl, issue: true })) as { id: string; secret_key: string };

    // Batch 1: every first attempt answers 500; kill once all five wait for their retry.
    script.push(500, 500, 500, 500, 500);
    const issues: string[] = [];
    for (let i = 0; i < 5; i++) issues.push(String((await api(server.baseUrl, 'POST', `/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: `first ${i}` })).id));
    await until(() => hits.length >= 5, 30_000, 'five first attempts');
    await until(async () => (await database.query<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'running'`))[0].n === 0, 10_000, 'attempts to finish');
    await kill(server.child, 'SIGKILL');

    // The next process: batch 2 is acknowledged, then the process dies at once.
    server = await startServer();
    for (let i = 0; i < 3; i++) issues.push(String((await api(server.baseUrl, 'POST', `/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: `second ${i}` })).id));
    await kill(server.child, 'SIGKILL');
    // A job claimed by the killed process waits for its lease; make the lease run out now.
    await database.query(sql`update jobs set locked_at = now() - interval '1 hour' where status = 'running'`);

    server = await startServer();
    const delivered = () => new Set(hits.filter((hit) => hit.status === 200).map((hit) => JSON.parse(hit.body).data.id as string));
    await until(() => issues.every((id) => delivered().has(id)), 60_000, 'every issue delivered');
    await kill(server.child, 'SIGTERM');

    // None sent twice for the same attempt; each issue delivered successfully exactly once.
    const attempts = hits.map((hit) => `${hit.delivery}#${hit.attempt}`);
    expect(new Set(attempts).size).toBe(attempts.length);
    const successes = hits.filter((hit) => hit.status === 200).map((hit) => JSON.parse(hit.body).data.id as string);
    expect(successes.sort()).toEqual([...issues].sort());
    for (const hit of hits) expect(hit.signature).toBe(signWebhookBody(hook.secret_key, hit.body));
    // Every answered attempt is in the log, with its status.
    const logged = await database.db.select().from(webhookLogs).where(eq(webhookLogs.webhookId, hook.id));
    const loggedKeys = new Set(logged.map((row) => `${row.deliveryId}#${row.retryCount + 1}#${row.responseStatus}`));
    for (const hit of hits) expect(loggedKeys.has(`${hit.delivery}#${hit.attempt}#${hit.status}`)).toBe(true);
  }, 240_000);
});
