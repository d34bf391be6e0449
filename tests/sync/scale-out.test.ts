// The scale-out topology of DESIGN.md "Processes", as plain processes on this machine: one Postgres
// (its own database, trellis_scaleout), one Redis, two API processes (TRELLIS_ROLE=server), two
// collaboration processes (TRELLIS_ROLE=collab), all from the production build (scripts/start.mjs),
// behind a small proxy (tests/support/proxy.ts: /collab to the collab pool, the rest to the API
// pool, round-robin, a dead backend skipped). It shows:
//   1. an issue written through API 1 reaches live sockets held by API 2 (and back);
//   2. two editors on different collab processes converge on one page;
//   3. SIGKILL of an API process loses no acknowledged write, and its live clients reconnect
//      through the proxy to the other one with their resume cursor and miss no change;
//   4. SIGKILL of a collab process loses at most what was typed since the last acknowledgement
//      (the flush window), and its editors reconnect through the proxy and converge.
// Postgres and Redis only (PGlite is one process per data dir).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createDatabase, type Database } from '../../db/client';
import { changes } from '../../db/schema/changes';
import { loadStoredState } from '../../db/page-storage';
import type { ChangeMessage, ServerMessage } from '../../shared/live-protocol';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from '../../collab/testing';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { freePort } from '../start/processes';
import { startProxy, type TestProxy } from '../support/proxy';
import { stopProcess } from '../support/server-process';
import { redisAnswersPing, TEST_REDIS_URL } from '../support/redis';
import type { TestServer } from '../support/server';
import { openLive, type LiveClient } from './live-client';

const root = join(import.meta.dirname, '..', '..');
const onPostgres = Boolean(process.env.DATABASE_URL);
const hasRedis = onPostgres && (await redisAnswersPing());
if (!hasRedis) console.warn('[skip] tests/sync/scale-out.test.ts: needs DATABASE_URL (Postgres) and Redis on 127.0.0.1:6379');

const DB_NAME = 'trellis_scaleout';
const SECRET_KEY = 'scale-out-secret-0123456789abcdef';

interface Proc {
  role: 'server' | 'collab';
  url: string;
  child: ChildProcess;
  output: () => string;
}

const procs: Proc[] = [];
const editors: TestEditor[] = [];
const lives: ResumingLive[] = [];
let databaseUrl = '';
let database: Database;
let proxy: TestProxy;
let api1: Proc, api2: Proc, collab1: Proc, collab2: Proc;
let owner: TestUser;
let member: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-scaleout-'));

async function startProcess(role: Proc['role']): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      TRELLIS_ROLE: role,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY,
      LOG_LEVEL: 'warn',
      TRELLIS_SKIP_CLIENT_BUILD: '1',
      TRELLIS_BUILD_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const proc: Proc = { role, url: `http://127.0.0.1:${port}`, child, output: () => text };
  procs.push(proc);
  // Ready as the proxy and an orchestrator see it: /readyz 200.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${role} process exited:\n${text}`);
    if (Date.now() > deadline) throw new Error(`${role} process not ready:\n${text}`);
    const ready = await fetch(`${proc.url}/readyz`).then((response) => response.ok, () => false);
    if (ready) return proc;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sigkill = (proc: Proc) => stopProcess(proc.child, 'SIGKILL');

/**
 * A /live client as the web client behaves (client/live/): it remembers the last change id and the
 * cursor of the last heartbeat, and when its socket closes it reconnects — through the proxy — and
 * subscribes from that cursor.
 */
interface ResumingLive {
  received: Map<number, ChangeMessage>;
  cursor: number;
  reconnects: number;
  /** `reset` frames: the server could not resume from the cursor (must stay 0). */
  resets: number;
  current: LiveClient;
  ready: Promise<void>;
  stop(): void;
}

