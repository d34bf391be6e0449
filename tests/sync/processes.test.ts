// Real server processes on one Postgres: (1) SIGKILL mid-stream loses no acknowledged write — each
// 2xx write is in the change log and reaches a client that reconnects with its last id; (2) a write
// through one process reaches a socket held by another (LISTEN/NOTIFY between instances).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { changes } from '../../db/schema/changes';
import type { ChangeMessage, ReadyMessage } from '../../shared/live-protocol';
import { createTestDatabase, type TestDatabase } from '../support/db';
import type { TestServer } from '../support/server';
import { buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { openLive, type LiveClient } from './live-client';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/processes.test.ts: spawns server processes sharing one Postgres (needs DATABASE_URL); PGlite is in-process only');

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
}

let database: TestDatabase;
let dataDir: string;
let admin: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const children = new Set<ChildProcess>();
const sockets: LiveClient[] = [];

async function startServer(): Promise<ServerProcess> {
  const env = {
    ...process.env,
    DATABASE_URL: database.url!,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SECRET_KEY: 'process-test-secret-0123456789',
    LOG_LEVEL: 'warn',
    TRELLIS_SKIP_CLIENT_BUILD: '1',
    RATE_LIMIT_API_KEY_PER_MIN: '100000',
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

function kill(server: ServerProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

async function createLabel(baseUrl: string, name: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}/api/workspaces/${workspace.slug}/projects/${project.id}/issue-labels/`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return response.status >= 200 && response.status < 300 ? ((await response.json()) as { id: string }).id : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  if (!isPostgres) return;
  database = await createTestDatabase('postgres');
  dataDir = mkdtempSync(join(tmpdir(), 'trellis-proc-'));
  const seed = { database } as unknown as TestServer;
  admin = await buildUser(seed);
  workspace = await buildWorkspace(seed, admin);
  project = await buildProject(seed, workspace, admin);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const child of children) child.kill('SIGKILL');
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!isPostgres)('server processes', () => {
  test('SIGKILL mid-stream: every acknowledged write is in the log and reaches a reconnecting client', async () => {
    const first = await startServer();
    const client = await openLive(first.baseUrl, { headers: admin.headers });
    sockets.push(client);
    client.subscribe(workspace.slug, 0);
    await client.waitFor((msg) => msg.type === 'ready');

    const acknowledged: string[] = [];
    let killed = false;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; !killed || i < 2; i++) {
        const id = await createLabel(first.baseUrl, `w${writer}-${i}-${Date.now()}`);
        if (id) acknowledged.push(id);
        if (killed) return;
      }
    });
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    await kill(first, 'SIGKILL');
    killed = true;
    await Promise.all(writers);
    await client.closed;

    const logged = await database.db
      .select({ entityId: changes.entityId })
      .from(changes)
      .where(and(eq(changes.entity, 'label'), inArray(changes.entityId, acknowledged)));
    expect(new Set(logged.map((row) => row.entityId))).toEqual(new Set(acknowledged));

    const lastId = Math.max(0, ...client.changes().map((change) => change.id));
    const second = await startServer();
    const again = await openLive(second.baseUrl, { headers: admin.headers });
    sockets.push(again);
    again.subscribe(workspace.slug, lastId);
    await again.waitFor<ReadyMessage>((msg) => msg.type === 'ready', 10_000);
    const received = new Set([...client.changes(), ...again.changes()].filter((c: ChangeMessage) => c.entity === 'label').map((c) => c.data.id));
    for (const id of acknowledged) expect(received.has(id)).toBe(true);
    const replayIds = again.changes().map((change) => change.id);
    expect(replayIds.every((id) => id > lastId)).toBe(true);
    await kill(second, 'SIGTERM');
  }, 120_000);

  test('a write through one server process reaches a socket on another', async () => {
    const [a, b] = await Promise.all([startServer(), startServer()]);
    const client = await openLive(b.baseUrl, { headers: admin.headers });
    sockets.push(client);
    const head = Math.max(0, ...(await database.db.select({ id: changes.id }).from(changes)).map((row) => row.id));
    client.subscribe(workspace.slug, head);
    await client.waitFor((msg) => msg.type === 'ready');
    const started = Date.now();
    const id = await createLabel(a.baseUrl, `cross-${Date.now()}`);
    expect(id).toBeTruthy();
    const change = await client.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.data.id === id, 10_000);
    expect(change).toMatchObject({ entity: 'label', op: 'create', workspace: workspace.slug, project_id: project.id });
    console.log(`[processes] cross-instance delivery took ${Date.now() - started} ms`);
    await Promise.all([kill(a, 'SIGTERM'), kill(b, 'SIGTERM')]);
  }, 120_000);
});
