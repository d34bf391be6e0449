// Crash durability of page edits (DESIGN "Pages"): the real server process is started, a provider
// types, the test waits past the 200 ms log flush but not the 2 s store debounce, SIGKILLs the
// process, restarts it on the same database, and the text must still be there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../tests/support/db';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';
import type { TestServer } from '../tests/support/server';
import { FLUSH_INTERVAL_MS } from './extensions/persistence-extension';
import { bodyText, openEditor, typeParagraph, waitFor } from './testing';

const dataDir = mkdtempSync(join(tmpdir(), 'trellis-durability-'));
let pgDatabase: TestDatabase | null = null;
let child: ChildProcess | null = null;

afterAll(async () => {
  child?.kill('SIGKILL');
  await pgDatabase?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ process: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const proc = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRELLIS_SKIP_CLIENT_BUILD: '1', SECRET_KEY: 'durability-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Trellis is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { process: proc, baseUrl: `http://127.0.0.1:${port}` };
}

async function seed(database: Database) {
  const server = { database } as unknown as TestServer;
  const owner = await buildUser(server);
  const workspace = await buildWorkspace(server, owner);
  const project = await buildProject(server, workspace, owner);
  return { owner, workspace, project };
}

async function request(baseUrl: string, user: TestUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : await response.arrayBuffer() };
}

test('text typed into a page survives SIGKILL of the server once the flush window has passed', async () => {
  let env: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seed>>;
  if (process.env.DATABASE_URL) {
    pgDatabase = await createTestDatabase('postgres');
    seeded = await seed(pgDatabase);
    env = { DATABASE_URL: pgDatabase.url! };
  } else {
    // PGlite allows one process per data dir: seed, close, then hand the dir to the server.
    const database = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    seeded = await seed(database);
    await database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_DB: 'pglite' };
  }
  const { owner, workspace, project } = seeded;
  const pages = `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;

  const first = await startServer(env);
  child = first.process;
  const created = await request(first.baseUrl, owner, 'POST', pages, { name: 'Crash test' });
  expect(created.status).toBe(201);
  const pageId = (created.body as { id: string }).id;
  const editor = openEditor(first.baseUrl, pageId, { cookie: owner.headers.cookie });
  await editor.synced;
  typeParagraph(editor.doc, 'must survive a crash');
  // Past the log flush window (plus an INSERT), well before Hocuspocus' 2 s store debounce.
  await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS + 400));
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  editor.destroy();

  const second = await startServer(env);
  child = second.process;
  const reader = openEditor(second.baseUrl, pageId, { cookie: owner.headers.cookie });
  await reader.synced;
  await waitFor(() => bodyText(reader.doc).includes('must survive a crash'), 'text restored after restart');
  reader.destroy();
  const description = await request(second.baseUrl, owner, 'GET', `${pages}${pageId}/description/`);
  expect(description.status).toBe(200);
  expect((description.body as ArrayBuffer).byteLength).toBeGreaterThan(10);
  child.kill('SIGTERM');
  await new Promise((resolve) => child!.once('exit', resolve));
  child = null;
}, 300_000);
