// Real server processes on one Postgres: (1) SIGKILL mid-stream loses no acknowledged write — each
// 2xx write is in the change log and reaches a client that reconnects with its last id; (2) a write
// through one process reaches a socket held by another (LISTEN/NOTIFY between instances).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { changes } from '../../db/schema/changes';
import type { ChangeMessage, ReadyMessage } from '../../shared/live-protocol';
import { openProcessSuite, type ProcessSuite } from '../support/process-suite';
import { openLive, type LiveClient } from './live-client';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/processes.test.ts: spawns server processes sharing one Postgres (needs DATABASE_URL); PGlite is in-process only');

let suite: ProcessSuite;
const sockets: LiveClient[] = [];

/** Its id, or null when the write was refused or the connection dropped (the process was killed). */
async function createLabel(baseUrl: string, name: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}/api/workspaces/${suite.workspace.slug}/projects/${suite.project.id}/issue-labels/`, {
      method: 'POST',
      headers: { ...suite.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return response.status >= 200 && response.status < 300 ? ((await response.json()) as { id: string }).id : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  if (!isPostgres) return;
  suite = await openProcessSuite('trellis-proc-');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await suite?.close();
});

describe.skipIf(!isPostgres)('server processes', () => {
  test('SIGKILL mid-stream: every acknowledged write is in the log and reaches a reconnecting client', async () => {
    const { admin, database, workspace } = suite;
    const first = await suite.start();
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
    await first.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await client.closed;

    const logged = await database.db
      .select({ entityId: changes.entityId })
      .from(changes)
      .where(and(eq(changes.entity, 'label'), inArray(changes.entityId, acknowledged)));
    expect(new Set(logged.map((row) => row.entityId))).toEqual(new Set(acknowledged));

    const lastId = Math.max(0, ...client.changes().map((change) => change.id));
    const second = await suite.start();
    const again = await openLive(second.baseUrl, { headers: admin.headers });
    sockets.push(again);
    again.subscribe(workspace.slug, lastId);
    await again.waitFor<ReadyMessage>((msg) => msg.type === 'ready', 10_000);
    const received = new Set([...client.changes(), ...again.changes()].filter((c: ChangeMessage) => c.entity === 'label').map((c) => c.data.id));
    for (const id of acknowledged) expect(received.has(id)).toBe(true);
    const replayIds = again.changes().map((change) => change.id);
    expect(replayIds.every((id) => id > lastId)).toBe(true);
    await second.kill('SIGTERM');
  }, 120_000);

  test('a write through one server process reaches a socket on another', async () => {
    const { admin, database, workspace, project } = suite;
    const [a, b] = await Promise.all([suite.start(), suite.start()]);
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
    await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
  }, 120_000);
});
