// Collab in its own OS processes (DESIGN "Processes"): two collaboration processes
// (`npm run start:collab`, TRELLIS_ROLE=collab) on one Postgres share a document through
// @hocuspocus/extension-redis, and an API process running without collab (TRELLIS_ROLE=server, no
// Redis) reaches open editors through Postgres NOTIFY when REST changes a page body; a title renamed in an editor on a collab process reaches the API process's
// /live sockets through NOTIFY (its safety poll is lengthened to 10 min here, so only NOTIFY can
// deliver it). Postgres only: PGlite is one process per data dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as Y from 'yjs';
import { createTestServer, type TestServer } from '../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../tests/support/factories';
import { readTitle, writeTitle } from '../shared/document-content';
import { openLive } from '../tests/sync/live-client';
import { redisAnswersPing, TEST_REDIS_URL } from '../tests/support/redis';
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from './testing';

const REDIS_URL = TEST_REDIS_URL;
const SECRET_KEY = 'test-secret-key-0123456789abcdef';

const onPostgres = Boolean(process.env.DATABASE_URL);
const hasRedis = onPostgres && (await redisAnswersPing());
if (!onPostgres) console.warn('[collab/processes.test.ts] skipped: collab processes need Postgres (DATABASE_URL unset, PGlite is single-process)');
else if (!hasRedis) console.warn(`[collab/processes.test.ts] Redis test skipped: no PONG from ${REDIS_URL}`);

const dataDir = mkdtempSync(join(tmpdir(), 'trellis-collab-processes-'));
const children: ChildProcess[] = [];
const editors: TestEditor[] = [];
let api: TestServer;
let owner: TestUser;
let member: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
let collabA = '';
let collabB = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `npm run start:collab` as a child process on `databaseUrl`; resolves with its base URL once it listens. */
async function startCollab(databaseUrl: string, redisUrl: string | null): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'boot/main.ts'], {
    env: {
      ...process.env,
      TRELLIS_ROLE: 'collab',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SECRET_KEY,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`collab process did not start: ${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('collaboration server is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`collab process exited (${code}): ${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  if (!onPostgres) return;
  // The API process: REST only, no Redis — its route to live documents is NOTIFY.
  api = await createTestServer({ driver: 'postgres', env: { TRELLIS_ROLE: 'server', SECRET_KEY, LIVE_POLL_INTERVAL_MS: '600000' } });
  owner = await buildUser(api);
  member = await buildUser(api);
  workspace = await buildWorkspace(api, owner);
  project = await buildProject(api, workspace, owner);
  await addWorkspaceMember(api, workspace, member, 15);
  await addProjectMember(api, project, member, 15);
  [collabA, collabB] = await Promise.all([startCollab(api.database.url!, hasRedis ? REDIS_URL : null), startCollab(api.database.url!, hasRedis ? REDIS_URL : null)]);
}, 180_000);

afterAll(async () => {
  editors.forEach((editor) => editor.destroy());
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const pagesUrl = () => `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;

async function createPage(name: string): Promise<string> {
  const response = await api.inject({ method: 'POST', url: pagesUrl(), headers: owner.headers, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

function editor(baseUrl: string, pageId: string, user: TestUser): TestEditor {
  const opened = openEditor(baseUrl, pageId, { cookie: user.headers.cookie });
  editors.push(opened);
  return opened;
}

test.skipIf(!hasRedis)('an edit through collab process A reaches an editor on collab process B through Redis', async () => {
  const pageId = await createPage('Shared across processes');
  const a = editor(collabA, pageId, owner);
  const b = editor(collabB, pageId, member);
  await Promise.all([a.synced, b.synced]);
  typeParagraph(a.doc, 'typed on process A');
  await waitFor(() => bodyText(b.doc).includes('typed on process A'), 'A → B through Redis');
  typeParagraph(b.doc, 'typed on process B');
  await waitFor(() => bodyText(a.doc).includes('typed on process B'), 'B → A through Redis');
  expect(bodyText(a.doc)).toBe(bodyText(b.doc));
}, 60_000);

test.skipIf(!onPostgres)('a REST PATCH description/ on an API process without collab reaches an open editor at once (NOTIFY)', async () => {
  const pageId = await createPage('Patched over REST');
  const open = editor(collabA, pageId, member);
  await open.synced;
  // Nothing is typed first: a local edit would make the collab process store (2 s debounce), and a
  // store merges storage into the live document too — the REST change must arrive without it.

  // A Yjs update made against the stored state, sent as octet-stream.
  const stored = await api.inject({ method: 'GET', url: `${pagesUrl()}${pageId}/description/`, headers: owner.headers });
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, new Uint8Array(stored.rawPayload));
  const before = Y.encodeStateVector(scratch);
  typeParagraph(scratch, 'patched over REST');
  const update = Y.encodeStateAsUpdate(scratch, before);
  const patched = await api.inject({
    method: 'PATCH',
    url: `${pagesUrl()}${pageId}/description/`,
    headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(update),
  });
  expect(patched.statusCode).toBeLessThan(300);
  await waitFor(() => bodyText(open.doc).includes('patched over REST'), 'REST update reaches the open editor', 3000);

  // The JSON html form and a rename take the same path.
  const html = await api.inject({
    method: 'PATCH',
    url: `${pagesUrl()}${pageId}/description/`,
    headers: owner.headers,
    payload: { description_html: '<p>patched over REST</p><p>html over REST</p>' },
  });
  expect(html.statusCode).toBeLessThan(300);
  await waitFor(() => bodyText(open.doc).includes('html over REST'), 'REST html reaches the open editor', 3000);
  const renamed = await api.inject({ method: 'PATCH', url: `${pagesUrl()}${pageId}/`, headers: owner.headers, payload: { name: 'Renamed over REST' } });
  expect(renamed.statusCode).toBe(200);
  await waitFor(() => readTitle(open.doc) === 'Renamed over REST', 'REST rename reaches the open title', 3000);
  // And the editor keeps working on top of them.
  typeParagraph(open.doc, 'typed live');
  await waitFor(async () => {
    const state = await api.inject({ method: 'GET', url: `${pagesUrl()}${pageId}/description/`, headers: owner.headers });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(state.rawPayload));
    return bodyText(doc) === bodyText(open.doc);
  }, 'storage converges with the editor', 5000);
}, 60_000);

test.skipIf(!onPostgres)('a title renamed through a collab process reaches /live sockets of the API process by NOTIFY, not the poll', async () => {
  const pageId = await createPage('Before the rename');
  const live = await openLive(await api.listen(), { headers: owner.headers });
  try {
    live.subscribe(workspace.slug, 0);
    await live.waitFor((message) => message.type === 'ready', 10_000);
    const from = live.messages.length;
    const open = editor(collabA, pageId, member);
    await open.synced;
    writeTitle(open.doc, 'Renamed in the editor');
    // The collab process writes the rename (after its 300 ms title debounce) and announces it.
    const change = await live.waitFor(
      (message) => message.type === 'change' && message.entity === 'page' && message.data.id === pageId && message.data.name === 'Renamed in the editor',
      15_000,
      from,
    );
    expect(change).toMatchObject({ op: 'update', workspace: workspace.slug });
  } finally {
    live.close();
  }
}, 60_000);
