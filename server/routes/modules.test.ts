// Module REST endpoints (reference §3, spec §4/§5/§7 Modules): CRUD with status, lead, members and
// dates; module issues (many-to-many, `issues/{id}/modules/`); links with spec §5 filtering; counts
// and points; archive/restore, the archived list, delete (admin or creator), favorites and the
// workspace list. Every error in the contract's format, and every write recorded in the change log.
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, estimatePoints, estimates, states } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';
import { buildProject } from '../../tests/support/factories';
import { linkFilterKey, linkMatches } from '../services/planning/module-link';

const world = useWorld();
const { call } = world;

type Module = {
  id: string;
  name: string;
  status: string;
  lead_id: string | null;
  member_ids: string[];
  start_date: string | null;
  target_date: string | null;
  is_favorite?: boolean;
  total_issues: number;
  completed_issues: number;
  started_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  cancelled_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  archived_at: string | null;
  version: number;
};

let counter = 0;
async function createModule(body: Record<string, unknown> = {}, caller: CallerName = 'member'): Promise<Module> {
  const response = await call(caller, 'POST', 'modules/', { name: `Module ${++counter}`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createIssue(body: Record<string, unknown> = {}) {
  const response = await call('member', 'POST', 'issues/', { name: `Issue ${++counter}`, ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; module_ids: string[] };
}

async function moduleChanges(moduleId: string) {
  return world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'module'), eq(changes.entityId, moduleId))).orderBy(changes.id);
}

describe('create, read, update', () => {
  test('a member creates a module with status, lead, members and dates; the change is recorded', async () => {
    const module = await createModule({ name: 'Billing', status: 'in-progress', lead_id: world.member.id, member_ids: [world.member.id, world.admin.id], start_date: '2026-01-01', target_date: '2026-02-01' });
    expect(module).toMatchObject({ name: 'Billing', status: 'in-progress', lead_id: world.member.id, start_date: '2026-01-01', target_date: '2026-02-01', is_favorite: false, total_issues: 0, archived_at: null });
    expect(module.member_ids).toEqual([world.member.id, world.admin.id].sort());
    const [event] = await moduleChanges(module.id);
    expect(event).toMatchObject({ op: 'create', projectId: world.project.id });
    expect(event.data).not.toHaveProperty('is_favorite');
    const detail = await call('member', 'GET', `modules/${module.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: module.id, link_module: [], sub_issues: 0, backlog_estimate_points: 0 });
  });

  test('status defaults to planned; new modules sort first', async () => {
    const first = await createModule();
    const second = await createModule();
    expect(first.status).toBe('planned');
    const list = (await call('member', 'GET', 'modules/')).json() as Array<Module & { sort_order: number }>;
    const [a, b] = [list.find((m) => m.id === first.id)!, list.find((m) => m.id === second.id)!];
    expect(b.sort_order).toBeLessThan(a.sort_order);
  });

  test('duplicate name, start after target, unknown status, unknown lead → 400 and nothing created', async () => {
    await createModule({ name: 'Unique name' });
    const before = (await call('member', 'GET', 'modules/')).json().length;
    expect((await call('member', 'POST', 'modules/', { name: 'Unique name' })).json()).toEqual({ error: 'Module with this name already exists' });
    const dates = await call('member', 'POST', 'modules/', { name: 'Dates', start_date: '2026-03-02', target_date: '2026-03-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toEqual({ non_field_errors: ['Start date cannot exceed target date'] });
    expect((await call('member', 'POST', 'modules/', { name: 'S', status: 'done' })).json()).toHaveProperty('status');
    expect((await call('member', 'POST', 'modules/', { name: 'L', lead_id: world.outsider.id })).json()).toEqual({ lead_id: ['The lead must be a member of the project.'] });
    expect((await call('member', 'POST', 'modules/', { name: 'M', member_ids: ['nope'] })).statusCode).toBe(400);
    expect((await call('member', 'POST', 'modules/', { name: '' })).json()).toHaveProperty('name');
    expect((await call('member', 'GET', 'modules/')).json().length).toBe(before);
  });

  test('guests list modules but cannot open or create one; outsiders 403; anonymous 401; unknown ids 404', async () => {
    expect((await call('guest', 'POST', 'modules/', { name: 'x' })).statusCode).toBe(403);
    expect((await call('guest', 'GET', 'modules/')).statusCode).toBe(200);
    // The detail and the module's issue list are Member+ (work-items §3); the archived detail and links any member.
    const module = await createModule();
    expect((await call('guest', 'GET', `modules/${module.id}/`)).json()).toEqual({ error: "You don't have the required permissions." });
    expect((await call('guest', 'GET', `modules/${module.id}/issues/`)).statusCode).toBe(403);
    expect((await call('guest', 'GET', `modules/${module.id}/module-links/`)).statusCode).toBe(200);
    expect((await call('outsider', 'GET', 'modules/')).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', 'modules/')).statusCode).toBe(401);
    expect((await call('member', 'GET', 'modules/not-a-uuid/')).statusCode).toBe(404);
    expect((await call('member', 'GET', 'modules/00000000-0000-4000-8000-000000000000/')).json()).toEqual({ error: 'Module not found' });
  });

  test('PATCH changes status and replaces members; dates are checked against the stored ones; a duplicate name is refused', async () => {
    const module = await createModule({ member_ids: [world.member.id], target_date: '2026-05-01' });
    const patched = await call('member', 'PATCH', `modules/${module.id}/`, { status: 'paused', member_ids: [world.admin.id] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ status: 'paused', member_ids: [world.admin.id], version: module.version + 1 });
    const late = await call('member', 'PATCH', `modules/${module.id}/`, { start_date: '2026-06-01' });
    expect(late.json()).toEqual({ non_field_errors: ['Start date cannot exceed target date'] });
    const other = await createModule();
    expect((await call('member', 'PATCH', `modules/${module.id}/`, { name: other.name })).json()).toEqual({ error: 'Module with this name already exists' });
    expect((await call('member', 'PUT', `modules/${module.id}/`, { name: 'Renamed by PUT' })).json().name).toBe('Renamed by PUT');
    expect((await call('guest', 'PATCH', `modules/${module.id}/`, { status: 'backlog' })).statusCode).toBe(403);
    expect((await moduleChanges(module.id)).map((event) => event.op)).toEqual(['create', 'update', 'update']);
  });

  test('PATCH member_ids_add / member_ids_remove change the members by intent, merged with the stored set', async () => {
    const module = await createModule({ member_ids: [world.member.id] });
    // Two people act on what they saw: one adds the admin, the other removes the member; both stay.
    expect((await call('member', 'PATCH', `modules/${module.id}/`, { member_ids_add: [world.admin.id] })).json().member_ids.sort()).toEqual([world.member.id, world.admin.id].sort());
    const removed = await call('member', 'PATCH', `modules/${module.id}/`, { member_ids_remove: [world.member.id], lead_id: world.admin.id });
    expect(removed.json()).toMatchObject({ member_ids: [world.admin.id], lead_id: world.admin.id });
    expect((await call('member', 'PATCH', `modules/${module.id}/`, { member_ids_add: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(400);
    const events = await moduleChanges(module.id);
    expect((events.at(-1)!.data as { member_ids: string[] }).member_ids).toEqual([world.admin.id]);
  });
});

describe('module issues', () => {
  test('adding issues counts them per state group and in points; an issue may be in many modules', async () => {
    const [estimate] = await world.server.database.db
      .insert(estimates)
      .values({ name: 'Points', type: 'points', projectId: world.project.id, workspaceId: world.workspace.id })
      .returning();
    const [three] = await world.server.database.db.insert(estimatePoints).values({ estimateId: estimate.id, key: 1, value: '3', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
    const projectStates = await world.server.database.db.select().from(states).where(eq(states.projectId, world.project.id));
    const done = projectStates.find((state) => state.group === 'completed')!;
    const started = projectStates.find((state) => state.group === 'started')!;
    const a = await createIssue({ state_id: done.id, estimate_point: three.id });
    const b = await createIssue({ state_id: started.id, estimate_point: three.id });
    const c = await createIssue();
    const module = await createModule();
    const other = await createModule();
    const added = await call('member', 'POST', `modules/${module.id}/issues/`, { issues: [a.id, b.id, c.id] });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ message: 'success' });
    // Adding again is ignored; the issue joins a second module too.
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, { issues: [a.id] })).statusCode).toBe(201);
    expect((await call('member', 'POST', `modules/${other.id}/issues/`, { issues: [a.id] })).statusCode).toBe(201);
    const detail = (await call('member', 'GET', `modules/${module.id}/`)).json();
    expect(detail).toMatchObject({ total_issues: 3, completed_issues: 1, started_issues: 1, total_estimate_points: 6, completed_estimate_points: 3 });
    expect(detail.backlog_issues + detail.unstarted_issues).toBe(1);
    const issue = (await call('member', 'GET', `issues/${a.id}/`)).json();
    expect(issue.module_ids).toEqual([module.id, other.id].sort());
    const list = await call('member', 'GET', `modules/${module.id}/issues/`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-sync-cursor']).toBeDefined();
    expect(list.json().total_count).toBe(3);
    const grouped = (await call('member', 'GET', `modules/${module.id}/issues/?group_by=state__group`)).json();
    expect(grouped.grouped_by).toBe('state__group');
    expect(grouped.total_count).toBe(3);
    const issueEvents = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'issue'), eq(changes.entityId, c.id), eq(changes.op, 'update')));
    expect((issueEvents.at(-1)!.data as { module_ids: string[] }).module_ids).toEqual([module.id]);
  });

  test('errors: no issues, unknown issues, guests, bad list parameters', async () => {
    const module = await createModule();
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, { issues: [] })).json()).toEqual({ error: 'Issues are required' });
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, {})).json()).toEqual({ error: 'Issues are required' });
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, { issues: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(400);
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, { issues: 'x' })).statusCode).toBe(400);
    const issue = await createIssue();
    expect((await call('guest', 'POST', `modules/${module.id}/issues/`, { issues: [issue.id] })).statusCode).toBe(403);
    expect((await call('member', 'GET', `modules/${module.id}/issues/?group_by=nonsense`)).statusCode).toBe(400);
    expect((await call('member', 'GET', `modules/${module.id}/issues/?cursor=bad`)).statusCode).toBe(400);
    expect((await call('member', 'DELETE', `modules/${module.id}/issues/${issue.id}/`)).statusCode).toBe(404);
    expect((await call('member', 'GET', `modules/${module.id}/`)).json().total_issues).toBe(0);
  });

  test('issues/{id}/modules/ adds and removes in one call; DELETE takes an issue out', async () => {
    const [one, two, three] = [await createModule(), await createModule(), await createModule()];
    const issue = await createIssue();
    expect((await call('member', 'POST', `issues/${issue.id}/modules/`, { modules: [one.id, two.id] })).statusCode).toBe(201);
    const swap = await call('member', 'POST', `issues/${issue.id}/modules/`, { modules: [three.id], removed_modules: [one.id] });
    expect(swap.json()).toEqual({ message: 'success' });
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().module_ids).toEqual([two.id, three.id].sort());
    expect((await call('member', 'GET', `modules/${one.id}/`)).json().total_issues).toBe(0);
    expect((await call('member', 'DELETE', `modules/${two.id}/issues/${issue.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().module_ids).toEqual([three.id]);
    expect((await call('member', 'POST', `issues/${issue.id}/modules/`, { modules: ['00000000-0000-4000-8000-000000000000'] })).json()).toEqual({ error: 'Modules are not valid please pass valid module_ids' });
    const history = (await call('member', 'GET', `issues/${issue.id}/history/`)).json() as Array<{ field: string | null; verb: string }>;
    expect(history.filter((entry) => entry.field === 'modules').map((entry) => entry.verb)).toEqual(['created', 'created', 'created', 'deleted', 'deleted']);
  });
});

describe('links', () => {
  test('filter key strips every non-alphanumeric character (spec §5)', () => {
    expect(linkFilterKey('GitHub PR #12!')).toBe('githubpr12');
    expect(linkMatches({ title: 'Design doc (v2)', url: 'https://x.test/a' }, 'design-doc v2')).toBe(true);
    expect(linkMatches({ title: null, url: 'https://x.test/a' }, 'nothing')).toBe(false);
  });

  test('create, duplicate, search, edit, delete; the detail embeds the links', async () => {
    const module = await createModule();
    const created = await call('member', 'POST', `modules/${module.id}/module-links/`, { url: 'example.com/spec', title: 'Spec: v1' });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ url: 'http://example.com/spec', title: 'Spec: v1', module: module.id });
    expect((await call('member', 'POST', `modules/${module.id}/module-links/`, { url: 'http://example.com/spec' })).json()).toEqual({ error: 'URL already exists.' });
    expect((await call('member', 'POST', `modules/${module.id}/module-links/`, { url: 'javascript:alert(1)' })).json()).toEqual({ error: 'Invalid URL format.' });
    await call('member', 'POST', `modules/${module.id}/module-links/`, { url: 'https://other.test', title: 'Board' });
    expect((await call('guest', 'GET', `modules/${module.id}/module-links/?search=spec%20v1`)).json().map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await call('member', 'GET', `modules/${module.id}/module-links/`)).json()).toHaveLength(2);
    expect((await call('member', 'GET', `modules/${module.id}/module-links/${link.id}/`)).json().id).toBe(link.id);
    expect((await call('member', 'PATCH', `modules/${module.id}/module-links/${link.id}/`, { title: 'Renamed' })).json()).toMatchObject({ title: 'Renamed' });
    expect((await call('guest', 'POST', `modules/${module.id}/module-links/`, { url: 'a.test' })).statusCode).toBe(403);
    expect((await call('member', 'GET', `modules/${module.id}/`)).json().link_module).toHaveLength(2);
    expect((await call('member', 'DELETE', `modules/${module.id}/module-links/${link.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `modules/${module.id}/module-links/${link.id}/`)).statusCode).toBe(404);
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entity, 'module_link'), eq(changes.entityId, link.id))).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create', 'update', 'delete']);
  });
});

describe('archive, restore, delete, favorites, workspace list', () => {
  test('only completed or cancelled modules archive; archived ones are listed apart and cannot be updated; restore brings them back', async () => {
    const module = await createModule();
    expect((await call('member', 'POST', `user-favorite-modules/`, { module: module.id })).statusCode).toBe(204);
    expect((await call('member', 'POST', `modules/${module.id}/archive/`)).json()).toEqual({ error: 'Only completed or cancelled modules can be archived' });
    await call('member', 'PATCH', `modules/${module.id}/`, { status: 'completed' });
    const archived = await call('member', 'POST', `modules/${module.id}/archive/`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await call('member', 'GET', 'modules/')).json().some((m: Module) => m.id === module.id)).toBe(false);
    expect((await call('member', 'GET', 'archived-modules/')).json().map((m: Module) => m.id)).toContain(module.id);
    expect((await call('member', 'GET', `archived-modules/${module.id}/`)).json()).toMatchObject({ id: module.id, is_favorite: false });
    expect((await call('member', 'GET', `modules/${module.id}/`)).statusCode).toBe(404);
    expect((await call('member', 'PATCH', `modules/${module.id}/`, { name: 'x' })).json()).toEqual({ error: 'Archived module cannot be updated' });
    const issue = await createIssue();
    expect((await call('member', 'POST', `modules/${module.id}/issues/`, { issues: [issue.id] })).json()).toEqual({ error: 'Archived module cannot be updated' });
    const favorites = (await world.server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/user-favorites/`, headers: world.headers.member })).json();
    expect(favorites.some((f: { entity_identifier: string }) => f.entity_identifier === module.id)).toBe(false);
    expect((await call('member', 'DELETE', `modules/${module.id}/archive/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `modules/${module.id}/`)).json().archived_at).toBeNull();
    expect((await call('member', 'GET', `archived-modules/${module.id}/`)).statusCode).toBe(404);
  });

  test('favorites come first and carry is_favorite; guests may not favorite', async () => {
    const module = await createModule();
    expect((await call('guest', 'POST', 'user-favorite-modules/', { module: module.id })).statusCode).toBe(403);
    expect((await call('member', 'POST', 'user-favorite-modules/', { module: module.id })).statusCode).toBe(204);
    expect((await call('member', 'POST', 'user-favorite-modules/', { module: module.id })).statusCode).toBe(204);
    const list = (await call('member', 'GET', 'modules/')).json() as Module[];
    expect(list[0]).toMatchObject({ id: module.id, is_favorite: true });
    expect((await call('admin', 'GET', `modules/${module.id}/`)).json().is_favorite).toBe(false);
    expect((await call('member', 'DELETE', `user-favorite-modules/${module.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `modules/${module.id}/`)).json().is_favorite).toBe(false);
    expect((await call('member', 'POST', 'user-favorite-modules/', { module: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  test('delete: the creator or an admin; others 403; the issues leave the module', async () => {
    const module = await createModule({}, 'admin');
    const issue = await createIssue();
    await call('member', 'POST', `modules/${module.id}/issues/`, { issues: [issue.id] });
    expect((await call('member', 'DELETE', `modules/${module.id}/`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `modules/${module.id}/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `modules/${module.id}/`)).statusCode).toBe(404);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().module_ids).toEqual([]);
    const own = await createModule();
    expect((await call('member', 'DELETE', `modules/${own.id}/`)).statusCode).toBe(204);
    expect((await moduleChanges(own.id)).at(-1)).toMatchObject({ op: 'delete', data: { id: own.id } });
    // The name is free again once deleted.
    expect((await call('member', 'POST', 'modules/', { name: own.name })).statusCode).toBe(201);
  });

  test('workspace modules/ lists live modules of the caller\'s projects only', async () => {
    const elsewhere = await buildProject(world.server, world.workspace, world.admin);
    const hidden = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${elsewhere.id}/modules/`, headers: world.headers.admin, payload: { name: 'Admin only' } });
    expect(hidden.statusCode).toBe(201);
    const mine = await createModule();
    const url = `/api/workspaces/${world.workspace.slug}/modules/`;
    const forMember = (await world.server.inject({ method: 'GET', url, headers: world.headers.member })).json() as Module[];
    expect(forMember.map((m) => m.id)).toContain(mine.id);
    expect(forMember.map((m) => m.id)).not.toContain(hidden.json().id);
    const forAdmin = (await world.server.inject({ method: 'GET', url, headers: world.headers.admin })).json() as Module[];
    expect(forAdmin.map((m) => m.id)).toContain(hidden.json().id);
    expect((await world.server.inject({ method: 'GET', url, headers: world.headers.outsider })).statusCode).toBe(403);
  });
});
