// Pages benchmark (DESIGN "Performance budgets"): 50 simulated editors on one page typing 5 chars/s
// each — update round-trip from one editor to all others (p50/p99), the acknowledgement round trip
// (send → the server confirms it; Trellis confirms once the update is stored), server CPU and memory, bytes
// stored per 1000 edits after compaction — against a bare Hocuspocus in the same run; plus the time
// to open a page holding 1 MB of text (server load → first sync). Servers run as child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import postgres from 'postgres';
import { createDatabase, type Database } from '../db/client';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';
import type { TestServer } from '../tests/support/server';
import { openEditor, type TestEditor } from '../collab/testing';

const EDITORS = Number(process.env.BENCH_EDITORS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CHARS_PER_SECOND = 5;
const BIG_PAGE_BYTES = 1024 * 1024;
/** Cold opens of the 1 MB page (each a different page); the median is reported. */
const OPEN_SAMPLES = 3;
/** Logged, not yet compacted edits on each 1 MB page (what a crash or a busy page leaves). */
const BIG_PAGE_LOGGED_EDITS = 200;

export interface PagesBenchResult {
  name: string;
  editors: number;
  seconds: number;
  edits: number;
  p50Ms: number;
  p99Ms: number;
  /** Send → SyncStatus acknowledgement back at the sender (the provider's unsyncedChanges drops). */
  ackP50Ms: number;
  ackP99Ms: number;
  received: number;
  expected: number;
  cpuPercent: number;
  peakRssMiB: number;
  bytesPer1000Edits?: number;
  logRowsLeft?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function spawnServer(script: string, env: Record<string, string>, ready: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
    // `node --import tsx` (not the tsx CLI, which forks) so the child pid is the server being measured.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRELLIS_SKIP_CLIENT_BUILD: '1', SECRET_KEY: 'bench-secret-0123456789abcdef' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

/** CPU seconds (user + system) and RSS of a process, from /proc. */
function sampleProcess(pid: number): { cpuSeconds: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuSeconds: ticks / 100, rssMiB: rss ? Number(rss[1]) / 1024 : 0 };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the typing workload against one server and measures it. */
async function runTyping(name: string, baseUrl: string, pid: number, pageId: string, cookie: string | undefined): Promise<PagesBenchResult & { editors_: TestEditor[] }> {
  const editors = Array.from({ length: EDITORS }, () => openEditor(baseUrl, pageId, { cookie }));
  await Promise.all(editors.map((editor) => editor.synced));
  const sentAt = editors.map(() => new Map<number, number>());
  const latencies: number[] = [];
  const ackLatencies: number[] = [];
  // One provider update per transaction, acknowledged in order: the oldest sends are the ones confirmed.
  const awaitingAck = editors.map(() => [] as number[]);
  editors.forEach((editor, index) => {
    editor.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      const now = performance.now();
      while (awaitingAck[index].length > number) ackLatencies.push(now - awaitingAck[index].shift()!);
    });
  });
  editors.forEach((editor) => {
    editor.doc.getMap<number>('bench-clock').observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const key of event.keysChanged) {
        const seq = event.target.get(key) as number;
        const sent = sentAt[Number(key)].get(seq);
        if (sent !== undefined) latencies.push(now - sent);
      }
    });
  });
  // Each editor owns one paragraph and types into it.
  const texts = editors.map((editor) => {
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText('');
    paragraph.insert(0, [text]);
    const fragment = editor.doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
    return text;
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  latencies.length = 0;
  ackLatencies.length = 0;
  const before = sampleProcess(pid);
  let peakRss = before.rssMiB;
  let edits = 0;
  const started = performance.now();
  const timers = editors.map((editor, index) => {
    let seq = 0;
    const type = () => {
      seq += 1;
      sentAt[index].set(seq, performance.now());
      awaitingAck[index].push(performance.now());
      editor.doc.transact(() => {
        texts[index].insert(texts[index].length, 'abcdefghij'[seq % 10]);
        editor.doc.getMap('bench-clock').set(String(index), seq);
      });
      edits += 1;
    };
    const offset = Math.random() * (1000 / CHARS_PER_SECOND);
    let interval: NodeJS.Timeout | null = null;
    const start = setTimeout(() => (interval = setInterval(type, 1000 / CHARS_PER_SECOND)), offset);
    return () => {
      clearTimeout(start);
      if (interval) clearInterval(interval);
    };
  });
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, sampleProcess(pid).rssMiB)), 1000);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  timers.forEach((stop) => stop());
  await new Promise((resolve) => setTimeout(resolve, 1500));
  clearInterval(sampler);
  const after = sampleProcess(pid);
  const wall = (performance.now() - started) / 1000;
  return {
    name,
    editors: EDITORS,
    seconds: SECONDS,
    edits,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    ackP50Ms: percentile(ackLatencies, 50),
    ackP99Ms: percentile(ackLatencies, 99),
    received: latencies.length,
    expected: edits * (EDITORS - 1),
    cpuPercent: ((after.cpuSeconds - before.cpuSeconds) / wall) * 100,
    peakRssMiB: peakRss,
    editors_: editors,
  };
}

