import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, cycles } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { ProjectNetwork } from '../../shared/visibility';

describe('favorites', () => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let workspace: TestWorkspace;
  let project: TestProject;
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await createTestServer();
    await setupInstance(server);
    [admin, member, guest, outsider] = await Promise.all(Array.from({ length: 4 }, () => buildUser(server)));
    workspace = await buildWorkspace(server, admin);
    await addWorkspaceMember(server, workspace, member, 15);
    await addWorkspaceMember(server, workspace, guest, 5);
    project = await buildProject(server, workspace, admin, { name: 'Fav project' });
    await addProjectMember(server, project, member, 15);
    base = `/api/workspaces/${workspace.slug}/user-favorites`;
  });
  afterAll(async () => server?.close());

  test('favorite a project and a cycle, with entity data; repeat answers the same row', async () => {
    const created = await call(member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: project.id, project_id: project.id, entity_data: { name: 'x' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      entity_type: 'project',
      entity_identifier: project.id,
      entity_data: { id: project.id, name: 'Fav project', logo_props: {} },
      is_folder: false,
      sequence: 65535,
      parent: null,
      project_id: project.id,
      version: 1,
    });
    const again = await call(member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: project.id, project_id: project.id });
    expect(again.json().id).toBe(created.json().id);
    const [cycle] = await server.database.db.insert(cycles).values({ projectId: project.id, workspaceId: workspace.id, name: 'Sprint 1' }).returning();
    const fav = await call(member, 'POST', `${base}/`, { entity_type: 'cycle', entity_identifier: cycle.id, project_id: project.id });
    expect(fav.json()).toMatchObject({ sequence: 75535, entity_data: { id: cycle.id, name: 'Sprint 1', project_id: project.id } });
    const events = await server.database.db.select().from(changes).where(and(eq(changes.entity, 'favorite'), eq(changes.entityId, fav.json().id))).orderBy(changes.id);
    expect(events[0].audienceUserId).toBe(member.id);
    const list = (await call(member, 'GET', `${base}/?all=true`)).json() as Array<{ entity_type: string }>;
    expect(list.map((f) => f.entity_type)).toEqual(['cycle', 'project']);
    expect((await call(member, 'GET', `/api/workspaces/${workspace.slug}/projects/${project.id}/`)).json().is_favorite).toBe(true);
  });

  test('errors: unknown entity, missing identifier, non-member project, bad type, guests and outsiders', async () => {
    expect((await call(member, 'POST', `${base}/`, { entity_type: 'cycle', entity_identifier: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call(member, 'POST', `${base}/`, { entity_type: 'cycle' })).json()).toEqual({ entity_identifier: ['This field is required.'] });
    const secret = await buildProject(server, workspace, admin, { network: ProjectNetwork.SECRET });
    expect((await call(member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: secret.id })).statusCode).toBe(403);
    expect((await call(member, 'POST', `${base}/`, { entity_type: 'nope', entity_identifier: secret.id })).statusCode).toBe(400);
    expect((await call(member, 'POST', `${base}/`, { entity_type: 'folder' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await call(guest, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(guest, 'POST', `${base}/`, { entity_type: 'folder', name: 'G' })).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('folders group favorites; delete of a folder removes its children', async () => {
    const folder = (await call(member, 'POST', `${base}/`, { entity_type: 'folder', is_folder: true, name: 'Work' })).json();
    expect(folder).toMatchObject({ entity_type: 'folder', is_folder: true, name: 'Work', entity_identifier: null, entity_data: null });
    const list = (await call(member, 'GET', `${base}/`)).json() as Array<{ id: string; entity_type: string }>;
    const projectFav = list.find((f) => f.entity_type === 'project')!;
    const moved = await call(member, 'PATCH', `${base}/${projectFav.id}/`, { parent: folder.id, sequence: 1 });
    expect(moved.json()).toMatchObject({ parent: folder.id, sequence: 1, version: 2 });
    expect((await call(member, 'PATCH', `${base}/${folder.id}/`, { parent: folder.id })).statusCode).toBe(400);
    expect((await call(member, 'PATCH', `${base}/${projectFav.id}/`, { parent: projectFav.id })).statusCode).toBe(400);
    // A folder cannot go inside a folder it contains: the loop would hide both from every list.
    const inner = (await call(member, 'POST', `${base}/`, { entity_type: 'folder', is_folder: true, name: 'Inner', parent: folder.id })).json();
    const loop = await call(member, 'PATCH', `${base}/${folder.id}/`, { parent: inner.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toEqual({ parent: ['The parent must be one of your folders.'] });
    expect(((await call(member, 'GET', `${base}/`)).json() as Array<{ id: string }>).map((f) => f.id)).toContain(folder.id);
    const children = (await call(member, 'GET', `${base}/${folder.id}/group/`)).json() as Array<{ id: string }>;
    expect(children.map((f) => f.id)).toEqual([inner.id, projectFav.id]);
    expect(((await call(member, 'GET', `${base}/`)).json() as Array<{ id: string }>).map((f) => f.id)).not.toContain(projectFav.id);
    expect((await call(admin, 'PATCH', `${base}/${folder.id}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${base}/${folder.id}/`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `${base}/${folder.id}/`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/api/workspaces/${workspace.slug}/projects/${project.id}/`)).json().is_favorite).toBe(false);
    expect((await call(member, 'GET', `${base}/${folder.id}/group/`)).statusCode).toBe(404);
  });

  test('legacy user-favorite-projects: add, list, remove', async () => {
    const url = `/api/workspaces/${workspace.slug}/user-favorite-projects/`;
    expect((await call(member, 'POST', url, { project: project.id })).statusCode).toBe(204);
    const list = (await call(member, 'GET', url)).json() as Array<{ entity_identifier: string }>;
    expect(list.map((f) => f.entity_identifier)).toEqual([project.id]);
    expect((await call(member, 'DELETE', `${url}${project.id}/`)).statusCode).toBe(204);
    expect((await call(member, 'DELETE', `${url}${project.id}/`)).statusCode).toBe(404);
    expect((await call(member, 'POST', url, { project: 'bad' })).statusCode).toBe(400);
    expect((await call(guest, 'POST', url, { project: project.id })).statusCode).toBe(403);
  });
});
