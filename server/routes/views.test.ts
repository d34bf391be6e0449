// Saved view REST endpoints (reference §4, API.md "Views", spec §4): project and global views with
// filters, display filters and display properties; owner-only updates; lock blocks PATCH; private
// views hidden from others; delete by owner or admin; favorites; a view's issue list runs the list
// engine with its filters. Errors in the contract's format, writes in the change log.
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';
import { ViewAccess } from '../../shared/visibility';

const world = useWorld();

type View = { id: string; name: string; access: number; is_locked: boolean; is_favorite?: boolean; owned_by: string; project: string | null; filters: Record<string, unknown>; display_filters: Record<string, unknown>; display_properties: Record<string, unknown>; version: number };
type Level = 'project' | 'workspace';

/** `world.call` at the project's URL, or the workspace's for workspace-level views. */
function call(caller: CallerName, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, level: Level = 'project') {
  return world.call(caller, method, `${level === 'project' ? world.projectUrl : world.workspaceUrl}/${url}`, payload);
}

let counter = 0;
async function createView(body: Record<string, unknown> = {}, caller: CallerName = 'member', level: Level = 'project'): Promise<View> {
  const response = await call(caller, 'POST', 'views/', { name: `View ${++counter}`, ...body }, level);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createIssue(body: Record<string, unknown> = {}) {
  const response = await call('member', 'POST', 'issues/', { name: `Issue ${++counter}`, ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

for (const level of ['project', 'workspace'] as const) {
  describe(`${level} views`, () => {
    test('create with filters, display filters and display properties; owner is the caller; the change is recorded', async () => {
      const view = await createView({ filters: { priority: ['urgent'] }, display_filters: { layout: 'spreadsheet', order_by: '-created_at' }, display_properties: { key: true, labels: false } }, 'member', level);
      expect(view).toMatchObject({ owned_by: world.member.id, access: ViewAccess.PUBLIC, is_locked: false, is_favorite: false, project: level === 'project' ? world.project.id : null, filters: { priority: ['urgent'] } });
      expect(view.display_properties).toEqual({ key: true, labels: false });
      const [event] = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'view'), eq(changes.entityId, view.id)));
      expect(event).toMatchObject({ op: 'create', projectId: level === 'project' ? world.project.id : null });
      expect((await call('admin', 'GET', `views/${view.id}/`, undefined, level)).json().id).toBe(view.id);
    });

    test('bad input and filters the list engine refuses → 400, nothing created', async () => {
      const before = (await call('member', 'GET', 'views/', undefined, level)).json().length;
      expect((await call('member', 'POST', 'views/', { name: '' }, level)).json()).toHaveProperty('name');
      expect((await call('member', 'POST', 'views/', { name: 'x', filters: 'nope' }, level)).json()).toHaveProperty('filters');
      expect((await call('member', 'POST', 'views/', { name: 'x', access: 3 }, level)).json()).toHaveProperty('access');
      expect((await call('member', 'POST', 'views/', { name: 'x', display_filters: { order_by: 'bogus' } }, level)).statusCode).toBe(400);
      expect((await call('member', 'POST', 'views/', { name: 'x', rich_filters: { nonsense_field: 1 } }, level)).statusCode).toBe(400);
      expect((await call('member', 'GET', 'views/not-a-uuid/', undefined, level)).statusCode).toBe(404);
      expect((await call('member', 'GET', 'views/00000000-0000-4000-8000-000000000000/', undefined, level)).json()).toEqual({ error: 'View not found' });
      expect((await call('member', 'GET', 'views/', undefined, level)).json().length).toBe(before);
    });

    test('only the owner updates; a lock blocks PATCH until unlocked; lock is the owner\'s', async () => {
      const view = await createView({}, 'member', level);
      expect((await call('admin', 'PATCH', `views/${view.id}/`, { name: 'Taken' }, level)).json()).toEqual({ error: 'Only the owner of the view can update the view' });
      const renamed = await call('member', 'PATCH', `views/${view.id}/`, { name: 'Renamed', filters: { state_group: ['started'] } }, level);
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Renamed', filters: { state_group: ['started'] }, version: view.version + 1 });
      expect((await call('admin', 'POST', `views/${view.id}/lock/`, undefined, level)).statusCode).toBe(403);
      expect((await call('member', 'POST', `views/${view.id}/lock/`, undefined, level)).statusCode).toBe(204);
      expect((await call('member', 'GET', `views/${view.id}/`, undefined, level)).json().is_locked).toBe(true);
      expect((await call('member', 'PATCH', `views/${view.id}/`, { name: 'Blocked' }, level)).json()).toEqual({ error: 'view is locked' });
      expect((await call('member', 'DELETE', `views/${view.id}/lock/`, undefined, level)).statusCode).toBe(204);
      expect((await call('member', 'PATCH', `views/${view.id}/`, { name: 'Free again' }, level)).json().name).toBe('Free again');
    });

    test('a private view is hidden from everyone but its owner; access is the owner\'s to change', async () => {
      const view = await createView({}, 'member', level);
      expect((await call('admin', 'POST', `views/${view.id}/access/`, { access: ViewAccess.PRIVATE }, level)).json()).toEqual({ error: 'Access cannot be updated since this view is owned by someone else' });
      expect((await call('member', 'POST', `views/${view.id}/access/`, { access: ViewAccess.PRIVATE }, level)).statusCode).toBe(204);
      expect((await call('admin', 'GET', 'views/', undefined, level)).json().some((v: View) => v.id === view.id)).toBe(false);
      expect((await call('admin', 'GET', `views/${view.id}/`, undefined, level)).statusCode).toBe(404);
      expect((await call('member', 'GET', 'views/', undefined, level)).json().some((v: View) => v.id === view.id)).toBe(true);
      expect((await call('member', 'POST', `views/${view.id}/access/`, { access: 7 }, level)).statusCode).toBe(400);
      const secret = await createView({ access: ViewAccess.PRIVATE }, 'admin', level);
      expect((await call('member', 'GET', `views/${secret.id}/issues/`, undefined, level)).statusCode).toBe(404);
    });

    test('guests see only their own views and cannot create; delete is for the owner or an admin', async () => {
      const view = await createView({}, 'member', level);
      expect((await call('guest', 'POST', 'views/', { name: 'g' }, level)).statusCode).toBe(403);
      expect((await call('guest', 'GET', 'views/', undefined, level)).json()).toEqual([]);
      expect((await call('guest', 'GET', `views/${view.id}/`, undefined, level)).statusCode).toBe(403);
      expect((await call('outsider', 'GET', 'views/', undefined, level)).statusCode).toBe(403);
      expect((await call('anonymous', 'GET', 'views/', undefined, level)).statusCode).toBe(401);
      const other = await createView({}, 'admin', level);
      expect((await call('member', 'DELETE', `views/${other.id}/`, undefined, level)).json()).toEqual({ error: 'Only admin or owner can delete the view' });
      expect((await call('admin', 'DELETE', `views/${view.id}/`, undefined, level)).statusCode).toBe(204);
      expect((await call('member', 'GET', `views/${view.id}/`, undefined, level)).statusCode).toBe(404);
      const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'view'), eq(changes.entityId, view.id))).orderBy(changes.id);
      expect(events.at(-1)).toMatchObject({ op: 'delete', data: { id: view.id } });
    });

    test('a view\'s issue list is the list engine with its filters', async () => {
      const urgent = await createIssue({ priority: 'urgent' });
      const low = await createIssue({ priority: 'low' });
      const view = await createView({ filters: { priority: ['urgent'] }, display_filters: { order_by: '-created_at' } }, 'member', level);
      const list = await call('member', 'GET', `views/${view.id}/issues/`, undefined, level);
      expect(list.statusCode).toBe(200);
      const ids = (list.json().results as Array<{ id: string }>).map((issue) => issue.id);
      expect(ids).toContain(urgent.id);
      expect(ids).not.toContain(low.id);
      expect(list.headers['x-sync-cursor']).toBeDefined();
      // Request filters narrow further.
      const narrowed = (await call('member', 'GET', `views/${view.id}/issues/?priority=low`, undefined, level)).json();
      expect(narrowed.total_count).toBe(0);
      if (level === 'workspace') {
        const same = (await world.server.inject({ method: 'GET', url: `${world.workspaceUrl}/issues/?global_view_id=${view.id}`, headers: world.headers.member })).json();
        expect(same.total_count).toBe(list.json().total_count);
      } else {
        const grouped = (await call('member', 'GET', `views/${view.id}/issues/?group_by=priority`, undefined, level)).json();
        expect(grouped.grouped_by).toBe('priority');
      }
    });
  });
}