async function seed(database: Database) {
  const server = { database } as unknown as TestServer;
  const owner = await buildUser(server);
  const workspace = await buildWorkspace(server, owner);
  const project = await buildProject(server, workspace, owner);
  return { owner, workspace, project };
}

/** Appends BIG_PAGE_LOGGED_EDITS one-paragraph edits to the page's update log (Postgres only: PGlite is held by the server). */
async function logEdits(pgUrl: string | null, pageId: string, state: ArrayBuffer): Promise<void> {
  if (!pgUrl) return;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, new Uint8Array(state));
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < BIG_PAGE_LOGGED_EDITS; i++) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(`logged edit ${i}`)]);
    doc.getXmlFragment('default').push([paragraph]);
  }
  const sql = postgres(pgUrl, { max: 1 });
  for (const update of updates) await sql`insert into page_updates (page_id, update) values (${pageId}, ${Buffer.from(update)})`;
  await sql.end();
}

type PagesFigures = { trellis: PagesBenchResult; bare: PagesBenchResult; openMs: number; openBareMs: number; openTimes: number[]; bigStateBytes: number; driver: string };

/** The BENCHMARKS.md section for one run. */
function pagesMarkdown({ trellis, bare, openMs, openBareMs, openTimes, bigStateBytes, driver }: PagesFigures): string {
  const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  return [
    `- Driver: ${driver}; ${trellis.editors} Node providers on one page, each typing ${CHARS_PER_SECOND} chars/s into its own paragraph for ${trellis.seconds} s`,
    '  (knobs: `BENCH_EDITORS`, `BENCH_SECONDS`). Servers are child processes; the providers run in the bench process. Latency is',
    '  send → observed in every other editor. Baseline: a bare Hocuspocus 4 on the same Fastify mount with no auth, no',
    '  persistence, no title sync (`bench/bare-collab.ts`), run right after in the same process tree.',
    '',
    '| metric | Trellis (`boot/main.ts`) | bare Hocuspocus | ratio |',
    '|---|---|---|---|',
    `| edits sent | ${trellis.edits} | ${bare.edits} | — |`,
    `| round-trip p50 (one editor → all others) | ${ms(trellis.p50Ms)} | ${ms(bare.p50Ms)} | ${ratio(trellis.p50Ms, bare.p50Ms)} |`,
    `| round-trip p99 | ${ms(trellis.p99Ms)} | ${ms(bare.p99Ms)} | ${ratio(trellis.p99Ms, bare.p99Ms)} |`,
    `| acknowledged p50 (send → server confirms; Trellis: once stored in \`page_updates\`) | ${ms(trellis.ackP50Ms)} | ${ms(bare.ackP50Ms)} (confirms on receipt, stores nothing) | ${ratio(trellis.ackP50Ms, bare.ackP50Ms)} |`,
    `| acknowledged p99 | ${ms(trellis.ackP99Ms)} | ${ms(bare.ackP99Ms)} | ${ratio(trellis.ackP99Ms, bare.ackP99Ms)} |`,
    `| server CPU (one core = 100 %) | ${trellis.cpuPercent.toFixed(1)} % | ${bare.cpuPercent.toFixed(1)} % | ${ratio(trellis.cpuPercent, bare.cpuPercent)} |`,
    `| server peak RSS | ${trellis.peakRssMiB.toFixed(0)} MiB | ${bare.peakRssMiB.toFixed(0)} MiB | ${ratio(trellis.peakRssMiB, bare.peakRssMiB)} (full API server vs bare) |`,
    `| stored bytes per 1 000 edits after compaction | ${((trellis.bytesPer1000Edits ?? 0) / 1000).toFixed(1)} kB (\`page_updates\` rows left: ${trellis.logRowsLeft ?? '?'}) | — (nothing stored) | — |`,
    `| open a page with 1 MB of text (cold: load from the database → first sync; median of ${openTimes.length}) | ${ms(openMs)} | ${ms(openBareMs)} (already in memory) | ${ratio(openMs, openBareMs)} |`,
    '',
    `Notes: the 1 MB page is ${(bigStateBytes / 1e6).toFixed(2)} MB of Yjs state: its snapshot plus ${driver === 'postgres' ? BIG_PAGE_LOGGED_EDITS : 0} logged edits not yet`,
    `compacted (cold opens: ${openTimes.map((value) => value.toFixed(0)).join(', ')} ms). The load applies the snapshot and the log into the live document in one`,
    'transaction and authentication reads no body columns. Received observations can be fewer than sends × (editors − 1): Hocuspocus',
    'coalesces broadcasts within an event-loop turn and the per-editor clock (a Y.Map key) then shows only the newest value — no',
    'update is lost. No crash window for acknowledged edits: the server confirms an update (the provider\'s "synced", the',
    'page\'s "Saved") only once it is in `page_updates`; updates of a page arriving within 10 ms (`GATHER_MS`) or while its',
    'INSERT is in flight share the next one (group commit). Bare Hocuspocus confirms on receipt and stores nothing.',
    '`collab/durability.test.ts` SIGKILLs the server the moment the provider counts its edits as confirmed and finds them all after restart.',
  ].join('\n');
}

