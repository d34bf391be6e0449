// Crash durability of page bodies and issue descriptions (DESIGN "Pages"): "saved" means stored. The
// real server process is started, a provider types a burst, and the moment the provider counts
// everything as acknowledged (unsyncedChanges back to 0) the process is SIGKILLed — well before
// Hocuspocus' 2 s store debounce. After a restart on the same database every acknowledged line must
// be there, in the document and (issues) in the description REST presents; several rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../tests/support/db';
import { buildProject, buildUser, buildWorkspace, type TestUser } from '../tests/support/factories';
import type { TestServer } from '../tests/support/server';
import { issueDocumentName } from '../shared/collab-documents';
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
  // The period ends each line, so "line 1." is not found inside "line 10.".
  const lines = Array.from({ length: LINES_PER_ROUND }, (_, line) => `round ${round} line ${line}.`);
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

let env: Record<string, string>;
let seeded: Awaited<ReturnType<typeof seed>>;
let server: { process: ChildProcess; baseUrl: string };

beforeAll(async () => {
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
  server = await startServer(env);
  child = server.process;
}, 120_000);

async function restart(): Promise<void> {
  child!.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  server = await startServer(env);
  child = server.process;
}

/** Characters of the acknowledged lines missing from `text`. */
const lostCharacters = (acknowledged: string[], text: string) => acknowledged.filter((line) => !text.includes(line)).reduce((sum, line) => sum + line.length, 0);

/**
 * ROUNDS times: open `documentName`, type until acknowledged, SIGKILL at that moment, restart; each
 * round first checks that the earlier rounds' lines came back (and `stored` holds them, when given).
 * Resolves with the acknowledged lines.
 */
async function typeAndCrash(documentName: string, stored?: () => Promise<string>): Promise<string[]> {
  const { owner } = seeded;
  const acknowledged: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const editor = openEditor(server.baseUrl, documentName, { cookie: owner.headers.cookie });
    await editor.synced;
    // What earlier rounds saw acknowledged came back after their crash.
    expect(lostCharacters(acknowledged, bodyText(editor.doc)), `round ${round}: characters lost in the document`).toBe(0);
    if (stored) expect(lostCharacters(acknowledged, await stored()), `round ${round}: characters lost in the REST read`).toBe(0);
    acknowledged.push(...(await typeUntilAcknowledged(editor, round)));
    const killed = restart();
    editor.destroy();
    await killed;
  }
  const reader = openEditor(server.baseUrl, documentName, { cookie: owner.headers.cookie });
  await reader.synced;
  await waitFor(() => lostCharacters(acknowledged, bodyText(reader.doc)) === 0, 'acknowledged text restored after restart', 2000).catch(() => {});
  expect(lostCharacters(acknowledged, bodyText(reader.doc)), 'characters lost in the document').toBe(0);
  reader.destroy();
  return acknowledged;
}

test('every line a provider saw acknowledged in a page survives SIGKILL of the server at that moment', async () => {
  const { owner, workspace, project } = seeded;
  const pages = `/api/workspaces/${workspace.slug}/projects/${project.id}/pages/`;
  const created = await request(server.baseUrl, owner, 'POST', pages, { name: 'Crash test' });
  expect(created.status).toBe(201);
  const pageId = (created.body as { id: string }).id;
  await typeAndCrash(pageId);
  const description = await request(server.baseUrl, owner, 'GET', `${pages}${pageId}/description/`);
  expect(description.status).toBe(200);
  expect((description.body as ArrayBuffer).byteLength).toBeGreaterThan(10);
}, 300_000);

test('every line a provider saw acknowledged in an issue description survives SIGKILL, in the document and in the REST read', async () => {
  const { owner, workspace, project } = seeded;
  const issues = `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/`;
  const created = await request(server.baseUrl, owner, 'POST', issues, { name: 'Crash test', description_html: '<p>Before the crashes</p>' });
  expect(created.status).toBe(201);
  const issueId = (created.body as { id: string }).id;
  const readHtml = async () => {
    const issue = await request(server.baseUrl, owner, 'GET', `${issues}${issueId}/`);
    expect(issue.status).toBe(200);
    return (issue.body as { description_html: string }).description_html;
  };
  const acknowledged = await typeAndCrash(issueDocumentName(issueId), readHtml);
  // After the last crash too, before anyone stores the document again: the REST read has every line.
  const html = await readHtml();
  expect(lostCharacters(acknowledged, html), 'characters lost in description_html').toBe(0);
  expect(html).toContain('Before the crashes');
  console.log(`issue description: ${acknowledged.join('').length} acknowledged characters over ${ROUNDS} SIGKILL rounds, ${lostCharacters(acknowledged, html)} lost`);
}, 300_000);
