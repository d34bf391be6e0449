// Archive and unarchive, the archived list, bulk archive (4091), bulk delete, bulk property
// updates (all or nothing) and drafts at project and workspace level.
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cycles, issueActivities, modules } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';

const world = useWorld();
const { call } = world;

async function createIssue(body: Record<string, unknown> = {}, caller: CallerName = 'member') {
  const response = await call(caller, 'POST', 'issues/', { name: 'Work', ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; version: number };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('archive', () => {
  test('only closed issues are archived; unarchive restores; the archived list shows them', async () => {
    const open = await createIssue();
    const refused = await call('member', 'POST', `issues/${open.id}/archive/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Can only archive completed or cancelled state group issue' });
    const done = await createIssue({ state_id: world.project.states.completed });
    const archived = await call('member', 'POST', `issues/${done.id}/archive/`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ archived_at: today() });
    const again = await call('member', 'POST', `issues/${done.id}/archive/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ archived_at: today() });
    expect((await call('member', 'GET', `issues/${done.id}/archive/`)).json()).toMatchObject({ id: done.id, archived_at: today() });
    expect((await call('member', 'GET', 'archived-issues/')).json().results.map((item: { id: string }) => item.id)).toEqual([done.id]);
    expect((await call('guest', 'POST', `issues/${done.id}/archive/`)).statusCode).toBe(403);
    expect((await call('guest', 'GET', 'archived-issues/')).statusCode).toBe(403);
    expect((await call('member', 'DELETE', `issues/${done.id}/archive/`)).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${done.id}/`)).json().archived_at).toBeNull();
    expect((await call('member', 'GET', `issues/${done.id}/archive/`)).statusCode).toBe(404);
    const rows = await world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, done.id), eq(issueActivities.field, 'archived_at')));
    expect(rows.map((row) => row.newValue)).toEqual(['manual_archive', 'restore']);
  });

  test('the archived list is paginated like the live list, with grouping and show_sub_issues', async () => {
    const parent = await createIssue({ state_id: world.project.states.completed });
    const child = await createIssue({ state_id: world.project.states.cancelled, parent_id: parent.id });
    for (const issue of [parent, child]) expect((await call('member', 'POST', `issues/${issue.id}/archive/`)).statusCode).toBe(200);
    const page = await call('member', 'GET', 'archived-issues/?per_page=1');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(Object.keys(body).sort()).toEqual(
      ['count', 'extra_stats', 'grouped_by', 'next_cursor', 'next_page_results', 'prev_cursor', 'prev_page_results', 'results', 'sub_grouped_by', 'total_count', 'total_pages', 'total_results'],
    );
    expect(body).toMatchObject({ count: 1, next_page_results: true });
    expect(body.total_count).toBeGreaterThanOrEqual(2);
    const ids = (query: string) => call('member', 'GET', `archived-issues/${query}`).then((r) => r.json().results.map((item: { id: string }) => item.id));
    expect(await ids('')).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect(await ids('?show_sub_issues=false')).not.toContain(child.id);
    expect(await ids('?show_sub_issues=false')).toContain(parent.id);
    const grouped = (await call('member', 'GET', 'archived-issues/?group_by=state__group')).json();
    expect(grouped.grouped_by).toBe('state__group');
    expect(grouped.results.cancelled.results.map((item: { id: string }) => item.id)).toContain(child.id);
    expect((await call('member', 'GET', 'archived-issues/?cursor=zzz')).statusCode).toBe(400);
    // Archived issues never show in the live list.
    const live = (await call('member', 'GET', 'issues/')).json().results.map((item: { id: string }) => item.id);
    expect(live).not.toContain(parent.id);
  });

  test('bulk archive is all or nothing with code 4091', async () => {
    const done = await createIssue({ state_id: world.project.states.completed });
    const cancelled = await createIssue({ state_id: world.project.states.cancelled });
    const open = await createIssue();
    const refused = await call('member', 'POST', 'bulk-archive-issues/', { issue_ids: [done.id, open.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error_code: 4091, error_message: 'INVALID_ARCHIVE_STATE_GROUP' });
    expect((await call('member', 'GET', `issues/${done.id}/`)).json().archived_at).toBeNull();
    const archived = await call('member', 'POST', 'bulk-archive-issues/', { issue_ids: [done.id, cancelled.id] });
    expect(archived.json()).toEqual({ archived_at: today() });
    expect((await call('member', 'POST', 'bulk-archive-issues/', { issue_ids: [] })).statusCode).toBe(400);
    expect((await call('guest', 'POST', 'bulk-archive-issues/', { issue_ids: [done.id] })).statusCode).toBe(403);
  });
});

describe('bulk delete', () => {
  test('project admins delete many issues', async () => {
    const a = await createIssue();
    const b = await createIssue();
    expect((await call('member', 'DELETE', 'bulk-delete-issues/', { issue_ids: [a.id] })).statusCode).toBe(403);
    const empty = await call('admin', 'DELETE', 'bulk-delete-issues/', { issue_ids: [] });
    expect(empty.json()).toEqual({ error: 'Issue IDs are required' });
    const deleted = await call('admin', 'DELETE', 'bulk-delete-issues/', { issue_ids: [a.id, b.id] });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: '2 issues were deleted' });
    expect((await call('admin', 'GET', `issues/${a.id}/`)).statusCode).toBe(404);
    expect((await call('anonymous', 'DELETE', 'bulk-delete-issues/', { issue_ids: [a.id] })).statusCode).toBe(401);
  });
});

describe('bulk operation', () => {
  test('applies properties to every issue, adding labels, assignees, cycle and modules', async () => {
    const { db } = world.server.database;
    const [cycle] = await db.insert(cycles).values({ name: 'C1', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
    const [module] = await db.insert(modules).values({ name: 'M1', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
    const a = await createIssue({ assignee_ids: [world.admin.id] });
    const b = await createIssue();
    const response = await call('member', 'POST', 'bulk-operation-issues/', {
      issue_ids: [a.id, b.id],
      properties: { state_id: world.project.states.started, priority: 'high', assignee_ids: [world.member.id], cycle_id: cycle.id, module_ids: [module.id], target_date: '2030-01-01' },
    });
    expect(response.statusCode, response.body).toBe(204);
    const itemA = (await call('member', 'GET', `issues/${a.id}/`)).json();
    expect(itemA).toMatchObject({ state_id: world.project.states.started, priority: 'high', cycle_id: cycle.id, module_ids: [module.id], target_date: '2030-01-01' });
    expect(itemA.assignee_ids.sort()).toEqual([world.admin.id, world.member.id].sort());
    expect((await call('member', 'GET', `issues/${b.id}/`)).json().assignee_ids).toEqual([world.member.id]);
  });

  test('nothing changes when one issue fails; date codes 4100-4102', async () => {
    const a = await createIssue({ start_date: '2030-01-10', target_date: '2030-01-20' });
    const both = await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [a.id], properties: { start_date: '2030-02-01', target_date: '2030-01-01' } });
    expect(both.json()).toEqual({ error_code: 4100, error_message: 'INVALID_ISSUE_DATES' });
    const start = await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [a.id], properties: { start_date: '2030-02-01' } });
    expect(start.json()).toEqual({ error_code: 4101, error_message: 'INVALID_ISSUE_START_DATE' });
    const target = await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [a.id], properties: { target_date: '2030-01-01' } });
    expect(target.json()).toEqual({ error_code: 4102, error_message: 'INVALID_ISSUE_TARGET_DATE' });
    const b = await createIssue();
    const partial = await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [b.id, a.id], properties: { priority: 'urgent', start_date: '2030-02-01' } });
    expect(partial.statusCode).toBe(400);
    expect((await call('member', 'GET', `issues/${b.id}/`)).json().priority).toBe('none');
    // Guests cannot be assigned: they are dropped from the additive list (reference §1.5).
    expect((await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [b.id], properties: { assignee_ids: [world.guest.id, world.member.id] } })).statusCode).toBe(204);
    expect((await call('member', 'GET', `issues/${b.id}/`)).json().assignee_ids).toEqual([world.member.id]);
    expect((await call('member', 'POST', 'bulk-operation-issues/', { issue_ids: [], properties: {} })).statusCode).toBe(400);
    expect((await call('guest', 'POST', 'bulk-operation-issues/', { issue_ids: [b.id], properties: {} })).statusCode).toBe(403);
  });
});

describe('drafts', () => {
  test('project drafts are the caller\'s, hidden from lists, and become issues when is_draft turns false', async () => {
    const created = await call('member', 'POST', 'issue-drafts/', { name: 'Draft' });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft.is_draft).toBe(true);
    expect((await call('member', 'GET', 'issue-drafts/')).json().map((item: { id: string }) => item.id)).toEqual([draft.id]);
    expect((await call('admin', 'GET', 'issue-drafts/')).json()).toEqual([]);
    expect((await call('member', 'GET', `issue-drafts/${draft.id}/`)).json().id).toBe(draft.id);
    expect((await call('guest', 'POST', 'issue-drafts/', { name: 'no' })).statusCode).toBe(403);
    // A draft is read through issues/ by its creator and project admins only.
    expect((await call('admin', 'GET', `issues/${draft.id}/`)).statusCode).toBe(200);
    const adminsDraft = (await call('admin', 'POST', 'issue-drafts/', { name: 'Admin draft' })).json();
    expect((await call('member', 'GET', `issues/${adminsDraft.id}/`)).statusCode).toBe(403);
    expect((await call('member', 'GET', `issues/${adminsDraft.id}/comments/`)).statusCode).toBe(403);
    const published = await call('member', 'PATCH', `issue-drafts/${draft.id}/`, { is_draft: false, name: 'Published' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ is_draft: false, name: 'Published' });
    expect((await call('member', 'GET', `issue-drafts/${draft.id}/`)).statusCode).toBe(404);
    const other = (await call('member', 'POST', 'issue-drafts/', { name: 'Gone' })).json();
    expect((await call('member', 'DELETE', `issue-drafts/${other.id}/`)).statusCode).toBe(204);
  });

  test('workspace drafts: create with project_id, paginated list, patch 204, draft-to-issue', async () => {
    const ws = `/api/workspaces/${world.workspace.slug}`;
    const created = await call('member', 'POST', `${ws}/draft-issues/`, { name: 'WS draft', project_id: world.project.id });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    const list = (await call('member', 'GET', `${ws}/draft-issues/?per_page=1`)).json();
    expect(list).toMatchObject({ total_count: 1, count: 1, total_pages: 1, next_page_results: false, prev_page_results: false, grouped_by: null });
    expect(list.results[0].id).toBe(draft.id);
    expect((await call('member', 'GET', `${ws}/draft-issues/?cursor=bad`)).statusCode).toBe(400);
    expect((await call('member', 'PATCH', `${ws}/draft-issues/${draft.id}/`, { priority: 'low' })).statusCode).toBe(204);
    expect((await call('member', 'GET', `${ws}/draft-issues/${draft.id}/`)).json().priority).toBe('low');
    expect((await call('guest', 'GET', `${ws}/draft-issues/${draft.id}/`)).statusCode).toBe(403);
    expect((await call('guest', 'POST', `${ws}/draft-issues/`, { name: 'no', project_id: world.project.id })).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `${ws}/draft-issues/`)).statusCode).toBe(403);
    const issue = await call('member', 'POST', `${ws}/draft-to-issue/${draft.id}/`, {});
    expect(issue.statusCode).toBe(201);
    expect(issue.json()).toMatchObject({ id: draft.id, is_draft: false });
    expect((await call('member', 'GET', `${ws}/draft-issues/`)).json().total_count).toBe(0);
  });

  test('draft-to-issue takes cycle_id and module_ids with the issue body, all or nothing (reference §1.6.13)', async () => {
    const ws = `/api/workspaces/${world.workspace.slug}`;
    const { db } = world.server.database;
    const [cycle] = await db.insert(cycles).values({ name: 'Draft cycle', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
    const [module] = await db.insert(modules).values({ name: 'Draft module', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
    const draft = (await call('member', 'POST', `${ws}/draft-issues/`, { name: 'To place', project_id: world.project.id })).json();
    const bad = await call('member', 'POST', `${ws}/draft-to-issue/${draft.id}/`, { module_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(bad.statusCode).toBe(400);
    expect((await call('member', 'GET', `${ws}/draft-issues/${draft.id}/`)).json().is_draft).toBe(true);
    const issue = await call('member', 'POST', `${ws}/draft-to-issue/${draft.id}/`, { name: 'Placed', cycle_id: cycle.id, module_ids: [module.id] });
    expect(issue.statusCode, issue.body).toBe(201);
    expect(issue.json()).toMatchObject({ id: draft.id, name: 'Placed', is_draft: false, cycle_id: cycle.id, module_ids: [module.id] });
    const rows = await db.select().from(issueActivities).where(eq(issueActivities.issueId, draft.id));
    expect(rows.map((row) => row.field)).toEqual(expect.arrayContaining(['cycles', 'modules']));
  });
});
