// Crash durability of page edits (DESIGN "Pages"): "saved" means stored. The real server process is
// started, a provider types a burst, and the moment the provider counts everything as acknowledged
// (unsyncedChanges back to 0) the process is SIGKILLed — well before Hocuspocus' 2 s store debounce.
// After a restart on the same database every acknowledged line must be there; several rounds.
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
import { bodyText, openEditor, typeParagraph, waitFor, type TestEditor } from './testing';

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
  // `node --import tsx`, not the tsx CLI (which forks): the pid signalled must be the server itself.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'boot/main.ts'], {
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

const ROUNDS = 4;
const LINES_PER_ROUND = 12;

/** Types LINES_PER_ROUND paragraphs a few ms apart; resolves with them once the provider counts them all as acknowledged. */
async function typeUntilAcknowledged(editor: TestEditor, round: number): Promise<string[]> {
  const lines = Array.from({ length: LINES_PER_ROUND }, (_, line) => `round ${round} line ${line}`);
  for (const line of lines) {
    typeParagraph(editor.doc, line);
    await new Promise((resolve) => setTimeout(resolve, 4));
  }
  if (editor.provider.unsyncedChanges > 0) {
    await new Promise<void>((resolve) => {
      const onCount = ({ number }: { number: number }) => {
        if (number !== 0) return;
        editor.provider.off('unsyncedChanges', onCount);
        resolve();
      };
      editor.provider.on('unsyncedChanges', onCount);
    });
  }
  return lines;
}

test('every line a provider saw acknowledged survives SIGKILL of the server at that moment', async () => {
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

  let server = await startServer(env);
  child = server.process;
  const created = await request(server.baseUrl, owner, 'POST', pages, { name: 'Crash test' });
  expect(created.status).toBe(201);
  const pageId = (created.body as { id: string }).id;
  const acknowledged: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const editor = openEditor(server.baseUrl, pageId, { cookie: owner.headers.cookie });
    await editor.synced;
    // What earlier rounds saw acknowledged came back after their crash.
    const before = bodyText(editor.doc);
    expect(acknowledged.filter((line) => !before.includes(line))).toEqual([]);
    acknowledged.push(...(await typeUntilAcknowledged(editor, round)));
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    editor.destroy();
    server = await startServer(env);
    child = server.process;
  }

  const reader = openEditor(server.baseUrl, pageId, { cookie: owner.headers.cookie });
  await reader.synced;
  await waitFor(() => acknowledged.every((line) => bodyText(reader.doc).includes(line)), 'acknowledged text restored after restart', 2000).catch(() => {});
  const text = bodyText(reader.doc);
  expect(acknowledged.filter((line) => !text.includes(line))).toEqual([]);
  reader.destroy();
  const description = await request(server.baseUrl, owner, 'GET', `${pages}${pageId}/description/`);
  expect(description.status).toBe(200);
  expect((description.body as ArrayBuffer).byteLength).toBeGreaterThan(10);
  child.kill('SIGTERM');
  await new Promise((resolve) => child!.once('exit', resolve));
  child = null;
}, 300_000);
