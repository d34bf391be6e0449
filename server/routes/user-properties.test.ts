import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import {
  addProjectMember,
  addWorkspaceMember,
  buildProject,
  buildUser,
  buildWorkspace,
  setupInstance,
  type TestProject,
  type TestUser,
  type TestWorkspace,
} from '../../tests/support/factories';
import { insertCycles, insertModules } from '../../tests/list-engine/fixtures';

let server: TestServer;
let owner: TestUser;
let guest: TestUser;
let outsider: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
let cycleId: string;
let moduleId: string;

const send = (method: 'GET' | 'PATCH' | 'POST', url: string, user: TestUser | null = owner, payload?: unknown) =>
  server.inject({ method, url, headers: user?.headers ?? {}, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  await setupInstance(server, owner);
  guest = await buildUser(server);
  outsider = await buildUser(server);
  workspace = await buildWorkspace(server, owner);
  await addWorkspaceMember(server, workspace, guest, 5);
  await addWorkspaceMember(server, workspace, outsider, 15);
  project = await buildProject(server, workspace, owner);
  await addProjectMember(server, project, guest, 5);
  [cycleId] = await insertCycles(server.database.db, project, ['Sprint']);
  [moduleId] = await insertModules(server.database.db, project, ['Mod']);
});

afterAll(async () => {
  await server?.close();
});

const base = () => `/api/workspaces/${workspace.slug}/projects/${project.id}`;

describe('project user-properties defaults', () => {
  test('a fresh row reads with the spec §9 defaults', async () => {
    const response = await send('GET', `${base()}/user-properties/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.display_filters).toMatchObject({ layout: 'list', order_by: 'sort_order', group_by: null, sub_group_by: null, sub_issue: true, show_empty_groups: true });
    expect(Object.values(body.display_properties)).toHaveLength(16);
    expect(Object.values(body.display_properties).every((value) => value === true)).toBe(true);
    expect(body.filters).toMatchObject({ priority: null, labels: null, state: null });
  });

  test('carries every ProjectUserProperty field and the default preferences (reference §1.6.10)', async () => {
    const body = (await send('GET', `${base()}/user-properties/`, guest)).json();
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'user', 'project', 'workspace', 'filters', 'display_filters', 'display_properties', 'rich_filters', 'preferences', 'sort_order',
        'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by'].sort(),
    );
    expect(body.deleted_at).toBeNull();
    expect(body.preferences).toEqual({ pages: { block_display: true }, navigation: { default_tab: 'work_items', hide_in_more_menu: [] } });
    const patched = await send('PATCH', `${base()}/user-properties/`, guest, { preferences: { pages: { block_display: false } } });
    expect(patched.statusCode).toBe(200);
    // Top-level keys replace wholesale; the unsent ones keep their defaults.
    expect(patched.json().preferences).toEqual({ pages: { block_display: false }, navigation: { default_tab: 'work_items', hide_in_more_menu: [] } });
  });
});

describe('cycle and module user-properties', () => {
  test('GET creates the row with defaults; PATCH replaces sent keys and answers 201', async () => {
    for (const [kind, id] of [['cycles', cycleId], ['modules', moduleId]] as const) {
      const url = `${base()}/${kind}/${id}/user-properties/`;
      const first = await send('GET', url, guest);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ user: guest.id, display_filters: { layout: 'list', order_by: 'sort_order' } });
      const patched = await send('PATCH', url, guest, { display_filters: { layout: 'kanban', group_by: 'state' }, filters: { priority: ['high'] } });
      expect(patched.statusCode).toBe(201);
      expect(patched.json()).toMatchObject({ display_filters: { layout: 'kanban', group_by: 'state', order_by: 'sort_order' }, filters: { priority: ['high'] } });
      expect((await send('GET', url, guest)).json().display_filters.layout).toBe('kanban');
      expect((await send('GET', url, owner)).json().display_filters.layout).toBe('list');
      expect(first.json()).toHaveProperty('deleted_at', null);
    }
  });

  test('unknown cycle or module is 404, outsiders 403, anonymous 401, bad body 400', async () => {
    expect((await send('GET', `${base()}/cycles/00000000-0000-4000-8000-000000000000/user-properties/`)).statusCode).toBe(404);
    expect((await send('GET', `${base()}/modules/not-a-uuid/user-properties/`)).statusCode).toBe(404);
    expect((await send('GET', `${base()}/cycles/${cycleId}/user-properties/`, outsider)).statusCode).toBe(403);
    expect((await send('GET', `${base()}/cycles/${cycleId}/user-properties/`, null)).statusCode).toBe(401);
    const bad = await send('PATCH', `${base()}/cycles/${cycleId}/user-properties/`, owner, { filters: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('filters');
    const huge = await send('PATCH', `${base()}/modules/${moduleId}/user-properties/`, owner, { filters: { x: 'y'.repeat(100_000) } });
    expect(huge.statusCode).toBe(400);
  });
});

describe('workspace user-properties', () => {
  test('global view defaults are spreadsheet and -created_at, not wrapped', async () => {
    const url = `/api/workspaces/${workspace.slug}/user-properties/`;
    const body = (await send('GET', url)).json();
    expect(body.display_filters).toMatchObject({ layout: 'spreadsheet', order_by: '-created_at' });
    expect(body.deleted_at).toBeNull();
    const patched = await send('PATCH', url, owner, { display_properties: { key: false } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().display_properties).toMatchObject({ key: false, labels: true });
    expect((await send('GET', url, outsider)).statusCode).toBe(200);
    expect((await send('GET', url, null)).statusCode).toBe(401);
  });
});

describe('issue-display-properties', () => {
  test('reads and writes the display_properties of the project user-properties', async () => {
    const url = `${base()}/issue-display-properties/`;
    const first = await send('GET', url, guest);
    expect(first.statusCode).toBe(200);
    expect(first.json().properties).toMatchObject({ assignee: true, issue_type: true });
    const saved = await send('POST', url, guest, { properties: { assignee: false } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().properties).toMatchObject({ assignee: false, labels: true });
    expect(Object.keys(saved.json()).sort()).toEqual(
      ['id', 'user', 'project', 'workspace', 'properties', 'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by'].sort(),
    );
    const props = (await send('GET', `${base()}/user-properties/`, guest)).json();
    expect(props.display_properties.assignee).toBe(false);
    expect((await send('POST', url, guest, { properties: 'x' })).statusCode).toBe(400);
    expect((await send('POST', url, guest, {})).statusCode).toBe(400);
    expect((await send('GET', url, outsider)).statusCode).toBe(403);
  });
});
