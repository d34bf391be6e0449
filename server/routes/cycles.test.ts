import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, favorites } from '../../db/schema/index';
import { addDays, todayIn } from '../../shared/calendar-day';
import { buildProject, type TestProject, type TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { Visibility } from '../live/permissions';

describe('cycles', () => {
  const team = useTeam({ member: { workspace: 15, project: 15 }, other: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 }, outsider: {} });
  let base: string;
  const today = todayIn('UTC');

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    team.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const create = async (name: string, start: string | null, end: string | null, user = team.member) => {
    const response = await call(user, 'POST', `${base}/cycles/`, { name, start_date: start, end_date: end });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const newIssue = async (name: string, state: keyof TestProject['states'] = 'backlog') => {
    const response = await call(team.member, 'POST', `${base}/issues/`, { name, state_id: team.project.states[state], assignee_ids: [team.member.id] });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const issueCycle = async (issueId: string) => (await call(team.member, 'GET', `${base}/issues/${issueId}/`)).json().cycle_id;

  let current: { id: string };
  let upcoming: { id: string };
  let completed: { id: string };
  let draft: { id: string };

  beforeAll(async () => {
    base = `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}`;
  });

  test('create: statuses from the dates, both-or-none dates, start after end, guests refused', async () => {
    draft = await create('Draft one', null, null);
    expect(draft).toMatchObject({ status: 'draft', start_date: null, end_date: null, total_issues: 0, is_favorite: false, version: 1, owned_by_id: team.member.id });
    current = await create('Sprint 1', addDays(today, -3), addDays(today, 4));
    expect(current).toMatchObject({ status: 'current' });
    upcoming = await create('Sprint 2', addDays(today, 10), addDays(today, 17));
    expect(upcoming).toMatchObject({ status: 'upcoming' });
    completed = await create('Sprint 0', addDays(today, -20), addDays(today, -10));
    expect(completed).toMatchObject({ status: 'completed' });

    const oneDate = await call(team.member, 'POST', `${base}/cycles/`, { name: 'x', start_date: today });
    expect(oneDate.statusCode).toBe(400);
    expect(oneDate.json()).toEqual({ error: 'Both start date and end date are either required or are to be null' });
    const reversed = await call(team.member, 'POST', `${base}/cycles/`, { name: 'x', start_date: addDays(today, 2), end_date: today });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ non_field_errors: ['Start date cannot exceed end date'] });
    expect((await call(team.member, 'POST', `${base}/cycles/`, { name: 'x', start_date: 'not-a-day', end_date: today })).statusCode).toBe(400);
    expect((await call(team.guest, 'POST', `${base}/cycles/`, { name: 'Guest cycle' })).statusCode).toBe(403);
    expect((await call(team.outsider, 'GET', `${base}/cycles/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/cycles/`)).statusCode).toBe(401);
    // Only the four valid ones exist.
    expect((await call(team.guest, 'GET', `${base}/cycles/`)).json()).toHaveLength(4);
  });

  test('list order (current, upcoming, draft, completed) and cycle_view filters', async () => {
    const names = (await call(team.member, 'GET', `${base}/cycles/`)).json().map((cycle: { name: string }) => cycle.name);
    expect(names).toEqual(['Sprint 1', 'Sprint 2', 'Draft one', 'Sprint 0']);
    const only = async (view: string) => (await call(team.member, 'GET', `${base}/cycles/?cycle_view=${view}`)).json().map((cycle: { id: string }) => cycle.id);
    expect(await only('current')).toEqual([current.id]);
    expect(await only('upcoming')).toEqual([upcoming.id]);
    expect(await only('completed')).toEqual([completed.id]);
    expect(await only('draft')).toEqual([draft.id]);
    expect(await only('incomplete')).toEqual([current.id, upcoming.id, draft.id]);
    expect((await call(team.member, 'GET', `${base}/cycles/?cycle_view=bogus`)).statusCode).toBe(400);
    // Quirk fixed: no current cycle → [] (another project has none).
    const empty = await buildProject(team.server, team.workspace, team.owner);
    expect((await call(team.owner, 'GET', `/api/workspaces/${team.workspace.slug}/projects/${empty.id}/cycles/?cycle_view=current`)).json()).toEqual([]);
  });

  test('detail is Member+; 404 for an unknown or malformed cycle', async () => {
    const detail = await call(team.member, 'GET', `${base}/cycles/${current.id}/`);
    expect(detail.json()).toMatchObject({ id: current.id, sub_issues: 0 });
    expect((await call(team.guest, 'GET', `${base}/cycles/${current.id}/`)).statusCode).toBe(403);
    expect((await call(team.member, 'GET', `${base}/cycles/00000000-0000-4000-8000-000000000000/`)).json()).toEqual({ error: 'Cycle not found' });
    expect((await call(team.member, 'GET', `${base}/cycles/not-a-uuid/`)).statusCode).toBe(404);
  });

  test('date-check reports overlaps, excludes the cycle itself, refuses a missing date', async () => {
    const check = (body: object) => call(team.member, 'POST', `${base}/cycles/date-check/`, body);
    const overlap = await check({ start_date: today, end_date: addDays(today, 1) });
    expect(overlap.json()).toMatchObject({ status: false });
    expect(overlap.json().error).toContain('You have a cycle already on the given dates');
    expect((await check({ start_date: addDays(today, 5), end_date: addDays(today, 8) })).json()).toEqual({ status: true });
    expect((await check({ start_date: addDays(today, -3), end_date: addDays(today, 4), cycle_id: current.id })).json()).toEqual({ status: true });
    const missing = await check({ start_date: today });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Start date and end date both are required' });
    expect((await call(team.guest, 'POST', `${base}/cycles/date-check/`, { start_date: today, end_date: today })).statusCode).toBe(403);
  });

  test('cycle-issues: add, move between cycles, remove; completed cycles take none; list leaves its own cycle filter out', async () => {
    const a = await newIssue('A');
    const b = await newIssue('B', 'started');
    const c = await newIssue('C', 'completed');
    const add = (cycleId: string, issues: unknown) => call(team.member, 'POST', `${base}/cycles/${cycleId}/cycle-issues/`, { issues });
    const added = await add(current.id, [a, b, c]);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ message: 'success' });
    expect(await issueCycle(a)).toBe(current.id);
    expect((await add(current.id, [])).json()).toEqual({ error: 'Issues are required' });
    expect((await add(completed.id, [a])).json()).toEqual({ error: 'The Cycle has already been completed so no new issues can be added' });
    expect((await add(current.id, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(400);
    expect((await call(team.guest, 'POST', `${base}/cycles/${current.id}/cycle-issues/`, { issues: [a] })).statusCode).toBe(403);

    const list = await call(team.member, 'GET', `${base}/cycles/${current.id}/cycle-issues/?cycle=${upcoming.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().total_count).toBe(3);
    const grouped = await call(team.member, 'GET', `${base}/cycles/${current.id}/cycle-issues/?group_by=state__group`);
    expect(grouped.json().total_count).toBe(3);

    // Adding to another cycle moves the issue.
    expect((await add(upcoming.id, [a])).statusCode).toBe(201);
    expect(await issueCycle(a)).toBe(upcoming.id);
    expect((await call(team.member, 'GET', `${base}/cycles/${current.id}/`)).json().total_issues).toBe(2);
    const history = (await call(team.member, 'GET', `${base}/issues/${a}/history/`)).json();
    expect(JSON.stringify(history)).toContain('updated cycle');

    expect((await call(team.member, 'DELETE', `${base}/cycles/${upcoming.id}/cycle-issues/${a}/`)).statusCode).toBe(204);
    expect(await issueCycle(a)).toBeNull();
    expect((await call(team.member, 'DELETE', `${base}/cycles/${upcoming.id}/cycle-issues/${a}/`)).statusCode).toBe(404);
    await add(current.id, [a]);

    // The bulk operation refuses a completed cycle and moves in one go otherwise.
    const bulk = (cycleId: string | null) => call(team.member, 'POST', `${base}/bulk-operation-issues/`, { issue_ids: [a], properties: { cycle_id: cycleId } });
    expect((await bulk(completed.id)).statusCode).toBe(400);
    expect((await bulk(upcoming.id)).statusCode).toBe(204);
    expect(await issueCycle(a)).toBe(upcoming.id);
    expect((await bulk(current.id)).statusCode).toBe(204);
    expect(await issueCycle(a)).toBe(current.id);
  });

  test('progress and analytics: counts per state group, burndown per day, distributions', async () => {
    const progress = (await call(team.guest, 'GET', `${base}/cycles/${current.id}/progress/`)).json();
    expect(progress).toMatchObject({ total_issues: 3, backlog_issues: 1, started_issues: 1, completed_issues: 1, cancelled_issues: 0, unstarted_issues: 0, total_estimate_points: 0 });
    // Spec §7 also names the path `cycle-progress/`: the same numbers, the same permission.
    const alias = await call(team.guest, 'GET', `${base}/cycles/${current.id}/cycle-progress/`);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(progress);
    const analytics = await call(team.guest, 'GET', `${base}/cycles/${current.id}/analytics/?type=issues`);
    expect(analytics.statusCode).toBe(200);
    const chart = analytics.json().completion_chart as Record<string, number | null>;
    expect(Object.keys(chart)).toHaveLength(8);
    expect(chart[addDays(today, -3)]).toBe(3);
    expect(chart[today]).toBe(2);
    expect(chart[addDays(today, 1)]).toBeNull();
    const [assignee] = analytics.json().assignees;
    expect(assignee).toMatchObject({ assignee_id: team.member.id, total_issues: 3, completed_issues: 1, pending_issues: 2 });
    // Without a type the analytics are in points (spec §7 "analytics?type (default points)").
    const byDefault = await call(team.member, 'GET', `${base}/cycles/${current.id}/analytics/`);
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json()).toEqual((await call(team.member, 'GET', `${base}/cycles/${current.id}/analytics/?type=points`)).json());
    expect((await call(team.member, 'GET', `${base}/cycles/${draft.id}/analytics/`)).json()).toEqual({ error: 'Cycle has no start or end date' });
    expect((await call(team.member, 'GET', `${base}/cycles/${current.id}/analytics/?type=bogus`)).statusCode).toBe(400);
  });

  test('update: fields, both-or-none on merge, completed cycles accept only sort_order', async () => {
    const renamed = await call(team.member, 'PATCH', `${base}/cycles/${upcoming.id}/`, { name: 'Sprint 2b' });
    expect(renamed.json()).toMatchObject({ name: 'Sprint 2b', version: expect.any(Number) });
    expect((await call(team.member, 'PATCH', `${base}/cycles/${draft.id}/`, { start_date: today })).json()).toEqual({
      error: 'Both start date and end date are either required or are to be null',
    });
    expect((await call(team.member, 'PATCH', `${base}/cycles/${completed.id}/`, { name: 'no' })).json()).toEqual({
      error: 'The Cycle has already been completed so it cannot be edited',
    });
    expect((await call(team.member, 'PATCH', `${base}/cycles/${completed.id}/`, { sort_order: 5 })).json()).toMatchObject({ sort_order: 5 });
    expect((await call(team.guest, 'PATCH', `${base}/cycles/${upcoming.id}/`, { name: 'g' })).statusCode).toBe(403);
  });

  test('transfer from the current cycle moves only unfinished issues, freezes the numbers and completes it', async () => {
    // Its own current cycle: the tests below still need `current` running.
    const sprint = await create('Sprint 1x', addDays(today, -3), addDays(today, 4));
    const issueIds = [await newIssue('T backlog'), await newIssue('T started', 'started'), await newIssue('T done', 'completed')];
    expect((await call(team.member, 'POST', `${base}/cycles/${sprint.id}/cycle-issues/`, { issues: issueIds })).statusCode).toBe(201);
    const transfer = (body: object) => call(team.member, 'POST', `${base}/cycles/${sprint.id}/transfer-issues/`, body);
    expect((await transfer({})).json()).toEqual({ error: 'New Cycle Id is required' });
    expect((await transfer({ new_cycle_id: completed.id })).json()).toEqual({ error: 'The cycle where the issues are transferred is already completed' });
    const done = await transfer({ new_cycle_id: upcoming.id });
    expect(done.json()).toEqual({ message: 'Success' });
    const moved = (await call(team.member, 'GET', `${base}/cycles/${upcoming.id}/cycle-issues/`)).json();
    expect(moved.total_count).toBe(2);
    const stayed = (await call(team.member, 'GET', `${base}/cycles/${sprint.id}/cycle-issues/`)).json();
    expect(stayed.total_count).toBe(1);

    // Completed: it ended at the transfer, takes no more issues, and its progress stays the snapshot.
    const cycle = (await call(team.member, 'GET', `${base}/cycles/${sprint.id}/`)).json();
    expect(cycle.status).toBe('completed');
    expect(new Date(cycle.end_date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(cycle.progress_snapshot).toMatchObject({ total_issues: 3, distribution: { completion_chart: expect.any(Object) } });
    const late = await call(team.member, 'POST', `${base}/cycles/${sprint.id}/cycle-issues/`, { issues: [await newIssue('Too late')] });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'The Cycle has already been completed so no new issues can be added' });
    const progress = (await call(team.member, 'GET', `${base}/cycles/${sprint.id}/progress/`)).json();
    expect(progress).toMatchObject({ total_issues: 3, completed_issues: 1, started_issues: 1, backlog_issues: 1 });
    for (const key of Object.keys(progress)) expect(progress[key]).toBe(cycle.progress_snapshot[key]);
    expect((await call(team.member, 'GET', `${base}/cycles/?cycle_view=current`)).json().map((row: { id: string }) => row.id)).toEqual([current.id]);
  });

  test('transfer from an upcoming cycle moves its unfinished issues and leaves it upcoming', async () => {
    const later = await create('Sprint 3', addDays(today, 20), addDays(today, 27));
    const done = await call(team.member, 'POST', `${base}/cycles/${upcoming.id}/transfer-issues/`, { new_cycle_id: later.id });
    expect(done.json()).toEqual({ message: 'Success' });
    expect((await call(team.member, 'GET', `${base}/cycles/${later.id}/cycle-issues/`)).json().total_count).toBe(2);
    const cycle = (await call(team.member, 'GET', `${base}/cycles/${upcoming.id}/`)).json();
    expect(cycle).toMatchObject({ status: 'upcoming', progress_snapshot: { total_issues: 2 } });
    expect(cycle.end_date.slice(0, 10)).toBe(addDays(today, 17));
    expect((await call(team.member, 'POST', `${base}/cycles/${upcoming.id}/cycle-issues/`, { issues: [await newIssue('Still open')] })).statusCode).toBe(201);
  });

  test('archive completed only, favorites removed, archived list and detail, restore', async () => {
    expect((await call(team.member, 'POST', `${base}/user-favorite-cycles/`, { cycle: completed.id })).statusCode).toBe(204);
    expect((await call(team.member, 'GET', `${base}/cycles/${completed.id}/`)).json().is_favorite).toBe(true);
    expect((await call(team.member, 'POST', `${base}/cycles/${current.id}/archive/`)).json()).toEqual({ error: 'Only completed cycles can be archived' });
    const archived = await call(team.member, 'POST', `${base}/cycles/${completed.id}/archive/`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).toEqual(expect.any(String));
    const left = await team.server.database.db.select().from(favorites).where(and(eq(favorites.entityType, 'cycle'), eq(favorites.entityIdentifier, completed.id)));
    expect(left).toHaveLength(0);
    expect((await call(team.member, 'GET', `${base}/cycles/`)).json().map((c: { id: string }) => c.id)).not.toContain(completed.id);
    expect((await call(team.member, 'GET', `${base}/archived-cycles/`)).json().map((c: { id: string }) => c.id)).toEqual([completed.id]);
    const detail = (await call(team.member, 'GET', `${base}/archived-cycles/${completed.id}/`)).json();
    expect(detail).toMatchObject({ id: completed.id, distribution: { assignees: [] }, estimate_distribution: { labels: [] } });
    expect((await call(team.member, 'GET', `${base}/archived-cycles/${current.id}/`)).statusCode).toBe(404);
    expect((await call(team.member, 'PATCH', `${base}/cycles/${completed.id}/`, { sort_order: 1 })).json()).toEqual({ error: 'Archived cycle cannot be updated' });
    expect((await call(team.guest, 'GET', `${base}/archived-cycles/`)).statusCode).toBe(403);
    expect((await call(team.member, 'DELETE', `${base}/cycles/${completed.id}/archive/`)).statusCode).toBe(204);
    expect((await call(team.member, 'GET', `${base}/cycles/`)).json().map((c: { id: string }) => c.id)).toContain(completed.id);
    expect((await call(team.member, 'DELETE', `${base}/user-favorite-cycles/${completed.id}/`)).statusCode).toBe(204);
  });

  test('workspace cycles/ and active-cycles/', async () => {
    const all = (await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/cycles/`)).json();
    expect(all.map((c: { id: string }) => c.id)).toContain(current.id);
    const active = await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/active-cycles/?per_page=10`);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ total_count: 1, results: [{ id: current.id, project_id: team.project.id, total_issues: 3, priority_issues: [] }] });
    expect((await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/active-cycles/?cursor=bad`)).statusCode).toBe(400);
    // Cycles turned off in the project's features: its current cycle leaves the workspace page too.
    expect((await call(team.owner, 'PATCH', `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/`, { cycle_view: false })).statusCode).toBe(200);
    expect((await call(team.member, 'GET', `/api/workspaces/${team.workspace.slug}/active-cycles/?per_page=10`)).json()).toMatchObject({ total_count: 0, results: [] });
    expect((await call(team.owner, 'PATCH', `/api/workspaces/${team.workspace.slug}/projects/${team.project.id}/`, { cycle_view: true })).statusCode).toBe(200);
    expect((await call(team.outsider, 'GET', `/api/workspaces/${team.workspace.slug}/cycles/`)).statusCode).toBe(403);
  });

  test('every write is in the change log; the live filter sends cycles to project members only', async () => {
    const rows = await team.server.database.db.select().from(changes).where(and(eq(changes.entity, 'cycle'), eq(changes.entityId, current.id)));
    expect(rows.length).toBeGreaterThan(3);
    const change = { ...rows[rows.length - 1], id: Number(rows[rows.length - 1].id), version: Number(rows[rows.length - 1].version) };
    const insider = new Visibility(team.guest.id, team.workspace.id, { id: 'm', role: 5 });
    insider.projects.set(team.project.id, { membershipId: 'pm', role: 5, guestViewAll: false });
    expect(insider.decide(change)).toBe('send');
    const notInProject = new Visibility(team.other.id, team.workspace.id, { id: 'm2', role: 15 });
    expect(notInProject.decide(change)).toBe('hide');
  });

  test('a move of several issues sends each its own cycle activity event, with its own issue', async () => {
    const ids = [await newIssue('M1'), await newIssue('M2'), await newIssue('M3')];
    const last = (await team.server.database.db.select({ id: changes.id }).from(changes)).reduce((max, row) => Math.max(max, Number(row.id)), 0);
    expect((await call(team.member, 'POST', `${base}/cycles/${current.id}/cycle-issues/`, { issues: ids })).statusCode).toBe(201);
    const rows = (await team.server.database.db.select().from(changes).where(eq(changes.entity, 'issue_activity'))).filter((row) => Number(row.id) > last);
    const byIssue = new Map(rows.map((row) => [(row.data as { issue: string }).issue, row.data as { field: string; new_value: string; issue_detail: { id: string } }]));
    expect([...byIssue.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(byIssue.get(id)).toMatchObject({ field: 'cycles', issue_detail: { id } });
  });

  test('delete: admin or creator only; the issues leave the cycle', async () => {
    const issue = await newIssue('D');
    await call(team.member, 'POST', `${base}/cycles/${upcoming.id}/cycle-issues/`, { issues: [issue] });
    expect((await call(team.other, 'DELETE', `${base}/cycles/${upcoming.id}/`)).statusCode).toBe(403);
    expect((await call(team.guest, 'DELETE', `${base}/cycles/${upcoming.id}/`)).statusCode).toBe(403);
    expect((await call(team.member, 'DELETE', `${base}/cycles/${upcoming.id}/`)).statusCode).toBe(204);
    expect(await issueCycle(issue)).toBeNull();
    expect((await call(team.member, 'GET', `${base}/cycles/${upcoming.id}/`)).statusCode).toBe(404);
    expect((await call(team.owner, 'DELETE', `${base}/cycles/${draft.id}/`)).statusCode).toBe(204);
    const deletes = await team.server.database.db.select().from(changes).where(and(eq(changes.entity, 'cycle'), eq(changes.op, 'delete')));
    expect(deletes.map((row) => row.entityId).sort()).toEqual([upcoming.id, draft.id].sort());
  });

  test('an empty change (nothing, unknown keys only, a form body) answers the cycle unchanged and writes nothing', async () => {
    const cycle = await create('Quiet', null, null);
    const detail = (await call(team.member, 'GET', `${base}/cycles/${cycle.id}/`)).json();
    const before = { id: cycle.id, name: 'Quiet', version: detail.version, updated_at: detail.updated_at };
    const logged = async () => (await team.server.database.db.select().from(changes).where(eq(changes.entityId, cycle.id))).length;
    const changesBefore = await logged();
    for (const payload of [{}, { zz_not_a_field: 'x' }]) {
      const response = await call(team.member, 'PATCH', `${base}/cycles/${cycle.id}/`, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(before);
    }
    const form = await team.server.inject({
      method: 'PATCH',
      url: `${base}/cycles/${cycle.id}/`,
      headers: { ...team.member.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'zz_not_a_field=x',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject(before);
    expect(await logged()).toBe(changesBefore);
  });

  test('an owner who is no member of the project is refused with the field named', async () => {
    const cycle = await create('Owned', null, null);
    for (const ownerId of [randomUUID(), team.outsider.id]) {
      const patched = await call(team.member, 'PATCH', `${base}/cycles/${cycle.id}/`, { owned_by_id: ownerId });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toEqual({ owned_by_id: ['The owner must be a member of the project.'] });
      const created = await call(team.member, 'POST', `${base}/cycles/`, { name: 'Orphan', owned_by_id: ownerId });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toHaveProperty('owned_by_id');
    }
    const handedOver = await call(team.member, 'PATCH', `${base}/cycles/${cycle.id}/`, { owned_by_id: team.other.id });
    expect(handedOver.statusCode).toBe(200);
    expect(handedOver.json().owned_by_id).toBe(team.other.id);
  });
});
