// Catch-up and log hygiene: reconnecting with `since` replays exactly the missed changes; a `since`
// older than the retained log, or past the log itself, gets `reset`; X-Client-Mutation-Id is
// echoed on the change events and makes a retried request return its first answer without
// changing anything; lists carry X-Sync-Cursor.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChangeMessage, ReadyMessage } from '../../shared/live-protocol';
import { readChanges, workspaceHead } from '../../server/live/record-change';
import { pruneChangeLog } from '../../server/live/retention';
import { createTestServer, type TestServer } from '../support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { openLive, writeChange, type LiveClient } from './live-client';

let server: TestServer;
let baseUrl: string;
let admin: TestUser, guest: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const sockets: LiveClient[] = [];

async function subscribe(user: TestUser, since: number, ws = workspace) {
  const client = await openLive(baseUrl, { headers: user.headers });
  sockets.push(client);
  client.subscribe(ws.slug, since);
  return client;
}

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  admin = await buildUser(server);
  guest = await buildUser(server);
  workspace = await buildWorkspace(server, admin);
  await addWorkspaceMember(server, workspace, guest, 5);
  project = await buildProject(server, workspace, admin);
  await addProjectMember(server, project, guest, 5);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

describe('reconnect with since', () => {
  test('replays exactly the missed visible changes, ascending, without duplicates, then ready', async () => {
    const first = await subscribe(guest, 0);
    const ready = await first.waitFor<ReadyMessage>((msg) => msg.type === 'ready');
    first.close();
    await first.closed;
    const missed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const createdBy = i % 2 === 0 ? guest.id : admin.id;
      const id = await writeChange(server, { workspaceId: workspace.id, projectId: project.id, entity: 'issue', data: { created_by: createdBy, i } });
      if (createdBy === guest.id) missed.push(id);
    }
    const again = await subscribe(guest, ready.head);
    const ready2 = await again.waitFor<ReadyMessage>((msg) => msg.type === 'ready');
    const replayed = again.changes();
    expect(replayed.map((change) => change.data.id)).toEqual(missed);
    const ids = replayed.map((change) => change.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids.every((id) => id > ready.head)).toBe(true);
    expect(ready2.head).toBe(await workspaceHead(server.database.db, workspace.id));
    const readyAt = again.messages.indexOf(ready2);
    expect(replayed.every((change) => again.messages.indexOf(change) < readyAt)).toBe(true);

    // From the middle: only what came after.
    const middle = replayed[1].id;
    const third = await subscribe(guest, middle);
    await third.waitFor((msg) => msg.type === 'ready');
    expect(third.changes().map((change) => change.data.id)).toEqual(missed.slice(2));
  });

  test('changes committed during the replay are delivered once, after it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await writeChange(server, { workspaceId: workspace.id, projectId: project.id, entity: 'label', data: { i } }));
    const client = await subscribe(admin, 0);
    const concurrent = await Promise.all([0, 1, 2].map(() => writeChange(server, { workspaceId: workspace.id, projectId: project.id, entity: 'label', data: {} })));
    // The three writers commit in any order: wait for each of them, not just the last one started.
    for (const id of concurrent) await client.waitFor((msg) => msg.type === 'change' && msg.data.id === id);
    await client.waitFor((msg) => msg.type === 'ready');
    const labelIds = client.changes().filter((change) => change.entity === 'label').map((change) => change.data.id);
    expect(new Set(labelIds).size).toBe(labelIds.length);
    expect(labelIds).toEqual(expect.arrayContaining([...ids, ...concurrent]));
    const changeIds = client.changes().map((change) => change.id);
    expect(changeIds).toEqual([...changeIds].sort((a, b) => a - b));
  });
});

