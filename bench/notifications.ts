// Notification fan-out benchmark (`npm run bench -- --only notifications`), issue #14: one issue
// with 200 subscribers — 200 workspace members who each subscribed through the API and each hold
// one live WebSocket (their own session) — changes by `PATCH issues/{id}/`. Figures: the time until
// the 200 notifications exist (the PATCH's response: they are written in its transaction) and until
// every one of the 200 sockets has its notification event, p50/p99 over sequential changes, against
// the target p99 < 200 ms. A server process (`boot/main.ts`) on its own Postgres database; the
// sockets live in this process.
import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import type { TestServer } from '../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';
import { freshDatabase, machineLine, type BenchOptions } from './harness';
import { startTrellis } from './webhooks';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const TARGET_P99_MS = 200;
const SUBSCRIBERS = 200;

interface Listener {
  ws: WebSocket;
  /** Arrival time of each notification event, by the notification's triggering change (set per round). */
  arrivals: number[];
}

function openSocket(baseUrl: string, user: TestUser, slug: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/live/`, { headers: { cookie: user.headers.cookie } });
    const listener: Listener = { ws, arrivals: [] };
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"change"') && text.includes('"entity":"notification"')) listener.arrivals.push(now());
      else if (text.startsWith('{"type":"ready"')) resolve(listener);
      else if (text.startsWith('{"type":"ping"')) ws.send('{"type":"pong"}');
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', workspace: slug, since: 0 })));
    ws.once('error', reject);
  });
}

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const rounds = options.huge ? 200 : 60;
  const databaseUrl = await freshDatabase('trellis_bench_notifications');
  const server = await startTrellis(databaseUrl);
  const database = await createDatabase({ databaseUrl, maxConnections: 4 });
  const seed = { database } as unknown as TestServer;
  const owner = await buildUser(seed);
  const workspace = await buildWorkspace(seed, owner);
  const project = await buildProject(seed, workspace, owner);
  const subscribers: TestUser[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, SUBSCRIBERS - i) }, () => buildUser(seed)));
    for (const user of batch) {
      await addWorkspaceMember(seed, workspace, user, 15);
      await addProjectMember(seed, project, user, 15);
    }
    subscribers.push(...batch);
  }

  const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { ...user.headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : ((await response.json()) as { id: string });
  };
  const issuePath = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
  const issue = (await call(owner, 'POST', issuePath, { name: 'Release checklist' }))!;
  // Every subscriber follows the issue through the API, as the subscribe button does.
  for (let i = 0; i < subscribers.length; i += 16) {
    await Promise.all(subscribers.slice(i, i + 16).map((user) => call(user, 'POST', `${issuePath}${issue.id}/subscribe/`, {})));
  }
  const listeners: Listener[] = [];
  for (let i = 0; i < subscribers.length; i += 50) listeners.push(...(await Promise.all(subscribers.slice(i, i + 50).map((user) => openSocket(server.baseUrl, user, workspace.slug)))));

  const priorities = ['urgent', 'high', 'medium', 'low', 'none'];
  const change = async (round: number) => {
    for (const listener of listeners) listener.arrivals = [];
    const started = now();
    await call(owner, 'PATCH', `${issuePath}${issue.id}/`, { priority: priorities[round % priorities.length] });
    const committed = now();
    const deadline = Date.now() + 30_000;
    while (listeners.some((listener) => listener.arrivals.length === 0)) {
      if (Date.now() > deadline) throw new Error(`${listeners.filter((listener) => listener.arrivals.length === 0).length} sockets got no notification`);
      await sleep(1);
    }
    const last = Math.max(...listeners.map((listener) => listener.arrivals[0]));
    return { exist: committed - started, pushed: last - started, duplicates: listeners.reduce((sum, listener) => sum + listener.arrivals.length - 1, 0) };
  };

  for (let round = 0; round < 10; round++) await change(round); // warm-up
  const exist: number[] = [];
  const pushed: number[] = [];
  let duplicates = 0;
  for (let round = 0; round < rounds; round++) {
    const result = await change(round);
    exist.push(result.exist);
    pushed.push(result.pushed);
    duplicates += result.duplicates;
    await sleep(20);
  }
  // Baseline on the same server and load: the same PATCH on an issue nobody else follows.
  const lone = (await call(owner, 'POST', issuePath, { name: 'Nobody follows this' }))!;
  const alone: number[] = [];
  for (let round = 0; round < rounds + 10; round++) {
    const started = now();
    await call(owner, 'PATCH', `${issuePath}${lone.id}/`, { priority: priorities[round % priorities.length] });
    if (round >= 10) alone.push(now() - started);
    await sleep(20);
  }
  const [{ count }] = await database.query<{ count: number }>(sql`select count(*)::int as count from notifications where entity_identifier = ${issue.id}`);
  const expected = (rounds + 10) * SUBSCRIBERS;
  for (const listener of listeners) listener.ws.terminate();
  await database.close();
  await server.stop();

  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  const markdown = [
    `${machineLine()}; load ${loadavg().map((v) => v.toFixed(1)).join(' / ')} (the machine was shared with other helpers' builds and tests); \`npm run bench -- --only notifications\`, ${new Date().toISOString().slice(0, 10)}.`,
    `One server process on PostgreSQL; one issue with ${SUBSCRIBERS} subscribers (members who subscribed through the API), each with one live socket of their own; ${rounds} sequential \`PATCH issues/{id}/\` (priority), timed from sending the PATCH.`,
    '',
    '| figure | p50 | p99 | p99 / 200 ms target |',
    '|---|---|---|---|',
    `| ${SUBSCRIBERS} notifications exist (PATCH response; written in its transaction) | ${fmt(percentile(exist, 50))} | ${fmt(percentile(exist, 99))} | ${(percentile(exist, 99) / TARGET_P99_MS).toFixed(2)}× |`,
    `| ${SUBSCRIBERS} notifications pushed (last of ${SUBSCRIBERS} sockets has its event) | ${fmt(percentile(pushed, 50))} | ${fmt(percentile(pushed, 99))} | ${(percentile(pushed, 99) / TARGET_P99_MS).toFixed(2)}× |`,
    `| baseline: the same PATCH on an issue with no other follower (no notifications) | ${fmt(percentile(alone, 50))} | ${fmt(percentile(alone, 99))} | ${(percentile(alone, 99) / TARGET_P99_MS).toFixed(2)}× |`,
    '',
    `Fan-out cost: the 200-subscriber PATCH takes ${(percentile(exist, 50) / percentile(alone, 50)).toFixed(1)}× the baseline PATCH at p50; the push after commit adds ${fmt(percentile(pushed, 50) - percentile(exist, 50))} at p50.`,
    `Notifications written: ${count} of ${expected} expected; duplicate events on a socket: ${duplicates}.`,
  ].join('\n');
  return { title: 'Notifications fan-out — `bench/notifications.ts`', markdown };
}
