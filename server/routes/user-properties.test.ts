import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { insertCycles, insertModules } from '../../tests/list-engine/fixtures';

const team = useTeam({ guest: { workspace: 5, project: 5 }, outsider: { workspace: 15 } }, { instanceAdmin: true });
let cycleId: string;
let moduleId: string;

const send = (method: 'GET' | 'PATCH' | 'POST', url: string, user: TestUser | null = team.owner, payload?: unknown) =>
  team.server.inject({ method, url, headers: user?.headers ?? {}, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  [cycleId] = await insertCycles(team.server.database.db, team.project, ['Sprint']);
  [moduleId] = await insertModules(team.server.database.db, team.project, ['Mod']);
});

const base = () => `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;

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
    const body = (await send('GET', `${base()}/user-properties/`, team.guest)).json();
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'user', 'project', 'workspace', 'filters', 'display_filters', 'display_properties', 'rich_filters', 'preferences', 'sort_order',
        'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by'].sort(),
    );
    expect(body.deleted_at).toBeNull();
    expect(body.preferences).toEqual({ pages: { block_display: true }, navigation: { default_tab: 'work_items', hide_in_more_menu: [] } });
    const patched = await send('PATCH', `${base()}/user-properties/`, team.guest, { preferences: { pages: { block_display: false } } });
    expect(patched.statusCode).toBe(200);
    // Top-level keys replace wholesale; the unsent ones keep their defaults.
    expect(patched.json().preferences).toEqual({ pages: { block_display: false }, navigation: { default_tab: 'work_items', hide_in_more_menu: [] } });
  });
});

describe('cycle and module user-properties', () => {
  test('GET creates the row with defaults; PATCH replaces sent keys and answers 201', async () => {
    for (const [kind, id] of [['cycles', cycleId], ['modules', moduleId]] as const) {
      const url = `${base()}/${kind}/${id}/user-properties/`;
      const first = await send('GET', url, team.guest);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ user: team.guest.id, display_filters: { layout: 'list', order_by: 'sort_order' } });
      const patched = await send('PATCH', url, team.guest, { display_filters: { layout: 'kanban', group_by: 'state' }, filters: { priority: ['high'] } });
      expect(patched.statusCode).toBe(201);
      expect(patched.json()).toMatchObject({ display_filters: { layout: 'kanban', group_by: 'state', order_by: 'sort_order' }, filters: { priority: ['high'] } });
      expect((await send('GET', url, team.guest)).json().display_filters.layout).toBe('kanban');
      expect((await send('GET', url, team.owner)).json().display_filters.layout).toBe('list');
      expect(first.json()).toHaveProperty('deleted_at', null);
    }
  });

  test('unknown cycle or module is 404, outsiders 403, anonymous 401, bad body 400', async () => {
    expect((await send('GET', `${base()}/cycles/00000000-0000-4000-8000-000000000000/user-properties/`)).statusCode).toBe(404);
    expect((await send('GET', `${base()}/modules/not-a-uuid/user-properties/`)).statusCode).toBe(404);
    expect((await send('GET', `${base()}/cycles/${cycleId}/user-properties/`, team.outsider)).statusCode).toBe(403);
    expect((await send('GET', `${base()}/cycles/${cycleId}/user-properties/`, null)).statusCode).toBe(401);
    const bad = await send('PATCH', `${base()}/cycles/${cycleId}/user-properties/`, team.owner, { filters: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('filters');
    const huge = await send('PATCH', `${base()}/modules/${moduleId}/user-properties/`, team.owner, { filters: { x: 'y'.repeat(100_000) } });
    expect(huge.statusCode).toBe(400);
  });
});

describe('workspace user-properties', () => {
  test('global view defaults are spreadsheet and -created_at, not wrapped', async () => {
    const url = `/api/workspaces/${team.workspace.slug}/user-properties/`;
    const body = (await send('GET', url)).json();
    expect(body.display_filters).toMatchObject({ layout: 'spreadsheet', order_by: '-created_at' });
    expect(body.deleted_at).toBeNull();
    const patched = await send('PATCH', url, team.owner, { display_properties: { key: false } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().display_properties).toMatchObject({ key: false, labels: true });
    expect((await send('GET', url, team.outsider)).statusCode).toBe(200);
    expect((await send('GET', url, null)).statusCode).toBe(401);
  });
});

describe('issue-display-properties', () => {
  test('reads and writes the display_properties of the project user-properties', async () => {
    const url = `${base()}/issue-display-properties/`;
    const first = await send('GET', url, team.guest);
    expect(first.statusCode).toBe(200);
    expect(first.json().properties).toMatchObject({ assignee: true, issue_type: true });
    const saved = await send('POST', url, team.guest, { properties: { assignee: false } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().properties).toMatchObject({ assignee: false, labels: true });
    expect(Object.keys(saved.json()).sort()).toEqual(
      ['id', 'user', 'project', 'workspace', 'properties', 'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by'].sort(),
    );
    const props = (await send('GET', `${base()}/user-properties/`, team.guest)).json();
    expect(props.display_properties.assignee).toBe(false);
    expect((await send('POST', url, team.guest, { properties: 'x' })).statusCode).toBe(400);
    expect((await send('POST', url, team.guest, {})).statusCode).toBe(400);
    expect((await send('GET', url, team.outsider)).statusCode).toBe(403);
  });
});
