import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, cycles } from '../../db/schema/index';
import { buildProject, type TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { ProjectNetwork } from '../../shared/visibility';

describe('favorites', () => {
  const team = useTeam({ member: { workspace: 15, project: 15 }, guest: { workspace: 5 }, outsider: {} }, { project: { name: 'Fav project' } });
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    team.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    base = `/api/workspaces/${team.workspace.slug}/user-favorites`;
  });

  test('favorite a project and a cycle, with entity data; repeat answers the same row', async () => {
    const created = await call(team.member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: team.project.id, project_id: team.project.id, entity_data: { name: 'x' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      entity_type: 'project',
      entity_identifier: team.project.id,
      entity_data: { id: team.project.id, name: 'Fav project', logo_props: {} },
      is_folder: false,
      sequence: 65535,
      parent: null,
      project_id: team.project.id,
      version: 1,
    });
    const again = await call(team.member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: team.project.id, project_id: team.project.id });
    expect(again.json().id).toBe(created.json().id);
    const [cycle] = await team.server.database.db.insert(cycles).values({ projectId: team.project.id, workspaceId: team.workspace.id, name: 'Sprint 1' }).returning();
    const fav = await call(team.member, 'POST', `${base}/`, { entity_type: 'cycle', entity_identifier: cycle.id, project_id: team.project.id });
    expect(fav.json()).toMatchObject({ sequence: 75535, entity_data: { id: cycle.id, name: 'Sprint 1', project_id: team.project.id } });
    const events = await team.server.database.db.select().from(changes).where(and(eq(changes.entity, 'favorite'), eq(changes.entityId, fav.json().id))).orderBy(changes.id);
    expect(events[0].audienceUserId).toBe(team.member.id);
    const list = (await call(team.member, 'GET', `${base}/?all=true`)).json() as Array<{ entity_type: string }>;
    expect(list.map((f) => f.entity_type)).toEqual(['cycle', 'project']);
    expect((await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/`)).json().is_favorite).toBe(true);
  });

  test('errors: unknown entity, missing identifier, non-member project, bad type, guests and outsiders', async () => {
    expect((await call(team.member, 'POST', `${base}/`, { entity_type: 'cycle', entity_identifier: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call(team.member, 'POST', `${base}/`, { entity_type: 'cycle' })).json()).toEqual({ entity_identifier: ['This field is required.'] });
    const secret = await buildProject(team.server, team.workspace, team.owner, { network: ProjectNetwork.SECRET });
    expect((await call(team.member, 'POST', `${base}/`, { entity_type: 'project', entity_identifier: secret.id })).statusCode).toBe(403);
    expect((await call(team.member, 'POST', `${base}/`, { entity_type: 'nope', entity_identifier: secret.id })).statusCode).toBe(400);
    expect((await call(team.member, 'POST', `${base}/`, { entity_type: 'folder' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await call(team.guest, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(team.guest, 'POST', `${base}/`, { entity_type: 'folder', name: 'G' })).statusCode).toBe(403);
    expect((await call(team.outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('folders group favorites; delete of a folder removes its children', async () => {
    const folder = (await call(team.member, 'POST', `${base}/`, { entity_type: 'folder', is_folder: true, name: 'Work' })).json();
    expect(folder).toMatchObject({ entity_type: 'folder', is_folder: true, name: 'Work', entity_identifier: null, entity_data: null });
    const list = (await call(team.member, 'GET', `${base}/`)).json() as Array<{ id: string; entity_type: string }>;
    const projectFav = list.find((f) => f.entity_type === 'project')!;
    const moved = await call(team.member, 'PATCH', `${base}/${projectFav.id}/`, { parent: folder.id, sequence: 1 });
    expect(moved.json()).toMatchObject({ parent: folder.id, sequence: 1, version: 2 });
    expect((await call(team.member, 'PATCH', `${base}/${folder.id}/`, { parent: folder.id })).statusCode).toBe(400);
    expect((await call(team.member, 'PATCH', `${base}/${projectFav.id}/`, { parent: projectFav.id })).statusCode).toBe(400);
    // A folder cannot go inside a folder it contains: the loop would hide both from every list.
    const inner = (await call(team.member, 'POST', `${base}/`, { entity_type: 'folder', is_folder: true, name: 'Inner', parent: folder.id })).json();
    const loop = await call(team.member, 'PATCH', `${base}/${folder.id}/`, { parent: inner.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toEqual({ parent: ['The parent must be one of your folders.'] });
    expect(((await call(team.member, 'GET', `${base}/`)).json() as Array<{ id: string }>).map((f) => f.id)).toContain(folder.id);
    const children = (await call(team.member, 'GET', `${base}/${folder.id}/group/`)).json() as Array<{ id: string }>;
    expect(children.map((f) => f.id)).toEqual([inner.id, projectFav.id]);
    expect(((await call(team.member, 'GET', `${base}/`)).json() as Array<{ id: string }>).map((f) => f.id)).not.toContain(projectFav.id);
    expect((await call(team.owner, 'PATCH', `${base}/${folder.id}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(team.owner, 'DELETE', `${base}/${folder.id}/`)).statusCode).toBe(404);
    expect((await call(team.member, 'DELETE', `${base}/${folder.id}/`)).statusCode).toBe(204);
    expect((await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/`)).json().is_favorite).toBe(false);
    expect((await call(team.member, 'GET', `${base}/${folder.id}/group/`)).statusCode).toBe(404);
  });

  test('legacy user-favorite-projects: add, list, remove', async () => {
    const url = `/api/workspaces/${team.workspace.slug}/user-favorite-projects/`;
    expect((await call(team.member, 'POST', url, { project: team.project.id })).statusCode).toBe(204);
    const list = (await call(team.member, 'GET', url)).json() as Array<{ entity_identifier: string }>;
    expect(list.map((f) => f.entity_identifier)).toEqual([team.project.id]);
    expect((await call(team.member, 'DELETE', `${url}${team.project.id}/`)).statusCode).toBe(204);
    expect((await call(team.member, 'DELETE', `${url}${team.project.id}/`)).statusCode).toBe(404);
    expect((await call(team.member, 'POST', url, { project: 'bad' })).statusCode).toBe(400);
    expect((await call(team.guest, 'POST', url, { project: team.project.id })).statusCode).toBe(403);
  });
});