describe('favorites', () => {
  test('project views: user-favorite-views/ adds and removes; favorites list first; guests 403', async () => {
    const view = await createView({ name: 'zzz last by name' });
    expect((await call('guest', 'POST', 'user-favorite-views/', { view: view.id })).statusCode).toBe(403);
    expect((await call('member', 'POST', 'user-favorite-views/', { view: view.id })).statusCode).toBe(204);
    const list = (await call('member', 'GET', 'views/')).json() as View[];
    expect(list[0]).toMatchObject({ id: view.id, is_favorite: true });
    expect((await call('member', 'DELETE', `user-favorite-views/${view.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `views/${view.id}/`)).json().is_favorite).toBe(false);
  });

  test('global views favorite through user-favorites; deleting the view removes the favorite', async () => {
    const view = await createView({}, 'member', 'workspace');
    const favorite = await world.server.inject({ method: 'POST', url: `${world.workspaceUrl}/user-favorites/`, headers: world.headers.member, payload: { entity_type: 'view', entity_identifier: view.id } });
    expect(favorite.statusCode).toBeLessThan(300);
    expect((await call('member', 'GET', `views/${view.id}/`, undefined, 'workspace')).json().is_favorite).toBe(true);
    expect((await call('member', 'DELETE', `views/${view.id}/`, undefined, 'workspace')).statusCode).toBe(204);
    const favorites = (await world.server.inject({ method: 'GET', url: `${world.workspaceUrl}/user-favorites/`, headers: world.headers.member })).json();
    expect(favorites.some((f: { entity_identifier: string }) => f.entity_identifier === view.id)).toBe(false);
  });

  test('list order_by and its bad value', async () => {
    expect((await call('member', 'GET', 'views/?order_by=-updated_at')).statusCode).toBe(200);
    expect((await call('member', 'GET', 'views/?order_by=bogus')).statusCode).toBe(400);
  });
});
