// Webhook deliveries survive a SIGKILL of the server (issue #15 "Proof"): a real server process, a
// real receiver on loopback that answers 500 to the first attempts; the server is killed between
// attempts (and, for a second batch, right after the writes were acknowledged, before they were
// necessarily fed into jobs); a fresh process delivers everything — none lost, none sent twice for
// the same attempt (X-Trellis-Delivery + X-Trellis-Attempt), and every attempt is in the log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { webhookLogs } from '../../db/schema/index';
import { signWebhookBody } from '../../server/services/integrations/webhook-delivery';
import { openProcessSuite, type ProcessSuite } from '../support/process-suite';
import { until } from '../support/until';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/webhook-processes.test.ts: spawns server processes on one Postgres (needs DATABASE_URL)');

let suite: ProcessSuite;

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
/**
 * While on, requests are taken in and never answered (status 0 in `hits`): the process that sent
 * them is about to be killed. Without this, a delivery that reached the receiver just before the
 * SIGKILL — answered 200, but never recorded by the dead process — is sent again, rightly, as the
 * next attempt, and the receiver would count two successes for one change.
 */
let holdAnswers = false;
const held: import('node:http').ServerResponse[] = [];
let receiver: Server;
let receiverUrl: string;

const startServer = () => suite.start({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '1500' });

beforeAll(async () => {
  if (!isPostgres) return;
  suite = await openProcessSuite('trellis-hooks-');
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (holdAnswers) {
        hits.push({ delivery: String(req.headers['x-trellis-delivery']), attempt: String(req.headers['x-trellis-attempt']), signature: String(req.headers['x-trellis-signature']), body: Buffer.concat(chunks).toString('utf8'), status: 0 });
        held.push(res);
        return;
      }
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
  for (const res of held) res.destroy();
  await suite?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe.skipIf(!isPostgres)('webhook delivery across a SIGKILL', () => {
  test('none lost, none sent twice for the same attempt, every attempt logged', async () => {
    const { api, database, workspace, project } = suite;
    let server = await startServer();
    const slug = workspace.slug;
    const hook = await api<{ id: string; secret_key: string }>(server.baseUrl, 'POST', `/api/workspaces/${slug}/webhooks/`, { url: receiverUrl, issue: true });

    // Batch 1: every first attempt answers 500; kill once all five wait for their retry.
    script.push(500, 500, 500, 500, 500);
    const issues: string[] = [];
    for (let i = 0; i < 5; i++) issues.push(String((await api(server.baseUrl, 'POST', `/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: `first ${i}` })).id));
    await until(() => hits.length, (attempts) => attempts >= 5, 30_000);
    await until(async () => (await database.query<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'running'`))[0].n, (running) => running === 0, 10_000);
    await server.kill('SIGKILL');

    // The next process: batch 2 is acknowledged, then the process dies at once.
    server = await startServer();
    holdAnswers = true;
    for (let i = 0; i < 3; i++) issues.push(String((await api(server.baseUrl, 'POST', `/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: `second ${i}` })).id));
    await server.kill('SIGKILL');
    // A job claimed by the killed process waits for its lease; make the lease run out now.
    await database.query(sql`update jobs set locked_at = now() - interval '1 hour' where status = 'running'`);
    holdAnswers = false;

    server = await startServer();
    const delivered = () => new Set(hits.filter((hit) => hit.status === 200).map((hit) => JSON.parse(hit.body).data.id as string));
    await until(() => issues.filter((id) => !delivered().has(id)), (undelivered) => undelivered.length === 0, 60_000);
    await server.kill('SIGTERM');

    // None sent twice for the same attempt; each issue delivered successfully exactly once.
    const attempts = hits.map((hit) => `${hit.delivery}#${hit.attempt}`);
    expect(new Set(attempts).size).toBe(attempts.length);
    const successes = hits.filter((hit) => hit.status === 200).map((hit) => JSON.parse(hit.body).data.id as string);
    expect(successes.sort()).toEqual([...issues].sort());
    for (const hit of hits) expect(hit.signature).toBe(signWebhookBody(hook.secret_key, hit.body));
    // Every answered attempt is in the log, with its status (an unanswered one died with its sender).
    const logged = await database.db.select().from(webhookLogs).where(eq(webhookLogs.webhookId, hook.id));
    const loggedKeys = new Set(logged.map((row) => `${row.deliveryId}#${row.retryCount + 1}#${row.responseStatus}`));
    for (const hit of hits.filter((answered) => answered.status !== 0)) expect(loggedKeys.has(`${hit.delivery}#${hit.attempt}#${hit.status}`)).toBe(true);
  }, 240_000);
});