describe('retention', () => {
  test('a since older than the retained log gets reset; a recent one replays', async () => {
    const owner = await buildUser(server);
    const ws = await buildWorkspace(server, owner);
    const old = await writeChange(server, { workspaceId: ws.id, entity: 'workspace', op: 'update', data: {} });
    const oldId = (await readChanges(server.database.db, ws.id, 0, 10))[0].id;
    await server.database.query(sql`update changes set created_at = now() - interval '30 days' where workspace_id = ${ws.id}`);
    const recent = await writeChange(server, { workspaceId: ws.id, entity: 'workspace', op: 'update', data: {} });
    expect(await pruneChangeLog(server.app.ctx)).toBeGreaterThanOrEqual(1);

    for (const since of [0, oldId - 1]) {
      const client = await subscribe(owner, since, ws);
      const reset = await client.waitFor((msg) => msg.type === 'reset');
      expect(reset).toMatchObject({ type: 'reset' });
      expect(client.changes()).toEqual([]);
    }
    const fine = await subscribe(owner, oldId, ws);
    await fine.waitFor((msg) => msg.type === 'ready');
    expect(fine.changes().map((change) => change.data.id)).toEqual([recent]);
    expect(fine.changes().map((change) => change.data.id)).not.toContain(old);
  });

  test('a since past the log (a cache kept across a database restore) gets reset; the id of a pruned last change does not', async () => {
    const owner = await buildUser(server);
    const ws = await buildWorkspace(server, owner);
    await writeChange(server, { workspaceId: ws.id, entity: 'workspace', op: 'update', data: {} });
    const head = await workspaceHead(server.database.db, ws.id);
    const ahead = await subscribe(owner, head + 1000, ws);
    expect(await ahead.waitFor((msg) => msg.type === 'reset' || msg.type === 'ready')).toMatchObject({ type: 'reset' });
    const later = await writeChange(server, { workspaceId: ws.id, entity: 'workspace', op: 'update', data: {} });
    const current = await subscribe(owner, head, ws);
    await current.waitFor((msg) => msg.type === 'change' && msg.data.id === later);
    expect(ahead.changes()).toEqual([]);

    // A quiet workspace whose changes are all past retention keeps its newest one, so the head
    // its lists hand out (X-Sync-Cursor) is still a cursor the log serves, not 0 (→ reset forever).
    const quiet = await buildWorkspace(server, owner);
    await writeChange(server, { workspaceId: quiet.id, entity: 'workspace', op: 'update', data: {} });
    await writeChange(server, { workspaceId: quiet.id, entity: 'workspace', op: 'update', data: {} });
    const last = await workspaceHead(server.database.db, quiet.id);
    await server.database.query(sql`update changes set created_at = now() - interval '30 days' where workspace_id = ${quiet.id}`);
    await pruneChangeLog(server.app.ctx);
    expect((await readChanges(server.database.db, quiet.id, 0, 10)).map((change) => change.id)).toEqual([last]);
    const cursor = (await server.inject({ method: 'GET', url: `/api/workspaces/${quiet.slug}/projects/`, headers: owner.headers })).headers['x-sync-cursor'];
    expect(Number(cursor)).toBe(last);
    const resumed = await subscribe(owner, Number(cursor), quiet);
    expect(await resumed.waitFor((msg) => msg.type === 'reset' || msg.type === 'ready')).toEqual({ type: 'ready', workspace: quiet.slug, head: last });
    const stale = await subscribe(owner, 0, quiet);
    expect(await stale.waitFor((msg) => msg.type === 'reset' || msg.type === 'ready')).toMatchObject({ type: 'reset' });
  });
});

describe('X-Client-Mutation-Id and X-Sync-Cursor', () => {
  const statesPath = () => `/api/workspaces/${workspace.slug}/projects/${project.id}/states/`;

  test('the mutation id is echoed on the change; a retry returns the first answer and changes nothing', async () => {
    const client = await subscribe(admin, await workspaceHead(server.database.db, workspace.id));
    await client.waitFor((msg) => msg.type === 'ready');
    const headers = { ...admin.headers, 'x-client-mutation-id': 'm-create-1' };
    const payload = { name: 'QA', color: '#abcdef', group: 'started' };
    const first = await server.inject({ method: 'POST', url: statesPath(), headers, payload });
    expect(first.statusCode).toBe(201);
    const change = await client.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'state' && msg.data.id === first.json().id);
    expect(change.client_mutation_id).toBe('m-create-1');
    const headBefore = await workspaceHead(server.database.db, workspace.id);

    const retry = await server.inject({ method: 'POST', url: statesPath(), headers, payload });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['x-idempotent-replay']).toBe('true');
    // Same id, different body: still the stored first answer.
    const other = await server.inject({ method: 'POST', url: statesPath(), headers, payload: { ...payload, name: 'Other' } });
    expect(other.json()).toEqual(first.json());
    expect(await workspaceHead(server.database.db, workspace.id)).toBe(headBefore);
    const list = await server.inject({ method: 'GET', url: statesPath(), headers: admin.headers });
    const names = (list.json() as Array<{ name: string }>).map((state) => state.name);
    expect(names.filter((name) => name === 'QA')).toHaveLength(1);
    expect(names).not.toContain('Other');

    // The id is per actor: another user's request with the same id runs on its own.
    const second = await server.inject({ method: 'POST', url: statesPath(), headers: { ...admin.headers, 'x-client-mutation-id': 'm-create-2' }, payload: { ...payload, name: 'QA2' } });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
  });

  test('a failed request stores nothing, so its retry runs', async () => {
    const headers = { ...admin.headers, 'x-client-mutation-id': 'm-fail-1' };
    const bad = await server.inject({ method: 'POST', url: statesPath(), headers, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const good = await server.inject({ method: 'POST', url: statesPath(), headers, payload: { name: 'Later', color: '#123456', group: 'backlog' } });
    expect(good.statusCode).toBe(201);
  });

  test('list responses carry X-Sync-Cursor = the workspace head', async () => {
    await writeChange(server, { workspaceId: workspace.id, projectId: project.id, entity: 'label', data: {} });
    const list = await server.inject({ method: 'GET', url: statesPath(), headers: guest.headers });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-sync-cursor'])).toBe(await workspaceHead(server.database.db, workspace.id));
  });
});
