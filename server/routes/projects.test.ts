import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { changes, issueSequences, projectIdentifiers, states } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestUser, type TestWorkspace } from '../../tests/support/factories';
import { ProjectNetwork } from '../../shared/visibility';

describe('projects', () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let workspace: TestWorkspace;
  let base: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await createTestServer();
    await setupInstance(server);
    owner = await buildUser(server);
    member = await buildUser(server);
    guest = await buildUser(server);
    outsider = await buildUser(server);
    workspace = await buildWorkspace(server, owner);
    await addWorkspaceMember(server, workspace, member, 15);
    await addWorkspaceMember(server, workspace, guest, 5);
    base = `/api/workspaces/${workspace.slug}/projects`;
  });
  afterAll(async () => server?.close());

  test('create makes the project, admin memberships, five default states, identifier and counter rows', async () => {
    const response = await call(owner, 'POST', `${base}/`, { name: 'Alpha', identifier: 'alp', project_lead: member.id });
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project).toMatchObject({ name: 'Alpha', identifier: 'ALP', network: ProjectNetwork.PUBLIC, member_role: 20, is_member: true, is_favorite: false, sort_order: 65535, anchor: null, version: 1, next_work_item_sequence: 1 });
    expect(project.members.sort()).toEqual([owner.id, member.id].sort());
    const rows = await server.database.db.select().from(states).where(eq(states.projectId, project.id));
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(['Backlog', 'Cancelled', 'Done', 'In Progress', 'Todo']);
    expect(byName.Backlog).toMatchObject({ group: 'backlog', isDefault: true, color: '#60646C', sequence: 65535 });
    expect(byName['In Progress']).toMatchObject({ group: 'started', color: '#F59E0B', sequence: 3 * 65535 });
    expect(byName.Cancelled).toMatchObject({ group: 'cancelled', color: '#9AA4BC', sequence: 5 * 65535 });
    const [sequence] = await server.database.db.select().from(issueSequences).where(eq(issueSequences.projectId, project.id));
    expect(sequence.lastSequence).toBe(0);
    const identifiers = await server.database.db.select().from(projectIdentifiers).where(eq(projectIdentifiers.projectId, project.id));
    expect(identifiers.map((row) => row.name)).toEqual(['ALP']);
    const events = await server.database.db.select().from(changes).where(eq(changes.projectId, project.id)).orderBy(changes.id);
    expect(events.map((event) => event.entity).sort()).toEqual(['member', 'member', 'project', 'state', 'state', 'state', 'state', 'state']);
    const second = await call(owner, 'POST', `${base}/`, { name: 'Beta', identifier: 'BETA' });
    expect(second.json().sort_order).toBe(65535 - 10000);
  });

  test('create validates names and identifiers with the reference errors', async () => {
    const cases: Array<[object, object]> = [
      [{ name: 'Bad.Name', identifier: 'OK1' }, { name: ['PROJECT_NAME_CANNOT_CONTAIN_SPECIAL_CHARACTERS'] }],
      [{ name: 'Good', identifier: 'A-B' }, { identifier: ['PROJECT_IDENTIFIER_CANNOT_CONTAIN_SPECIAL_CHARACTERS'] }],
      [{ name: 'Alpha', identifier: 'NEW1' }, { name: ['PROJECT_NAME_ALREADY_EXIST'] }],
      [{ name: 'Other', identifier: 'alp' }, { identifier: ['PROJECT_IDENTIFIER_ALREADY_EXIST'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await call(owner, 'POST', `${base}/`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(body);
    }
    const tooLong = await call(owner, 'POST', `${base}/`, { name: 'Long', identifier: 'ABCDEFGHIJKLM' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('identifier');
    const huge = await call(owner, 'POST', `${base}/`, { name: 'x'.repeat(100_000), identifier: 'HUGE' });
    expect(huge.statusCode).toBe(400);
    const missing = await call(owner, 'POST', `${base}/`, { identifier: 'MISS' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('name');
    const badLead = await call(owner, 'POST', `${base}/`, { name: 'Lead', identifier: 'LEAD', project_lead: outsider.id });
    expect(badLead.statusCode).toBe(400);
    expect(badLead.json()).toHaveProperty('project_lead');
  });

  test('a workspace guest named lead joins the new project as a guest, not an admin', async () => {
    const lead = await buildUser(server);
    await addWorkspaceMember(server, workspace, lead, 5);
    const response = await call(owner, 'POST', `${base}/`, { name: 'Guest led', identifier: 'GLED', project_lead: lead.id });
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project.project_lead).toBe(lead.id);
    const me = await call(lead, 'GET', `${base}/${project.id}/project-members/me/`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 5 });
    const renamed = await call(lead, 'PATCH', `${base}/${project.id}/`, { name: 'Taken over' });
    expect(renamed.statusCode).toBe(403);
  });

  test('guests, outsiders and anonymous callers cannot create', async () => {
    expect((await call(guest, 'POST', `${base}/`, { name: 'G', identifier: 'G' })).statusCode).toBe(403);
    expect((await call(outsider, 'POST', `${base}/`, { name: 'O', identifier: 'O' })).statusCode).toBe(403);
    expect((await call(null, 'POST', `${base}/`, { name: 'A', identifier: 'A' })).statusCode).toBe(401);
  });

  test('list shows members their projects plus public ones, guests only their own; archived included', async () => {
    const secret = await buildProject(server, workspace, owner, { network: ProjectNetwork.SECRET, name: 'Secret' });
    const open = await buildProject(server, workspace, owner, { name: 'Open' });
    await addProjectMember(server, open, guest, 5);
    await call(owner, 'POST', `${base}/${open.id}/archive/`);
    const ownerList = (await call(owner, 'GET', `${base}/`)).json();
    expect(ownerList.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([secret.id, open.id]));
    const openItem = ownerList.find((p: { id: string }) => p.id === open.id);
    expect(openItem.archived_at).not.toBeNull();
    expect(openItem).toMatchObject({ member_role: 20, intake_count: 0, inbox_view: false, network: ProjectNetwork.PUBLIC });
    const memberList = (await call(member, 'GET', `${base}/`)).json();
    expect(memberList.map((p: { id: string }) => p.id)).not.toContain(secret.id);
    expect(memberList.find((p: { id: string }) => p.id === open.id)).toMatchObject({ member_role: null, is_member: false });
    const guestList = (await call(guest, 'GET', `${base}/`)).json();
    expect(guestList.map((p: { id: string }) => p.id)).toEqual([open.id]);
    const details = await call(member, 'GET', `${base}/details/`);
    expect(details.statusCode).toBe(200);
    expect(details.json()[0]).toHaveProperty('members');
    expect((await call(outsider, 'GET', `${base}/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/`)).statusCode).toBe(401);
  });

  test('details: per_page with cursor answers the offset-cursor page; a bad cursor is a 400', async () => {
    const all = (await call(owner, 'GET', `${base}/details/`)).json() as Array<{ id: string }>;
    expect(all.length).toBeGreaterThan(1);
    const page = await call(owner, 'GET', `${base}/details/?per_page=1&cursor=1:1:0`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      grouped_by: null,
      sub_grouped_by: null,
      total_count: all.length,
      total_results: all.length,
      total_pages: all.length,
      next_cursor: '1:2:0',
      prev_cursor: '1:0:1',
      next_page_results: all.length > 2,
      prev_page_results: true,
      count: 1,
      extra_stats: null,
    });
    expect(page.json().results.map((p: { id: string }) => p.id)).toEqual([all[1].id]);
    expect(Array.isArray((await call(owner, 'GET', `${base}/details/?per_page=1`)).json())).toBe(true);
    const bad = await call(owner, 'GET', `${base}/details/?per_page=1&cursor=zz`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid cursor parameter.' });
  });

  test('retrieve answers 404, 403 and 409 by membership and network', async () => {
    const secret = await buildProject(server, workspace, owner, { network: ProjectNetwork.SECRET });
    const open = await buildProject(server, workspace, owner);
    expect((await call(owner, 'GET', `${base}/${open.id}/`)).json()).toMatchObject({ id: open.id, member_role: 20 });
    expect((await call(member, 'GET', `${base}/${secret.id}/`)).json()).toEqual({ error: 'You do not have permission' });
    const conflict = await call(member, 'GET', `${base}/${open.id}/`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'You are not a member of this project' });
    const missing = await call(owner, 'GET', `${base}/00000000-0000-4000-8000-000000000000/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Project does not exist' });
    expect((await call(owner, 'GET', `${base}/not-a-uuid/`)).statusCode).toBe(404);
    await call(owner, 'POST', `${base}/${open.id}/archive/`);
    expect((await call(owner, 'GET', `${base}/${open.id}/`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `${base}/${open.id}/`)).statusCode).toBe(403);
  });

  test('update: project admin or workspace admin; archived refused; version bumps', async () => {
    const project = await buildProject(server, workspace, member);
    await addProjectMember(server, project, guest, 5);
    const renamed = await call(member, 'PATCH', `${base}/${project.id}/`, { name: 'Renamed', identifier: 'renm', inbox_view: true });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', identifier: 'RENM', intake_view: true, version: 2 });
    expect((await call(owner, 'PATCH', `${base}/${project.id}/`, { network: ProjectNetwork.SECRET })).json()).toMatchObject({ network: ProjectNetwork.SECRET, version: 3 });
    expect((await call(guest, 'PATCH', `${base}/${project.id}/`, { name: 'No' })).statusCode).toBe(403);
    expect((await call(member, 'PATCH', `${base}/${project.id}/`, { network: 7 })).statusCode).toBe(400);
    expect((await call(member, 'PATCH', `${base}/${project.id}/`, { estimate: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    const identifiers = await call(owner, 'GET', `/api/workspaces/${workspace.slug}/project-identifiers/?name=renm`);
    expect(identifiers.json()).toMatchObject({ exists: 1, identifiers: [{ name: 'RENM', project: project.id }] });
    await call(member, 'POST', `${base}/${project.id}/archive/`);
    const archived = await call(member, 'PATCH', `${base}/${project.id}/`, { name: 'Again' });
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toEqual({ error: 'Archived projects cannot be updated' });
    expect((await call(member, 'DELETE', `${base}/${project.id}/archive/`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `${base}/${project.id}/`)).json().archived_at).toBeNull();
  });

  test('archive returns archived_at and removes favorites; delete is soft and frees the identifier', async () => {
    const project = await buildProject(server, workspace, owner, { identifier: 'DELME' });
    await addProjectMember(server, project, member, 15);
    await addProjectMember(server, project, guest, 5);
    await call(member, 'POST', `/api/workspaces/${workspace.slug}/user-favorites/`, { entity_type: 'project', entity_identifier: project.id, project_id: project.id });
    expect((await call(member, 'GET', `${base}/${project.id}/`)).json().is_favorite).toBe(true);
    expect((await call(guest, 'POST', `${base}/${project.id}/archive/`)).statusCode).toBe(403);
    const archived = await call(member, 'POST', `${base}/${project.id}/archive/`);
    expect(archived.statusCode).toBe(200);
    expect(Object.keys(archived.json())).toEqual(['archived_at']);
    expect((await call(member, 'GET', `/api/workspaces/${workspace.slug}/user-favorites/`)).json()).toEqual([]);
    expect((await call(member, 'DELETE', `${base}/${project.id}/`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `${base}/${project.id}/`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${base}/${project.id}/`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/workspaces/${workspace.slug}/project-identifiers/?name=DELME`)).json().exists).toBe(0);
    const again = await call(owner, 'POST', `${base}/`, { name: 'Reuse', identifier: 'DELME' });
    expect(again.statusCode).toBe(201);
  });

  test('project identifiers: name required, members only', async () => {
    const url = `/api/workspaces/${workspace.slug}/project-identifiers/`;
    expect((await call(owner, 'GET', url)).json()).toEqual({ error: 'Name is required' });
    expect((await call(guest, 'GET', `${url}?name=X`)).statusCode).toBe(403);
    const inUse = await call(owner, 'DELETE', url, { name: 'ALP' });
    expect(inUse.json()).toEqual({ error: 'Cannot delete an identifier of an existing project' });
  });

  test('user properties: get-or-create and patch store what is sent; sort order drives the list', async () => {
    const project = await buildProject(server, workspace, owner);
    await addProjectMember(server, project, guest, 5);
    const url = `${base}/${project.id}/user-properties/`;
    const first = await call(guest, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: guest.id, project: project.id, filters: {}, sort_order: 65535 });
    const patched = await call(guest, 'PATCH', url, { sort_order: 12.5, filters: { priority: ['high'] }, display_filters: { layout: 'kanban' } });
    expect(patched.json()).toMatchObject({ sort_order: 12.5, filters: { priority: ['high'] }, display_filters: { layout: 'kanban' } });
    expect((await call(guest, 'GET', `${base}/`)).json().find((p: { id: string }) => p.id === project.id).sort_order).toBe(12.5);
    expect((await call(guest, 'PATCH', url, { sort_order: 'x' })).statusCode).toBe(400);
    expect((await call(member, 'GET', url)).statusCode).toBe(403);
  });

  test('deploy boards: publish creates an anchor shown on the project, unpublish removes it', async () => {
    const project = await buildProject(server, workspace, owner);
    await addProjectMember(server, project, guest, 5);
    const url = `${base}/${project.id}/project-deploy-boards/`;
    expect((await call(guest, 'GET', url)).json()).toMatchObject({ id: null, anchor: null, project: project.id });
    expect((await call(guest, 'POST', url, {})).statusCode).toBe(403);
    const published = await call(owner, 'POST', url, { is_comments_enabled: true });
    expect(published.statusCode).toBe(200);
    const board = published.json();
    expect(board.anchor).toMatch(/^[0-9a-f]{32}$/);
    expect(board.is_comments_enabled).toBe(true);
    expect(board.view_props).toEqual({ list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true });
    // Publishing again keeps the board and its anchor but applies the sent settings.
    const again = await call(owner, 'POST', url, { is_reactions_enabled: true, views: { list: true, kanban: false } });
    expect(again.json()).toMatchObject({ id: board.id, anchor: board.anchor, is_comments_enabled: true, is_reactions_enabled: true, view_props: { list: true, kanban: false } });
    expect((await call(owner, 'POST', url)).json().id).toBe(board.id);
    expect((await call(owner, 'GET', `${base}/${project.id}/`)).json()).toMatchObject({ anchor: board.anchor, version: 2 });
    expect((await call(guest, 'GET', `${url}${board.id}/`)).json().id).toBe(board.id);
    expect((await call(owner, 'PATCH', `${url}${board.id}/`, { is_votes_enabled: true })).json().is_votes_enabled).toBe(true);
    // `intake` names an intake of this project; an unknown id was stored as is.
    const strayIntake = await call(owner, 'PATCH', `${url}${board.id}/`, { intake: randomUUID() });
    expect(strayIntake.statusCode).toBe(400);
    expect(strayIntake.json()).toEqual({ intake: ['The intake must belong to this project.'] });
    expect((await call(owner, 'DELETE', `${url}${board.id}/`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${base}/${project.id}/`)).json().anchor).toBeNull();
    expect((await call(owner, 'GET', `${url}${board.id}/`)).statusCode).toBe(404);
  });

  test('join: public projects with the workspace role; private ones only for workspace admins; guests cannot join', async () => {
    const open = await buildProject(server, workspace, owner);
    const secret = await buildProject(server, workspace, owner, { network: ProjectNetwork.SECRET });
    const url = `/api/users/me/workspaces/${workspace.slug}/projects/invitations/`;
    const forbidden = await call(member, 'POST', url, { project_ids: [secret.id] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'Only workspace admins can join private project' });
    const joined = await call(member, 'POST', url, { project_ids: [open.id] });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ message: 'Projects joined successfully' });
    expect((await call(member, 'GET', `${base}/${open.id}/`)).json().member_role).toBe(15);
    expect((await call(guest, 'POST', url, { project_ids: [open.id] })).statusCode).toBe(403);
    expect((await call(guest, 'GET', `${base}/${open.id}/`)).statusCode).toBe(409);
    expect((await call(outsider, 'POST', url, { project_ids: [open.id] })).statusCode).toBe(403);
    expect((await call(member, 'POST', url, { project_ids: ['nope'] })).statusCode).toBe(400);
  });
});
