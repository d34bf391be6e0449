// Live events of modules and views over real WebSockets (issue 13 "Bad input and permissions"): a
// changed module status reaches every project member, guests included, and nobody outside the
// project; a private view's events reach its owner only (others get it as a delete when a shared
// view turns private); a workspace guest hears only global views they own.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { openLive, settle, writeChange, type LiveClient } from './live-client';
import { ViewAccess } from '../../shared/visibility';
import type { ChangeMessage } from '../../shared/live-protocol';

let server: TestServer;
let baseUrl: string;
let admin: TestUser, member: TestUser, guest: TestUser, bystander: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
const sockets: LiveClient[] = [];

async function subscribed(user: TestUser): Promise<LiveClient> {
  const client = await openLive(baseUrl, { headers: user.headers });
  sockets.push(client);
  client.subscribe(workspace.slug, 0);
  await client.waitFor((message) => message.type === 'ready');
  return client;
}

function rest(user: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) {
  return server.inject({ method, url: `/api/workspaces/${workspace.slug}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
}

/** Writes a marker every socket hears; once a socket has it, every earlier event was judged. */
async function flush(clients: LiveClient[]) {
  const id = await writeChange(server, { workspaceId: workspace.id, entity: 'workspace', op: 'update', data: { name: 'marker' } });
  for (const client of clients) await client.waitFor((msg) => msg.type === 'change' && msg.data.id === id);
}

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  admin = await buildUser(server);
  await setupInstance(server, admin);
  [member, guest, bystander] = await Promise.all([buildUser(server), buildUser(server), buildUser(server)]);
  workspace = await buildWorkspace(server, admin);
  await addWorkspaceMember(server, workspace, member, 15);
  await addWorkspaceMember(server, workspace, guest, 5);
  await addWorkspaceMember(server, workspace, bystander, 15);
  project = await buildProject(server, workspace, admin);
  await addProjectMember(server, project, member, 15);
  await addProjectMember(server, project, guest, 5);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

describe('modules', () => {
  test('a changed module status reaches project members (guests too) and nobody outside the project', async () => {
    const [m, g, b] = [await subscribed(member), await subscribed(guest), await subscribed(bystander)];
    const created = await rest(admin, 'POST', `/projects/${project.id}/modules/`, { name: 'Live module' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await rest(admin, 'PATCH', `/projects/${project.id}/modules/${id}/`, { status: 'in-progress' })).statusCode).toBe(200);
    for (const client of [m, g]) {
      const event = await client.waitFor((msg) => msg.type === 'change' && msg.entity === 'module' && msg.op === 'update' && msg.data.id === id);
      expect(event).toMatchObject({ data: { status: 'in-progress' } });
    }
    await flush([b]);
    expect(b.changes().some((msg) => msg.entity === 'module')).toBe(false);
  });
});

describe('views', () => {
  test('private views reach their owner only; a shared view turned private arrives as a delete for others', async () => {
    const [owner, other] = [await subscribed(member), await subscribed(admin)];
    const secret = await rest(member, 'POST', `/projects/${project.id}/views/`, { name: 'Secret', access: ViewAccess.PRIVATE });
    const shared = await rest(member, 'POST', '/views/', { name: 'Shared global' });
    await owner.waitFor((msg) => msg.type === 'change' && msg.entity === 'view' && msg.data.id === secret.json().id);
    await other.waitFor((msg) => msg.type === 'change' && msg.entity === 'view' && msg.data.id === shared.json().id);
    expect((await rest(member, 'POST', `/views/${shared.json().id}/access/`, { access: ViewAccess.PRIVATE })).statusCode).toBe(204);
    const gone = await other.waitFor<ChangeMessage>((msg) => msg.type === 'change' && msg.entity === 'view' && msg.op === 'delete' && msg.data.id === shared.json().id);
    expect(gone.data).toEqual({ id: shared.json().id });
    await flush([owner, other]);
    expect(other.changes().some((msg) => msg.entity === 'view' && msg.data.id === secret.json().id)).toBe(false);
    expect(owner.changes().some((msg) => msg.entity === 'view' && msg.op === 'update' && msg.data.id === shared.json().id && msg.data.access === ViewAccess.PRIVATE)).toBe(true);
  });

  test('a workspace guest hears only the global views they own', async () => {
    const g = await subscribed(guest);
    const view = await rest(admin, 'POST', '/views/', { name: 'Admin global' });
    expect(view.statusCode).toBe(201);
    await flush([g]);
    await settle(50);
    expect(g.changes().some((msg) => msg.entity === 'view' && msg.data.id === view.json().id)).toBe(false);
  });
});
