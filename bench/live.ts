// Live stream benchmark (`npm run bench live [-- --soak] [--max-sockets=N]`): a real server process
// on loopback, N WebSocket subscribers in this process, REST PATCHes of a label. Measures fan-out
// latency from the PATCH's response to each socket's event, the sustainable event rate at 1000
// sockets, server memory per idle socket, and write throughput with vs without the change log.
// Results go to BENCHMARKS.md (section "Live stream"). Loopback only; every loop is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import WebSocket from 'ws';
import { createDatabase, type Database } from '../db/client';
import { labels } from '../db/schema/index';
import { recordChange, withTransaction } from '../server/live/record-change';
import { loadConfig } from '../server/config';
import type { ServerContext } from '../server/context';
import type { TestServer } from '../tests/support/server';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const SOAK = args.includes('--soak');
const MAX_SOCKETS = Number(args.find((arg) => arg.startsWith('--max-sockets='))?.split('=')[1] ?? 5000);

interface Fixture {
  baseUrl: string;
  child: ChildProcess;
  user: TestUser;
  slug: string;
  labelUrl: string;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the bench database: a fresh Postgres database when DATABASE_URL is set, else PGlite on disk. */
async function openDatabase(dataDir: string): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `trellis_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 10 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Write throughput: 8 writers updating labels of one workspace, plain transaction vs change log. */
async function writeThroughput(database: Database, workspaceId: string, labelIds: string[], seconds: number) {
  const config = loadConfig({ SECRET_KEY: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent' }, { persistSecret: false });
  const ctx: ServerContext = { config, database, db: database.db, afterCommit: [] };
  const writers = database.driver === 'postgres' ? 8 : 1;
  const measure = async (withLog: boolean) => {
    let done = 0;
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; Date.now() < deadline; i++) {
          const id = labelIds[(writer + i) % labelIds.length];
          const update = async (tx: typeof database.db) => {
            const [row] = await tx.update(labels).set({ name: `w${writer}-${i}`, version: sql`${labels.version} + 1` }).where(eq(labels.id, id)).returning();
            if (withLog) recordChange(tx, { workspaceId, projectId: row.projectId, entity: 'label', entityId: row.id, op: 'update', version: row.version, data: { id: row.id, name: row.name } });
          };
          if (withLog) await withTransaction(ctx, { actorId: null }, update);
          else await database.db.transaction((tx) => update(tx as unknown as typeof database.db));
          done += 1;
        }
      }),
    );
    return done / seconds;
  };
  const plain = await measure(false);
  const logged = await measure(true);
  return { writers, plainTxPerSec: round(plain), changeLogTxPerSec: round(logged), ratio: round(logged / plain, 2) };
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  return { child, baseUrl };
}

function serverRssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

interface Subscriber {
  ws: WebSocket;
  arrivals: Map<string, number>;
}

/** The workspace's current change id, from a list's X-Sync-Cursor (subscribers start there). */
async function syncCursor(fixture: Fixture): Promise<number> {
  const response = await fetch(fixture.labelUrl.replace(/issue-labels\/[^/]+\/$/, 'states/'), { headers: fixture.user.headers });
  await response.arrayBuffer();
  return Number(response.headers.get('x-sync-cursor') ?? 0);
}

async function openSubscribers(fixture: Fixture, count: number): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  const since = await syncCursor(fixture);
  const url = `${fixture.baseUrl.replace(/^http/, 'ws')}/live/`;
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => {
      const ws = new WebSocket(url, { headers: { cookie: fixture.user.headers.cookie } });
      const subscriber: Subscriber = { ws, arrivals: new Map() };
      ws.on('message', (data) => {
        const text = String(data);
        const match = /"client_mutation_id":"([^"]+)"/.exec(text);
        if (match) subscriber.arrivals.set(match[1], performance.now());
        else if (text.includes('"type":"ping"')) ws.send('{"type":"pong"}');
      });
      return new Promise<Subscriber>((resolve, reject) => {
        ws.once('open', () => {
          ws.send(JSON.stringify({ type: 'subscribe', workspace: fixture.slug, since }));
          const onReady = (data: WebSocket.RawData) => {
            if (!String(data).includes('"type":"ready"')) return;
            ws.off('message', onReady);
            resolve(subscriber);
          };
          ws.on('message', onReady);
        });
        ws.once('error', reject);
      });
    });
    subscribers.push(...(await Promise.all(batch)));
  }
  return subscribers;
}

/** Sends one PATCH; resolves with when it was sent and when its response was read. */
async function patchLabel(fixture: Fixture, mutationId: string): Promise<Timing> {
  const sentAt = performance.now();
  const response = await fetch(fixture.labelUrl, {
    method: 'PATCH',
    headers: { ...fixture.user.headers, 'content-type': 'application/json', 'x-client-mutation-id': mutationId },
    body: JSON.stringify({ name: mutationId }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`PATCH ${response.status}`);
  return { sentAt, answeredAt: performance.now() };
}

interface Timing {
  sentAt: number;
  answeredAt: number;
}

/**
 * Latencies (ms) from each PATCH's response (and, as an upper bound, from its sending) to each
 * socket's event; missing events are counted.
 */
async function collect(subscribers: Subscriber[], sent: Map<string, Timing>, waitMs: number) {
  const deadline = Date.now() + waitMs;
  const expected = subscribers.length * sent.size;
  const received = () => subscribers.reduce((total, s) => total + [...sent.keys()].filter((id) => s.arrivals.has(id)).length, 0);
  while (Date.now() < deadline && received() < expected) await sleep(50);
  const latencies: number[] = [];
  const fromSend: number[] = [];
  for (const s of subscribers) {
    for (const [id, at] of sent) {
      if (!s.arrivals.has(id)) continue;
      latencies.push(s.arrivals.get(id)! - at.answeredAt);
      fromSend.push(s.arrivals.get(id)! - at.sentAt);
    }
  }
  return { latencies, fromSend, missing: expected - latencies.length };
}

async function fanOut(fixture: Fixture, subscribers: Subscriber[], patches: number) {
  const sent = new Map<string, Timing>();
  for (let i = 0; i < patches; i++) {
    const id = `fan-${subscribers.length}-${i}-${randomBytes(3).toString('hex')}`;
    sent.set(id, await patchLabel(fixture, id));
    await sleep(50);
  }
  const { latencies, fromSend, missing } = await collect(subscribers, sent, 10_000);
  return {
    sockets: subscribers.length,
    patches,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(Math.max(...latencies)),
    sendP50: round(percentile(fromSend, 50)),
    sendP99: round(percentile(fromSend, 99)),
    sendMax: round(Math.max(...fromSend)),
    missing,
  };
}

/** Runs a ladder of PATCH rates; returns the highest whose p99 stayed ≤ 100 ms with nothing missing. */
async function sustainedRate(fixture: Fixture, subscribers: Subscriber[]) {
  const steps = [];
  let best = 0;
  for (const rate of [5, 10, 20, 40, 80]) {
    const sent = new Map<string, Timing>();
    const pending: Promise<void>[] = [];
    const total = rate * 3;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const id = `rate-${rate}-${i}-${randomBytes(3).toString('hex')}`;
      pending.push(patchLabel(fixture, id).then((at) => void sent.set(id, at)));
      const next = started + ((i + 1) * 1000) / rate;
      await sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(pending);
    const { fromSend, missing } = await collect(subscribers, sent, 15_000);
    // The bound is judged on send → event (an upper bound on response → event, never negative).
    const p99 = round(percentile(fromSend, 99));
    steps.push({ patchesPerSec: rate, eventsPerSec: rate * subscribers.length, p99, missing });
    // Every step runs (the box is noisy): the figure is the highest rate that met the bound.
    if (p99 <= 100 && missing === 0) best = Math.max(best, rate * subscribers.length);
    await sleep(1000);
  }
  return { sockets: subscribers.length, sustainedEventsPerSec: best, steps };
}

async function soak(fixture: Fixture) {
  const subscribers = await openSubscribers(fixture, 500);
  const rssStart = serverRssMb(fixture.child);
  const sent = new Map<string, Timing>();
  const deadline = Date.now() + 5 * 60_000;
  await Promise.all(
    Array.from({ length: 10 }, async (_, writer) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const id = `soak-${writer}-${i}`;
        sent.set(id, await patchLabel(fixture, id));
        await sleep(100);
      }
    }),
  );
  const { fromSend, missing } = await collect(subscribers, sent, 30_000);
  const result = { sockets: 500, writers: 10, minutes: 5, patches: sent.size, p50: round(percentile(fromSend, 50)), p99: round(percentile(fromSend, 99)), missing, rssStartMb: round(rssStart), rssEndMb: round(serverRssMb(fixture.child)) };
  for (const s of subscribers) s.ws.terminate();
  return result;
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-live-'));
  const { database, url, drop } = await openDatabase(dataDir);
  const seed = { database } as unknown as TestServer;
  const user = await buildUser(seed);
  const workspace = await buildWorkspace(seed, user);
  const project = await buildProject(seed, workspace, user);
  const labelRows = await database.db
    .insert(labels)
    .values(Array.from({ length: 16 }, (_, i) => ({ name: `bench ${i}`, projectId: project.id, workspaceId: workspace.id, sortOrder: i })))
    .returning();
  const writes = await writeThroughput(database, workspace.id, labelRows.map((row) => row.id), 5);
  console.log('write throughput', writes);
  if (!url) await database.close();

  const { child, baseUrl } = await startServer({
    ...process.env,
    DATABASE_URL: url ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRELLIS_SKIP_CLIENT_BUILD: '1',
    SECRET_KEY: 'bench-secret-0123456789abcdef',
  });
  const fixture: Fixture = {
    baseUrl,
    child,
    user,
    slug: workspace.slug,
    labelUrl: `${baseUrl}/api/workspaces/${workspace.slug}/projects/${project.id}/issue-labels/${labelRows[0].id}/`,
  };
  try {
    await patchLabel(fixture, 'warm-up');
    const fanouts = [];
    let memory = null;
    let rate = null;
    for (const n of [10, 100, 1000, 5000].filter((n) => n <= MAX_SOCKETS)) {
      const rssBefore = serverRssMb(child);
      const subscribers = await openSubscribers(fixture, n);
      await sleep(1000);
      if (n === 1000) memory = { sockets: n, rssBeforeMb: round(rssBefore), rssAfterMb: round(serverRssMb(child)), kbPerIdleSocket: round(((serverRssMb(child) - rssBefore) * 1024) / n) };
      fanouts.push(await fanOut(fixture, subscribers, 20));
      console.log('fan-out', fanouts[fanouts.length - 1]);
      if (n === 1000) {
        rate = await sustainedRate(fixture, subscribers);
        console.log('sustained', rate);
      }
      for (const s of subscribers) s.ws.terminate();
      await sleep(500);
    }
    const soakResult = SOAK ? await soak(fixture) : null;
    const result: Result = { driver: url ? 'postgres' : 'pglite', writes, fanouts, memory, rate, soak: soakResult };
    writeReport(result);
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (url) await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Result {
  driver: string;
  writes: Awaited<ReturnType<typeof writeThroughput>>;
  fanouts: Array<Awaited<ReturnType<typeof fanOut>>>;
  memory: { sockets: number; rssBeforeMb: number; rssAfterMb: number; kbPerIdleSocket: number } | null;
  rate: Awaited<ReturnType<typeof sustainedRate>> | null;
  soak: Awaited<ReturnType<typeof soak>> | null;
}

/** Replaces the "Live stream" section of BENCHMARKS.md (other sections are left alone). */
function writeReport(result: Result) {
  const file = join(root, 'BENCHMARKS.md');
  const lines = [
    '<!-- bench:live -->',
    '## Live stream (`npm run bench live`)',
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; database ${result.driver}; ${new Date().toISOString()}.`,
    'One server process (`server/main.ts`) on loopback; all WebSocket clients in the bench process (they share the 2 cores).',
    'Latency "response → event" = PATCH response read by the client → change event read on each socket. It goes negative when the',
    'client process (which also reads every socket) handles the events before the response callback: at high N the clients, not',
    'the server, are the bottleneck, so also shown is "send → event" (PATCH sent → event), an upper bound that includes the request.',
    '',
    '| sockets | PATCHes | response → event p50 / p99 / max ms | send → event p50 / p99 / max ms | missing |',
    '|---|---|---|---|---|',
    ...result.fanouts.map((f) => `| ${f.sockets} | ${f.patches} | ${f.p50} / ${f.p99} / ${f.max} | ${f.sendP50} / ${f.sendP99} / ${f.sendMax} | ${f.missing} |`),
    '',
    result.rate
      ? `Sustained to ${result.rate.sockets} sockets with send → event p99 ≤ 100 ms: **${result.rate.sustainedEventsPerSec} events/s** (steps: ${result.rate.steps.map((s) => `${s.patchesPerSec} PATCH/s → p99 ${s.p99} ms${s.missing ? `, ${s.missing} missing` : ''}`).join('; ')}).`
      : 'Sustained rate: not measured (fewer than 1000 sockets).',
    result.memory
      ? `Server memory per idle connection: **${result.memory.kbPerIdleSocket} KiB** (RSS ${result.memory.rssBeforeMb} → ${result.memory.rssAfterMb} MiB for ${result.memory.sockets} sockets).`
      : '',
    `Write throughput, ${result.writes.writers} writer(s), one hot workspace, label UPDATE per transaction: plain ${result.writes.plainTxPerSec} tx/s, with change log (advisory lock + insert) ${result.writes.changeLogTxPerSec} tx/s → **ratio ${result.writes.ratio}** (anchor #1: ≥ 0.3×). Measured at the service layer in the bench process (HTTP PATCH cannot run without the change log).`,
    result.soak
      ? `Soak: ${result.soak.sockets} sockets, ${result.soak.writers} writers, ${result.soak.minutes} min, ${result.soak.patches} PATCHes: p50 ${result.soak.p50} ms, p99 ${result.soak.p99} ms, missing ${result.soak.missing}, server RSS ${result.soak.rssStartMb} → ${result.soak.rssEndMb} MiB.`
      : 'Soak (500 sockets, 10 writers, 5 min): run with `npm run bench live -- --soak`.',
    '<!-- /bench:live -->',
  ].filter((line) => line !== null);
  const section = lines.join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const pattern = /<!-- bench:live -->[\s\S]*?<!-- \/bench:live -->/;
  writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
}
