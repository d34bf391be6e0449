import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../../tests/support/factories';

describe('project members', () => {
  let server: TestServer;
  let wsAdmin: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let spare: TestUser;
  let outsider: TestUser;
  let workspace: TestWorkspace;
  let project: TestProject;
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const rowOf = async (user: TestUser) =>
    ((await call(admin, 'GET', `${base}/members/`)).json() as Array<{ id: string; member: string; role: number }>).find((row) => row.member === user.id)!;

  beforeAll(async () => {
    server = await createTestServer();
    await setupInstance(server);
    [wsAdmin, admin, member, guest, spare, outsider] = await Promise.all(Array.from({ length: 6 }, () => buildUser(server)));
    workspace = await buildWorkspace(server, wsAdmin);
    await addWorkspaceMember(server, workspace, admin, 15);
    await addWorkspaceMember(server, workspace, member, 15);
    await addWorkspaceMember(server, workspace, guest, 5);
    await addWorkspaceMember(server, workspace, spare, 15);
    project = await buildProject(server, workspace, admin);
    base = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
  });
  afterAll(async () => server?.close());

  test('bulk add applies the workspace-role rules and answers the role shape', async () => {
    const empty = await call(admin, 'POST', `${base}/members/`, { members: [] });
    expect(empty.json()).toEqual({ error: 'At least one member is required' });
    const tooHigh = await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: guest.id, role: 15 }] });
    expect(tooHigh.json()).toEqual({ error: 'You cannot add a user with role higher than the workspace role' });
    const tooLow = await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: wsAdmin.id, role: 15 }] });
    expect(tooLow.json()).toEqual({ error: 'You cannot add a user with role lower than the workspace role' });
    expect((await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: outsider.id, role: 15 }] })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: member.id, role: 7 }] })).statusCode).toBe(400);
    const added = await call(admin, 'POST', `${base}/members/`, {
      members: [
        { member_id: member.id, role: 15 },
        { member_id: guest.id, role: 5 },
      ],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toHaveLength(2);
    expect(added.json()[0]).toMatchObject({ member: member.id, role: 15, project: project.id, original_role: 15, version: 1 });
    expect((await call(member, 'POST', `${base}/members/`, { members: [{ member_id: spare.id, role: 15 }] })).statusCode).toBe(403);
    // Adding someone already active changes nothing: bulk add cannot bypass the PATCH role rules.
    const again = await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: member.id, role: 5 }] });
    expect(again.statusCode).toBe(201);
    expect(again.json()[0]).toMatchObject({ member: member.id, role: 15, version: 1 });
    expect((await rowOf(member)).role).toBe(15);
  });

  test('list, read and me: full shape for members, role shape for guests', async () => {
    const list = await call(guest, 'GET', `${base}/members/`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { member: string }) => row.member).sort()).toEqual([admin.id, member.id, guest.id].sort());
    const row = await rowOf(member);
    const full = (await call(member, 'GET', `${base}/members/${row.id}/`)).json();
    expect(full).toMatchObject({ id: row.id, role: 15, project: { id: project.id }, workspace: { slug: workspace.slug }, member: { id: member.id, email: member.email } });
    const short = (await call(guest, 'GET', `${base}/members/${row.id}/`)).json();
    expect(Object.keys(short).sort()).toEqual(['created_at', 'id', 'member', 'original_role', 'project', 'role', 'version']);
    const missing = await call(admin, 'GET', `${base}/members/00000000-0000-4000-8000-000000000000/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Project member not found' });
    expect((await call(guest, 'GET', `${base}/project-members/me/`)).json()).toMatchObject({ role: 5, member: { id: guest.id }, is_active: true });
    expect((await call(outsider, 'GET', `${base}/members/`)).statusCode).toBe(403);
    expect((await call(spare, 'GET', `${base}/members/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/members/`)).statusCode).toBe(401);
    const map = (await call(member, 'GET', `/api/workspaces/${workspace.slug}/project-members/`)).json();
    expect(Object.keys(map)).toEqual([project.id]);
    expect(map[project.id]).toHaveLength(3);
  });

  test('role updates follow the reference rules and messages', async () => {
    const memberRow = await rowOf(member);
    const guestRow = await rowOf(guest);
    const adminRow = await rowOf(admin);
    const cases: Array<[TestUser, string, number, number, object]> = [
      [member, memberRow.id, 5, 400, { error: 'You cannot update your own role' }],
      [member, guestRow.id, 5, 403, { error: 'You do not have permission to update roles' }],
      [admin, guestRow.id, 15, 400, { error: 'You cannot add a user with role higher than the workspace role' }],
      [admin, memberRow.id, 20, 403, { error: 'You cannot assign a role equal to or higher than your own' }],
    ];
    for (const [caller, id, role, status, body] of cases) {
      const response = await call(caller, 'PATCH', `${base}/members/${id}/`, { role });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(body);
    }
    const demoted = await call(admin, 'PATCH', `${base}/members/${memberRow.id}/`, { role: 5 });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 5, version: 2, member: { id: member.id } });
    expect(demoted.json().member).not.toHaveProperty('email');
    const promoted = await call(admin, 'PATCH', `${base}/members/${memberRow.id}/`, { role: 15 });
    expect(promoted.json().role).toBe(15);
    await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: spare.id, role: 20 }] });
    const peer = await call(admin, 'PATCH', `${base}/members/${(await rowOf(spare)).id}/`, { role: 15 });
    expect(peer.json()).toEqual({ error: 'You cannot update the role of a member with a role equal to or higher than your own' });
    // A workspace admin needs no project membership and passes the caller-side rules.
    const byWsAdmin = await call(wsAdmin, 'PATCH', `${base}/members/${adminRow.id}/`, { role: 15 });
    expect(byWsAdmin.statusCode).toBe(403);
    await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: wsAdmin.id, role: 20 }] });
    expect((await call(wsAdmin, 'PATCH', `${base}/members/${(await rowOf(spare)).id}/`, { role: 15 })).statusCode).toBe(200);
  });

  test('remove and leave: self, higher role and last admin refused', async () => {
    const adminRow = await rowOf(admin);
    expect((await call(admin, 'DELETE', `${base}/members/${adminRow.id}/`)).json()).toEqual({
      error: 'You cannot remove yourself from the workspace. Please use leave workspace',
    });
    const spareRow = await rowOf(spare);
    expect((await call(member, 'DELETE', `${base}/members/${spareRow.id}/`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `${base}/members/${spareRow.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/members/${spareRow.id}/`)).statusCode).toBe(404);
    expect((await call(spare, 'GET', `${base}/members/`)).statusCode).toBe(403);
    const solo = await buildProject(server, workspace, member);
    const soloLeave = await call(member, 'POST', `/api/workspaces/${workspace.slug}/projects/${solo.id}/members/leave/`);
    expect(soloLeave.statusCode).toBe(400);
    expect(soloLeave.json()).toEqual({
      error: 'You cannot leave the project as your the only admin of the project you will have to either delete the project or create an another admin',
    });
    expect((await call(guest, 'POST', `${base}/members/leave/`)).statusCode).toBe(204);
    expect((await call(guest, 'GET', `${base}/members/`)).statusCode).toBe(403);
    // Re-adding reactivates the same row.
    const readded = await call(admin, 'POST', `${base}/members/`, { members: [{ member_id: guest.id, role: 5 }] });
    expect(readded.json()[0].id).toBeDefined();
    expect((await call(guest, 'GET', `${base}/members/`)).statusCode).toBe(200);
  });

  test('member preferences: defaults, a PATCH merges top-level keys, only into the caller\'s own', async () => {
    const url = (user: TestUser) => `${base}/preferences/member/${user.id}/`;
    const defaults = { pages: { block_display: true }, navigation: { default_tab: 'work_items', hide_in_more_menu: [] } };
    const read = await call(member, 'GET', url(member));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ preferences: defaults, project_id: project.id, member_id: member.id, workspace_id: workspace.id });
    const navigation = { default_tab: 'pages', hide_in_more_menu: ['cycles'] };
    const patched = await call(member, 'PATCH', url(member), { navigation });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ preferences: { pages: { block_display: true }, navigation } });
    expect((await call(admin, 'GET', url(member))).json().preferences.navigation).toEqual(navigation);
    expect((await call(member, 'GET', `${base}/project-members/me/`)).json().preferences.navigation).toEqual(navigation);
    const others = await call(admin, 'PATCH', url(member), { pages: { block_display: false } });
    expect(others.statusCode).toBe(403);
    expect((await call(member, 'GET', url(member))).json().preferences.pages).toEqual({ block_display: true });
    expect((await call(member, 'PATCH', url(member), [1])).statusCode).toBe(400);
    expect((await call(member, 'GET', url(outsider))).statusCode).toBe(404);
    expect((await call(member, 'GET', `${base}/preferences/member/not-a-uuid/`)).statusCode).toBe(404);
    expect((await call(spare, 'GET', url(member))).statusCode).toBe(403);
  });

  test('project-views stores legacy settings on the membership; non-members get Forbidden', async () => {
    const ok = await call(member, 'POST', `${base}/project-views/`, { view_props: { a: 1 }, sort_order: 5 });
    expect(ok.statusCode).toBe(204);
    expect((await call(member, 'GET', `${base}/project-members/me/`)).json()).toMatchObject({ view_props: { a: 1 }, sort_order: 5 });
    const denied = await call(outsider, 'POST', `${base}/project-views/`, {});
    expect(denied.statusCode).toBe(403);
    const notMember = await call(spare, 'POST', `${base}/project-views/`, {});
    expect(notMember.json()).toEqual({ error: 'Forbidden' });
  });
});
