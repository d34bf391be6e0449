import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { changes, issues, states } from '../../db/schema/index';
import { buildProject, type TestUser } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('states', () => {
  const world = useWorld();
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    world.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    base = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/states`;
  });

  test('list carries order within the group; grouped answers a map', async () => {
    const list = await call(world.guest, 'GET', `${base}/`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(5);
    expect(list.json()[0]).toMatchObject({ name: 'Backlog', group: 'backlog', default: true, order: 1, project_id: world.project.id, version: 1 });
    const grouped = (await call(world.guest, 'GET', `${base}/?grouped=true`)).json();
    expect(Object.keys(grouped).sort()).toEqual(['backlog', 'cancelled', 'completed', 'started', 'unstarted']);
    expect((await call(world.outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('create: admins only, 201, sequence after the last, name unique, triage refused', async () => {
    const created = await call(world.admin, 'POST', `${base}/`, { name: 'Review', color: '#123456', group: 'started' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Review', group: 'started', default: false, sequence: 6 * 65535, order: 1 });
    const list = (await call(world.admin, 'GET', `${base}/`)).json() as Array<{ name: string; order: number }>;
    expect(list.filter((s) => ['In Progress', 'Review'].includes(s.name)).map((s) => s.order)).toEqual([0.5, 1]);
    const dup = await call(world.admin, 'POST', `${base}/`, { name: 'Review', color: '#123456', group: 'started' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['The state name is already taken'] });
    const triage = await call(world.admin, 'POST', `${base}/`, { name: 'T', color: '#123456', group: 'triage' });
    expect(triage.json()).toEqual({ non_field_errors: ['Cannot create triage state'] });
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'X', color: '#123456', group: 'nope' })).statusCode).toBe(400);
    expect((await call(world.admin, 'POST', `${base}/`, { name: 'X', color: 'red', group: 'started' })).statusCode).toBe(400);
    expect((await call(world.member, 'POST', `${base}/`, { name: 'M', color: '#123456', group: 'started' })).statusCode).toBe(403);
  });

  test('get and update: members may edit, guests may not', async () => {
    const id = world.project.states.started;
    expect((await call(world.guest, 'GET', `${base}/${id}/`)).json()).toMatchObject({ id, name: 'In Progress', order: 0.5 });
    expect((await call(world.guest, 'GET', `${base}/00000000-0000-4000-8000-000000000000/`)).statusCode).toBe(404);
    expect((await call(world.guest, 'GET', `${base}/bad/`)).statusCode).toBe(404);
    const updated = await call(world.member, 'PATCH', `${base}/${id}/`, { name: 'Doing', color: '#abcdef' });
    expect(updated.json()).toMatchObject({ name: 'Doing', color: '#abcdef', version: 2, order: 0.5 });
    expect((await call(world.member, 'PUT', `${base}/${id}/`, { description: 'now' })).json().description).toBe('now');
    expect((await call(world.guest, 'PATCH', `${base}/${id}/`, { name: 'G' })).statusCode).toBe(403);
    const dup = await call(world.member, 'PATCH', `${base}/${id}/`, { name: 'Todo' });
    expect(dup.json()).toEqual({ name: ['The state name is already taken'] });
    const events = await world.server.database.db.select().from(changes).where(eq(changes.entityId, id)).orderBy(changes.id);
    expect(events.at(-1)).toMatchObject({ entity: 'state', op: 'update' });
  });

  test('mark-default moves the single default', async () => {
    const response = await call(world.admin, 'POST', `${base}/${world.project.states.unstarted}/mark-default/`);
    expect(response.statusCode).toBe(204);
    const list = (await call(world.admin, 'GET', `${base}/`)).json() as Array<{ id: string; default: boolean }>;
    expect(list.filter((s) => s.default).map((s) => s.id)).toEqual([world.project.states.unstarted]);
    expect((await call(world.member, 'POST', `${base}/${world.project.states.backlog}/mark-default/`)).statusCode).toBe(403);
  });

  test('a new issue without a state lands in the state marked default, even after the project named another', async () => {
    const own = await buildProject(world.server, world.workspace, world.admin);
    const projectUrl = `/api/workspaces/${world.workspace.slug}/projects/${own.id}/`;
    expect((await call(world.admin, 'PATCH', projectUrl, { default_state: own.states.started })).statusCode).toBe(200);
    expect((await call(world.admin, 'POST', `${projectUrl}states/${own.states.unstarted}/mark-default/`)).statusCode).toBe(204);
    const created = await call(world.admin, 'POST', `${projectUrl}issues/`, { name: 'Where do I land' });
    expect(created.statusCode).toBe(201);
    expect(created.json().state_id).toBe(own.states.unstarted);
  });

  test('delete refuses the default and non-empty states', async () => {
    const isDefault = await call(world.admin, 'DELETE', `${base}/${world.project.states.unstarted}/`);
    expect(isDefault.statusCode).toBe(400);
    expect(isDefault.json()).toEqual({ error: 'Default state cannot be deleted' });
    await world.server.database.db.insert(issues).values({ projectId: world.project.id, workspaceId: world.workspace.id, name: 'i', sequenceId: 1, stateId: world.project.states.completed, archivedAt: new Date() });
    const busy = await call(world.admin, 'DELETE', `${base}/${world.project.states.completed}/`);
    expect(busy.statusCode).toBe(400);
    expect(busy.json()).toEqual({ error: 'The state is not empty, only empty states can be deleted' });
    expect((await call(world.member, 'DELETE', `${base}/${world.project.states.cancelled}/`)).statusCode).toBe(403);
    expect((await call(world.admin, 'DELETE', `${base}/${world.project.states.cancelled}/`)).statusCode).toBe(204);
    expect((await call(world.admin, 'GET', `${base}/${world.project.states.cancelled}/`)).statusCode).toBe(404);
  });

  test('intake-state answers the triage state, which no list shows', async () => {
    const url = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}/intake-state/`;
    const none = await call(world.guest, 'GET', url);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Triage state not found' });
    const [triage] = await world.server.database.db
      .insert(states)
      .values({ projectId: world.project.id, workspaceId: world.workspace.id, name: 'Triage', color: '#4E5355', group: 'triage', isTriage: true, sequence: 65000 })
      .returning();
    expect((await call(world.guest, 'GET', url)).json()).toMatchObject({ id: triage.id, name: 'Triage', group: 'triage', default: false, order: 1 });
    expect(((await call(world.guest, 'GET', `${base}/`)).json() as Array<{ id: string }>).map((s) => s.id)).not.toContain(triage.id);
    expect((await call(world.outsider, 'GET', url)).statusCode).toBe(403);
  });

  test('workspace states list the caller’s non-archived projects', async () => {
    const other = await buildProject(world.server, world.workspace, world.admin);
    const url = `/api/workspaces/${world.workspace.slug}/states/`;
    const guestIds = ((await call(world.guest, 'GET', url)).json() as Array<{ project_id: string }>).map((s) => s.project_id);
    expect(new Set(guestIds)).toEqual(new Set([world.project.id]));
    const adminStates = (await call(world.admin, 'GET', url)).json() as Array<{ project_id: string; order: number }>;
    expect(adminStates.filter((s) => s.project_id === other.id)).toHaveLength(5);
    await call(world.admin, 'POST', `/api/workspaces/${world.workspace.slug}/projects/${other.id}/archive/`);
    expect(((await call(world.admin, 'GET', url)).json() as Array<{ project_id: string }>).some((s) => s.project_id === other.id)).toBe(false);
    expect((await call(world.outsider, 'GET', url)).statusCode).toBe(403);
  });

  test('concurrent default moves leave exactly one live default', async () => {
    const fresh = await buildProject(world.server, world.workspace, world.admin);
    const url = `/api/workspaces/${world.workspace.slug}/projects/${fresh.id}/states`;
    const defaults = async () => ((await call(world.admin, 'GET', `${url}/`)).json() as Array<{ default: boolean }>).filter((s) => s.default).length;
    const ids = Object.values(fresh.states);
    for (let round = 0; round < 3; round++) {
      const moves = ids.map((id, i) => (i % 2 ? call(world.admin, 'POST', `${url}/${id}/mark-default/`) : call(world.admin, 'PATCH', `${url}/${id}/`, { default: true })));
      expect((await Promise.all(moves)).map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 204, 204]);
      expect(await defaults()).toBe(1);
    }
    const doomed = (await call(world.admin, 'POST', `${url}/`, { name: 'Doomed', color: '#123456', group: 'started' })).json();
    const [marked, deleted] = await Promise.all([call(world.admin, 'POST', `${url}/${doomed.id}/mark-default/`), call(world.admin, 'DELETE', `${url}/${doomed.id}/`)]);
    // Either the delete ran first (the mark then finds no state) or the mark did (the delete then refuses the default).
    expect([[404, 204], [204, 400]]).toContainEqual([marked.statusCode, deleted.statusCode]);
    expect(await defaults()).toBe(1);
  });
});
