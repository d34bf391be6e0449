// The change log's ordering guarantee (DESIGN "The sync engine" 2): with concurrent writers in
// several workspaces whose transactions sleep between the change insert and COMMIT, a reader that
// polls `id > cursor` per workspace sees every change — and without the advisory lock it does not.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { changeLogTestHooks, readChanges } from '../../server/live/record-change';
import { createTestServer, type TestServer } from '../support/server';
import { buildUser, buildWorkspace, type TestWorkspace } from '../support/factories';
import { writeChange } from './live-client';

const isPostgres = Boolean(process.env.DATABASE_URL);
if (!isPostgres) console.log('[skip] tests/sync/ordering.test.ts: needs concurrent connections (Postgres, DATABASE_URL); PGlite runs one transaction at a time');

let server: TestServer;
let workspaces: TestWorkspace[];

beforeAll(async () => {
  if (!isPostgres) return;
  server = await createTestServer();
  const owner = await buildUser(server);
  workspaces = await Promise.all([0, 1, 2].map(() => buildWorkspace(server, owner)));
});

afterAll(async () => {
  changeLogTestHooks.lockEnabled = true;
  changeLogTestHooks.afterInsert = null;
  await server?.close();
});

/** Runs writers and a polling reader; returns, per workspace, what the reader saw and what the table holds. */
async function race(writers: number, perWriter: number) {
  const seen = new Map<string, number[]>(workspaces.map((ws) => [ws.id, []]));
  const cursors = new Map<string, number>(workspaces.map((ws) => [ws.id, 0]));
  let writing = true;
  const reader = (async () => {
    while (writing) {
      for (const ws of workspaces) {
        const rows = await readChanges(server.database.db, ws.id, cursors.get(ws.id)!, 1000);
        if (rows.length) cursors.set(ws.id, rows[rows.length - 1].id);
        seen.get(ws.id)!.push(...rows.map((row) => row.id));
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < perWriter; i++) {
        const ws = workspaces[(writer + i) % workspaces.length];
        await writeChange(server, { workspaceId: ws.id, entity: 'issue', data: { writer, i } });
      }
    }),
  );
  writing = false;
  await reader;
  const result = [];
  for (const ws of workspaces) {
    // One final catch-up poll, as a live reader would do on its next wake-up.
    const rest = await readChanges(server.database.db, ws.id, cursors.get(ws.id)!, 100_000);
    const all = await readChanges(server.database.db, ws.id, 0, 100_000);
    result.push({ seen: [...seen.get(ws.id)!, ...rest.map((row) => row.id)], table: all.map((row) => row.id) });
  }
  return result;
}

describe.skipIf(!isPostgres)('change log ordering', () => {
  test('with the per-workspace lock, a reader polling id > cursor never skips a change', async () => {
    changeLogTestHooks.afterInsert = () => sql`select pg_sleep(${Math.random() * 0.02})`;
    for (const { seen, table } of await race(8, 12)) {
      expect(table.length).toBeGreaterThan(0);
      expect(seen).toEqual(table);
    }
  });

  test('without the lock (test-only switch) the same run loses changes', async () => {
    changeLogTestHooks.lockEnabled = false;
    changeLogTestHooks.afterInsert = () => sql`select pg_sleep(${Math.random() * 0.02})`;
    let gap = false;
    for (let attempt = 0; attempt < 3 && !gap; attempt++) {
      gap = (await race(8, 12)).some(({ seen, table }) => seen.length !== table.length);
    }
    expect(gap).toBe(true);
  });
});