async function resumingLive(baseUrl: string, user: TestUser, since: number): Promise<ResumingLive> {
  const state: ResumingLive = { received: new Map(), cursor: since, reconnects: 0, resets: 0, current: undefined as unknown as LiveClient, ready: Promise.resolve(), stop: () => {} };
  let stopped = false;
  const attach = async (): Promise<void> => {
    for (;;) {
      try {
        const client = await openLive(baseUrl, { headers: user.headers });
        state.current = client;
        client.ws.on('message', (data) => {
          const message = JSON.parse(String(data)) as ServerMessage;
          if (message.type === 'change') {
            state.received.set(message.id, message);
            state.cursor = Math.max(state.cursor, message.id);
          } else if (message.type === 'ping' && message.cursor !== undefined) {
            state.cursor = Math.max(state.cursor, message.cursor);
          } else if (message.type === 'reset') {
            state.resets++;
          }
        });
        client.subscribe(workspace.slug, state.cursor);
        state.ready = client.waitFor((message) => message.type === 'ready', 20_000).then(() => undefined);
        void client.closed.then(() => {
          if (stopped) return;
          state.reconnects++;
          void attach();
        });
        return;
      } catch {
        if (stopped) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await attach();
  await state.ready;
  state.stop = () => {
    stopped = true;
    state.current.close();
  };
  lives.push(state);
  return state;
}

async function head(): Promise<number> {
  const rows = await database.db.select({ id: changes.id }).from(changes);
  return Math.max(0, ...rows.map((row) => row.id));
}

const issuesPath = () => `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
const pagesPath = () => `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;

async function createIssue(baseUrl: string, name: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}${issuesPath()}`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return response.status === 201 ? ((await response.json()) as { id: string }).id : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  if (!hasRedis) return;
  // Its own database on the test server, made and migrated here (the processes find it current).
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
  await admin.unsafe(`create database "${DB_NAME}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
  database = await createDatabase({ databaseUrl, maxConnections: 4 });
  await database.migrate();
  const seed = { database } as unknown as TestServer;
  owner = await buildUser(seed);
  member = await buildUser(seed);
  workspace = await buildWorkspace(seed, owner);
  project = await buildProject(seed, workspace, owner);
  await addWorkspaceMember(seed, workspace, member, 15);
  await addProjectMember(seed, project, member, 15);

  await ensureServerBuilt();
  [api1, api2, collab1, collab2] = await Promise.all([startProcess('server'), startProcess('server'), startProcess('collab'), startProcess('collab')]);
  proxy = await startProxy({ api: [api1.url, api2.url], collab: [collab1.url, collab2.url] });
}, 300_000);

afterAll(async () => {
  for (const live of lives) live.stop();
  for (const editor of editors) editor.destroy();
  await proxy?.close();
  await Promise.all(
    procs.map(
      (proc) =>
        new Promise<void>((resolve) => {
          if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
          proc.child.once('exit', () => resolve());
          proc.child.kill('SIGTERM');
          setTimeout(() => proc.child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await database?.close();
  if (hasRedis) {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Live clients through the proxy until both API processes hold some; returns them with the backend each reached. */
async function liveClientsOnBoth(count: number): Promise<{ live: ResumingLive; backend: string }[]> {
  const since = await head();
  const clients: { live: ResumingLive; backend: string }[] = [];
  for (let i = 0; i < count; i++) {
    const before = new Set(proxy.upgrades('api').map((upgrade) => upgrade.client));
    const live = await resumingLive(proxy.url, i % 2 ? member : owner, since);
    const mine = proxy.upgrades('api').find((upgrade) => !before.has(upgrade.client));
    clients.push({ live, backend: mine!.backend });
  }
  expect(new Set(clients.map((client) => client.backend))).toEqual(new Set([api1.url, api2.url]));
  return clients;
}

describe.skipIf(!hasRedis)('scale-out: 2 API + 2 collab processes behind a proxy', () => {
  test('an issue written through API 1 reaches live sockets on API 2, and one written through API 2 those on API 1', async () => {
    const clients = await liveClientsOnBoth(4);
    for (const [writer, name] of [
      [api1, `written through API 1 ${Date.now()}`],
      [api2, `written through API 2 ${Date.now()}`],
    ] as const) {
      const id = await createIssue(writer.url, name);
      expect(id).toBeTruthy();
      for (const { live } of clients) {
        await waitFor(() => [...live.received.values()].some((change) => change.entity === 'issue' && change.data.id === id && change.op === 'create'), `${name} reaches every socket`, 15_000);
      }
    }
    for (const { live } of clients) live.stop();
  }, 120_000);

  test('two editors on different collab processes converge on one page', async () => {
    const created = await fetch(`${proxy.url}${pagesPath()}`, { method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Co-edited across processes' }) });
    expect(created.status).toBe(201);
    const pageId = ((await created.json()) as { id: string }).id;
    const a = openEditor(proxy.url, pageId, { cookie: owner.headers.cookie });
    editors.push(a);
    await a.synced;
    const b = openEditor(proxy.url, pageId, { cookie: member.headers.cookie });
    editors.push(b);
    await b.synced;
    expect(new Set(proxy.upgrades('collab').map((upgrade) => upgrade.backend))).toEqual(new Set([collab1.url, collab2.url]));
    // Concurrent typing on both sides.
    for (let i = 0; i < 10; i++) {
      typeParagraph(a.doc, `A line ${i}`);
      typeParagraph(b.doc, `B line ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await waitFor(() => bodyText(a.doc) === bodyText(b.doc) && (bodyText(a.doc).match(/line \d/g) ?? []).length === 20, 'both editors hold all 20 lines', 20_000);
    a.destroy();
    b.destroy();
  }, 120_000);

  test('SIGKILL of an API process: no acknowledged write is lost; its live clients reconnect through the proxy to the other and miss no change', async () => {
    const since = await head();
    const clients = await liveClientsOnBoth(6);
    const victim = api1;
    const onVictim = clients.filter((client) => client.backend === victim.url);
    expect(onVictim.length).toBeGreaterThan(0);

    const acknowledged: string[] = [];
    let killed = false;
    let afterKill = 0;
    // Four writers through the proxy (round-robin over both API processes), until a few writes after the kill.
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; afterKill < 12; i++) {
        const id = await createIssue(proxy.url, `writer ${writer} issue ${i}`);
        if (id) {
          acknowledged.push(id);
          if (killed) afterKill++;
        }
      }
    });
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    await sigkill(victim);
    killed = true;
    await Promise.all(writers);

    // Every acknowledged write is stored, and listed through the proxy (by the surviving API process).
    const logged = await database.db
      .select({ id: changes.id, entityId: changes.entityId })
      .from(changes)
      .where(and(eq(changes.entity, 'issue'), eq(changes.op, 'create'), gt(changes.id, since)));
    const loggedIssues = new Set(logged.map((row) => row.entityId));
    for (const id of acknowledged) expect(loggedIssues.has(id)).toBe(true);
    const listed = await fetch(`${proxy.url}${issuesPath()}list/?issues=${acknowledged.join(',')}`, { headers: owner.headers });
    expect(listed.status).toBe(200);
    expect(new Set(((await listed.json()) as { id: string }[]).map((issue) => issue.id))).toEqual(new Set(acknowledged));

    // The victim's clients reconnected (through the proxy, so to the survivor) and every client —
    // on either side of the kill — ends with every change of the log, none twice.
    for (const { live } of onVictim) await waitFor(() => live.reconnects > 0, 'a client of the killed process reconnects', 15_000);
    expect(proxy.upgrades('api').every((upgrade) => upgrade.backend === api2.url)).toBe(true);
    const allChanges = (await database.db.select({ id: changes.id }).from(changes).where(gt(changes.id, since))).map((row) => row.id).sort((x, y) => x - y);
    for (const { live } of clients) {
      await waitFor(() => allChanges.every((id) => live.received.has(id)), `every change reaches a ${live.reconnects ? 'reconnected' : 'surviving'} client`, 20_000);
      for (const id of acknowledged) expect([...live.received.values()].some((change) => change.data.id === id)).toBe(true);
      expect(live.resets).toBe(0);
    }
    console.log(`[scale-out] ${acknowledged.length} acknowledged writes, ${onVictim.length} clients moved from the killed API process, ${allChanges.length} changes delivered to each of ${clients.length} clients`);
    for (const { live } of clients) live.stop();
  }, 180_000);

  test('SIGKILL of a collab process loses at most the unacknowledged typing; its editors reconnect through the proxy and converge', async () => {
    const created = await fetch(`${proxy.url}${pagesPath()}`, { method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Typing through a crash' }) });
    expect(created.status).toBe(201);
    const pageId = ((await created.json()) as { id: string }).id;
    // Whichever collab process the first editor lands on is the victim; the second lands on the other.
    const a = openEditor(proxy.url, pageId, { cookie: owner.headers.cookie });
    editors.push(a);
    await a.synced;
    const aBackend = proxy.upgrades('collab').at(-1)!.backend;
    const b = openEditor(proxy.url, pageId, { cookie: member.headers.cookie });
    editors.push(b);
    await b.synced;
    const victim = aBackend === collab1.url ? collab1 : collab2;
    expect(proxy.upgrades('collab').map((upgrade) => upgrade.backend).sort()).toEqual([collab1.url, collab2.url].sort());

    // A types steadily; `acknowledged` is what A had typed the last time its provider had nothing unconfirmed.
    const typed: { text: string; at: number }[] = [];
    let acknowledged = 0;
    a.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      if (number === 0) acknowledged = typed.length;
    });
    let typing = true;
    const typist = (async () => {
      for (let i = 0; typing; i++) {
        const text = `crash line ${i}`;
        typed.push({ text, at: Date.now() });
        typeParagraph(a.doc, text);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    while (acknowledged < 40) await new Promise((resolve) => setTimeout(resolve, 5));

    // Kill A's collab process while the proxy holds new connections, so nothing reaches storage by a
    // reconnection before it is read.
    proxy.hold();
    const ackedAtKill = acknowledged;
    const typedAtKill = typed.length;
    const killedAt = Date.now();
    await sigkill(victim);
    const stored = new Y.Doc();
    const state = await loadStoredState(database.db, pageId);
    if (state) Y.applyUpdate(stored, state);
    const storedText = bodyText(stored);
    // Lines reach storage in order; what is missing is a tail of what was typed before the kill.
    const storedLines = typed.slice(0, typedAtKill).filter((line) => new RegExp(`${line.text}(?!\\d)`).test(storedText)).length;
    for (const line of typed.slice(0, ackedAtKill)) expect(storedText).toMatch(new RegExp(`${line.text}(?!\\d)`));
    const lost = typed.slice(storedLines, typedAtKill);
    const window = lost.length ? killedAt - lost[0]!.at : 0;
    console.log(`[scale-out] collab SIGKILL: ${typedAtKill} lines typed, ${ackedAtKill} acknowledged, ${storedLines} stored; ${lost.length} unstored lines typed in the last ${window} ms`);
    expect(storedLines).toBeGreaterThanOrEqual(ackedAtKill);

    // The editors reconnect through the proxy (to the surviving process) and everything A typed —
    // before, during and after the crash — reaches B and storage.
    proxy.release();
    await waitFor(() => a.closeCodes.length > 0, 'A saw its socket close', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    typing = false;
    await typist;
    await waitFor(() => proxy.upgrades('collab').length >= 2 && proxy.upgrades('collab').every((upgrade) => upgrade.backend !== victim.url), 'both editors are on the surviving collab process', 15_000);
    const all = typed.map((line) => line.text);
    await waitFor(() => all.every((text) => new RegExp(`${text}(?!\\d)`).test(bodyText(b.doc))), 'B holds every line A typed', 20_000);
    expect(bodyText(a.doc)).toBe(bodyText(b.doc));
    await waitFor(
      async () => {
        const doc = new Y.Doc();
        const now = await loadStoredState(database.db, pageId);
        if (now) Y.applyUpdate(doc, now);
        return bodyText(doc) === bodyText(a.doc);
      },
      'storage holds the converged page',
      20_000,
    );
  }, 180_000);
});
