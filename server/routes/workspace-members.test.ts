import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, issues, projectMembers, workspaceMembers } from '../../db/schema/index';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('workspace members', () => {
  const world = useWorld();

  const base = () => `/api/workspaces/${world.workspace.slug}`;
  const membershipId = async (workspace: TestWorkspace, user: TestUser) => {
    const [row] = await world.server.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.memberId, user.id)));
    return row.id;
  };

  test('admins and members see emails; guests see UserLite; bots are excluded', async () => {
    const bot = await buildUser(world.server, { isBot: true });
    await addWorkspaceMember(world.server, world.workspace, bot, 15);
    const asMember = await world.server.inject({ method: 'GET', url: `${base()}/members/`, headers: world.member.headers });
    expect(asMember.statusCode).toBe(200);
    const list = asMember.json();
    expect(list.map((m: { member: { id: string } }) => m.member.id).sort()).toEqual([world.admin.id, world.member.id, world.guest.id].sort());
    expect(list[0].member).toHaveProperty('email');
    const asGuest = (await world.server.inject({ method: 'GET', url: `${base()}/members/`, headers: world.guest.headers })).json();
    expect(asGuest[0].member).not.toHaveProperty('email');
    const search = (await world.server.inject({ method: 'GET', url: `${base()}/members/?search=gil`, headers: world.guest.headers })).json();
    expect(search.map((m: { member: { id: string } }) => m.member.id)).toEqual([world.guest.id]);
    expect((await world.server.inject({ method: 'GET', url: `${base()}/members/`, headers: world.outsider.headers })).statusCode).toBe(403);
  });

  test('get one member by membership id; unknown ids are 404', async () => {
    const id = await membershipId(world.workspace, world.guest);
    const response = await world.server.inject({ method: 'GET', url: `${base()}/members/${id}/`, headers: world.guest.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, role: 5, is_active: true, member: { id: world.guest.id } });
    const missing = await world.server.inject({ method: 'GET', url: `${base()}/members/${crypto.randomUUID()}/`, headers: world.guest.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Workspace member not found' });
    expect((await world.server.inject({ method: 'GET', url: `${base()}/members/not-a-uuid/`, headers: world.guest.headers })).statusCode).toBe(404);
  });

  test('admins change roles; demoting to guest demotes project roles; own role is refused', async () => {
    const user = await buildUser(world.server);
    await addWorkspaceMember(world.server, world.workspace, user, 15);
    await addProjectMember(world.server, world.project, user, 15);
    const id = await membershipId(world.workspace, user);
    const denied = await world.server.inject({ method: 'PATCH', url: `${base()}/members/${id}/`, headers: world.member.headers, payload: { role: 5 } });
    expect(denied.statusCode).toBe(403);
    const response = await world.server.inject({ method: 'PATCH', url: `${base()}/members/${id}/`, headers: world.admin.headers, payload: { role: 5 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, role: 5, member: { id: user.id } });
    const [projectRow] = await world.server.database.db.select().from(projectMembers).where(eq(projectMembers.memberId, user.id));
    expect(projectRow.role).toBe(5);
    const events = await world.server.database.db.select().from(changes).where(eq(changes.entityId, id)).orderBy(changes.id);
    expect(events.at(-1)).toMatchObject({ entity: 'member', op: 'update', projectId: null });

    const own = await membershipId(world.workspace, world.admin);
    const self = await world.server.inject({ method: 'PATCH', url: `${base()}/members/${own}/`, headers: world.admin.headers, payload: { role: 15 } });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'You cannot update your own role' });
    const badRole = await world.server.inject({ method: 'PATCH', url: `${base()}/members/${id}/`, headers: world.admin.headers, payload: { role: 7 } });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toHaveProperty('role');
  });

  test('removing a member deactivates workspace and project memberships', async () => {
    const user = await buildUser(world.server);
    await addWorkspaceMember(world.server, world.workspace, user, 15);
    await addProjectMember(world.server, world.project, user, 15);
    const id = await membershipId(world.workspace, user);
    const response = await world.server.inject({ method: 'DELETE', url: `${base()}/members/${id}/`, headers: world.admin.headers });
    expect(response.statusCode).toBe(204);
    const [row] = await world.server.database.db.select().from(workspaceMembers).where(eq(workspaceMembers.id, id));
    expect(row.isActive).toBe(false);
    const [projectRow] = await world.server.database.db.select().from(projectMembers).where(eq(projectMembers.memberId, user.id));
    expect(projectRow.isActive).toBe(false);
    // Inactive rows still appear in the list (the client shows them as suspended).
    const list = (await world.server.inject({ method: 'GET', url: `${base()}/members/`, headers: world.admin.headers })).json();
    expect(list.find((m: { id: string }) => m.id === id)).toMatchObject({ is_active: false });
    expect((await world.server.inject({ method: 'DELETE', url: `${base()}/members/${id}/`, headers: world.admin.headers })).statusCode).toBe(404);
  });

  test('removal rules: not yourself, not the last admin of a project', async () => {
    const own = await membershipId(world.workspace, world.admin);
    const self = await world.server.inject({ method: 'DELETE', url: `${base()}/members/${own}/`, headers: world.admin.headers });
    expect(self.json()).toEqual({ error: 'You cannot remove yourself from the workspace. Please use leave workspace' });

    const owner = await buildUser(world.server);
    const admin = await buildUser(world.server);
    const workspace = await buildWorkspace(world.server, owner);
    await addWorkspaceMember(world.server, workspace, admin, 20);
    await buildProject(world.server, workspace, owner);
    const ownerId = await membershipId(workspace, owner);
    const response = await world.server.inject({ method: 'DELETE', url: `/api/workspaces/${workspace.slug}/members/${ownerId}/`, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'User is a part of some projects where they are the only admin, they should either leave that project or promote another user to admin.',
    });
  });

  test('leaving: the last admin cannot, a member can', async () => {
    const owner = await buildUser(world.server);
    const member = await buildUser(world.server);
    const workspace = await buildWorkspace(world.server, owner);
    await addWorkspaceMember(world.server, workspace, member, 15);
    const leave = (user: TestUser) => world.server.inject({ method: 'POST', url: `/api/workspaces/${workspace.slug}/members/leave/`, headers: user.headers });
    const last = await leave(owner);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({
      error:
        'You cannot leave the workspace as you are the only admin of the workspace you will have to either delete the workspace or promote another user to admin.',
    });
    expect((await leave(member)).statusCode).toBe(204);
    expect((await world.server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/members/`, headers: member.headers })).statusCode).toBe(403);

    const second = await buildUser(world.server);
    await addWorkspaceMember(world.server, workspace, second, 20);
    await buildProject(world.server, workspace, owner);
    const projectAdmin = await leave(owner);
    expect(projectAdmin.json()).toEqual({
      error: 'You are a part of some projects where you are the only admin, you should either leave the project or promote another user to admin.',
    });
  });

  test('workspace-views stores the caller\'s view props on their own membership (204)', async () => {
    const url = `${base()}/workspace-views/`;
    const saved = await world.server.inject({ method: 'POST', url, headers: world.guest.headers, payload: { view_props: { layout: 'list' } } });
    expect(saved.statusCode).toBe(204);
    const me = await world.server.inject({ method: 'GET', url: `${base()}/workspace-members/me/`, headers: world.guest.headers });
    expect(me.json().view_props).toEqual({ layout: 'list' });
    const bad = await world.server.inject({ method: 'POST', url, headers: world.guest.headers, payload: { view_props: 'list' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('view_props');
    const outsider = await world.server.inject({ method: 'POST', url, headers: world.outsider.headers, payload: { view_props: {} } });
    expect(outsider.statusCode).toBe(403);
  });

  test('workspace-members/me and project-roles describe the caller', async () => {
    await world.server.database.db.insert(issues).values({
      projectId: world.project.id,
      workspaceId: world.workspace.id,
      name: 'draft',
      sequenceId: 999,
      isDraft: true,
      createdBy: world.member.id,
    });
    const me = await world.server.inject({ method: 'GET', url: `${base()}/workspace-members/me/`, headers: world.member.headers });
    expect(me.json()).toMatchObject({ member: world.member.id, role: 15, draft_issue_count: 1 });
    const roles = await world.server.inject({ method: 'GET', url: `/api/users/me/workspaces/${world.workspace.slug}/project-roles/`, headers: world.guest.headers });
    expect(roles.json()).toEqual({ [world.project.id]: 5 });
    const outsider = await world.server.inject({ method: 'GET', url: `${base()}/workspace-members/me/`, headers: world.outsider.headers });
    expect(outsider.statusCode).toBe(403);
  });
});