async function api(baseUrl: string, user: TestUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response;
}

function bigHtml(bytes: number): string {
  const paragraph = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(16)}</p>`;
  return paragraph.repeat(Math.ceil(bytes / paragraph.length));
}

/** Runs the benchmark and returns the figures (also printed). */
export async function run(): Promise<PagesFigures & { title: string; markdown: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-bench-pages-'));
  let env: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seed>>;
  let pgUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `trellis_bench_${Date.now().toString(36)}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    pgUrl = url.toString();
    const database = await createDatabase({ databaseUrl: pgUrl });
    await database.migrate();
    seeded = await seed(database);
    await database.close();
    env = { DATABASE_URL: pgUrl };
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    const database = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    seeded = await seed(database);
    await database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const { owner, workspace, project } = seeded;
  const pagesPath = `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;
  const children: ChildProcess[] = [];
  try {
    const real = await spawnServer('boot/main.ts', env, 'Trellis is running');
    children.push(real.child);
    const page = (await (await api(real.baseUrl, owner, 'POST', pagesPath, { name: 'Bench' })).json()) as { id: string };
    const trellis = await runTyping('trellis', real.baseUrl, real.child.pid!, page.id, owner.headers.cookie);
    trellis.editors_.forEach((editor) => editor.destroy());
    await new Promise((resolve) => setTimeout(resolve, 2500)); // last disconnect → store → compaction
    const state = new Uint8Array(await (await api(real.baseUrl, owner, 'GET', `${pagesPath}${page.id}/description/`)).arrayBuffer());
    trellis.bytesPer1000Edits = (state.byteLength / trellis.edits) * 1000;
    if (pgUrl) {
      const sql = postgres(pgUrl, { max: 1 });
      const [row] = await sql`select count(*)::int as n, coalesce(sum(octet_length(update)), 0)::int as bytes from page_updates where page_id = ${page.id}`;
      const [snapshot] = await sql`select octet_length(description_binary)::int as bytes from pages where id = ${page.id}`;
      trellis.logRowsLeft = row.n;
      trellis.bytesPer1000Edits = ((snapshot.bytes + row.bytes) / trellis.edits) * 1000;
      await sql.end();
    }

    // Opening a 1 MB page: created through REST (html → Yjs) plus 200 logged edits not yet compacted,
    // first sync timed from a cold server doc; median of OPEN_SAMPLES different pages.
    const openTimes: number[] = [];
    let bigState: Uint8Array = new Uint8Array();
    for (let sample = 0; sample < OPEN_SAMPLES; sample++) {
      const big = (await (await api(real.baseUrl, owner, 'POST', pagesPath, { name: 'Big', description_html: bigHtml(BIG_PAGE_BYTES) })).json()) as { id: string };
      await logEdits(pgUrl, big.id, await (await api(real.baseUrl, owner, 'GET', `${pagesPath}${big.id}/description/`)).arrayBuffer());
      const openStarted = performance.now();
      const reader = openEditor(real.baseUrl, big.id, { cookie: owner.headers.cookie });
      await reader.synced;
      openTimes.push(performance.now() - openStarted);
      bigState = Y.encodeStateAsUpdate(reader.doc);
      reader.destroy();
    }
    const openMs = percentile(openTimes, 50);
    real.child.kill('SIGTERM');

    const bareServer = await spawnServer('bench/bare-collab.ts', {}, 'bare collab ready');
    children.push(bareServer.child);
    const bare = await runTyping('bare hocuspocus', bareServer.baseUrl, bareServer.child.pid!, 'bench-doc', undefined);
    bare.editors_.forEach((editor) => editor.destroy());
    // Same 1 MB document opened from a bare server that holds it in memory already.
    const seedEditor = openEditor(bareServer.baseUrl, 'big-doc', {});
    await seedEditor.synced;
    Y.applyUpdate(seedEditor.doc, bigState);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const bareTimes: number[] = [];
    for (let sample = 0; sample < OPEN_SAMPLES; sample++) {
      const bareOpenStarted = performance.now();
      const bareReader = openEditor(bareServer.baseUrl, 'big-doc', {});
      await bareReader.synced;
      bareTimes.push(performance.now() - bareOpenStarted);
      bareReader.destroy();
    }
    const openBareMs = percentile(bareTimes, 50);
    seedEditor.destroy();

    const strip = ({ editors_: _editors, ...rest }: PagesBenchResult & { editors_?: TestEditor[] }) => rest;
    const result = { trellis: strip(trellis), bare: strip(bare), openMs, openBareMs, openTimes, bigStateBytes: bigState.byteLength, driver: pgUrl ? 'postgres' : 'pglite' };
    console.log(JSON.stringify(result, null, 2));
    return { ...result, title: 'Pages (collaboration) — `bench/pages.ts`', markdown: pagesMarkdown(result) };
  } finally {
    children.forEach((child) => child.kill('SIGKILL'));
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
