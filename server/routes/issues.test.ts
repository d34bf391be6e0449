// Issue create/read/update/delete: validation against the project, server-assigned values,
// activity, change events and the role rules (guest, outsider, anonymous).
import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changes, estimatePoints, estimates, issueActivities, issueSubscribers, labels, projects, issueMentions, states } from '../../db/schema/index';
import { useWorld, type CallerName } from '../../tests/support/world';
import { addProjectMember, addWorkspaceMember, buildUser } from '../../tests/support/factories';

const world = useWorld();
const { call } = world;

async function createIssue(caller: CallerName, body: Record<string, unknown> = {}) {
  const response = await call(caller, 'POST', 'issues/', { name: 'An issue', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function buildLabel(name: string) {
  const [row] = await world.server.database.db.insert(labels).values({ name, projectId: world.project.id, workspaceId: world.workspace.id }).returning();
  return row.id;
}

describe('POST issues/', () => {
  test('member creates an issue with server-assigned values and is subscribed', async () => {
    const issue = await createIssue('member');
    expect(issue).toMatchObject({ name: 'An issue', state_id: world.project.states.backlog, priority: 'none', project_id: world.project.id, is_subscribed: true, completed_at: null, sub_issues_count: 0, link_count: 0, attachment_count: 0, state__group: 'backlog' });
    expect(issue.sequence_id).toBeGreaterThan(0);
    expect(issue.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [activity] = await world.server.database.db.select().from(issueActivities).where(eq(issueActivities.issueId, issue.id));
    expect(activity).toMatchObject({ verb: 'created', field: null, actorId: world.member.id });
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entityId, issue.id), eq(changes.entity, 'issue'))).orderBy(changes.id);
    expect(events.map((event) => event.op)).toEqual(['create']);
    expect((events[0].data as { id: string }).id).toBe(issue.id);
  });

  test('sort_order is 65535 in an empty state, then max + 10000; completed state sets completed_at', async () => {
    const first = await createIssue('member', { state_id: world.project.states.cancelled });
    const second = await createIssue('member', { state_id: world.project.states.cancelled });
    expect(first.sort_order).toBe(65535);
    expect(second.sort_order).toBe(75535);
    const done = await createIssue('member', { state_id: world.project.states.completed });
    expect(done.completed_at).not.toBeNull();
  });

  test('assignees and labels are filtered to the project (reference §1.5); guests cannot be assigned', async () => {
    const label = await buildLabel('bug');
    const issue = await createIssue('admin', { assignee_ids: [world.member.id], label_ids: [label] });
    expect(issue.assignee_ids).toEqual([world.member.id]);
    expect(issue.label_ids).toEqual([label]);
    const subscribed = await world.server.database.db.select().from(issueSubscribers).where(eq(issueSubscribers.issueId, issue.id));
    expect(subscribed.map((row) => row.subscriberId).sort()).toEqual([world.admin.id, world.member.id].sort());
    const filtered = await createIssue('admin', { assignee_ids: [world.guest.id, world.outsider.id, world.member.id], label_ids: [world.project.id, label] });
    expect(filtered.assignee_ids).toEqual([world.member.id]);
    expect(filtered.label_ids).toEqual([label]);
    const onlyGuest = await createIssue('admin', { assignee_ids: [world.guest.id] });
    expect(onlyGuest.assignee_ids).toEqual([]);
    const patched = await call('admin', 'PATCH', `issues/${issue.id}/`, { assignee_ids: [world.guest.id] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().assignee_ids).toEqual([]);
    const guestRows = await world.server.database.db.select().from(issueSubscribers).where(and(eq(issueSubscribers.issueId, onlyGuest.id), eq(issueSubscribers.subscriberId, world.guest.id)));
    expect(guestRows).toEqual([]);
  });

  test('state, parent and estimate point must belong to the project', async () => {
    const bad = '00000000-0000-4000-8000-000000000000';
    const state = await call('member', 'POST', 'issues/', { name: 'x', state_id: bad });
    expect(state.statusCode).toBe(400);
    expect(state.json()).toEqual({ error: 'State is not valid please pass a valid state_id' });
    expect((await call('member', 'POST', 'issues/', { name: 'x', parent_id: bad })).statusCode).toBe(400);
    expect((await call('member', 'POST', 'issues/', { name: 'x', estimate_point: bad })).statusCode).toBe(400);
    const [estimate] = await world.server.database.db.insert(estimates).values({ name: 'E', projectId: world.project.id, workspaceId: world.workspace.id, type: 'points' }).returning();
    const [point] = await world.server.database.db.insert(estimatePoints).values({ estimateId: estimate.id, projectId: world.project.id, workspaceId: world.workspace.id, key: 1, value: '3' }).returning();
    const issue = await createIssue('member', { estimate_point: point.id });
    expect(issue.estimate_point).toBe(point.id);
  });

  test('the triage state (intake) is not a valid state for create or update', async () => {
    const [triage] = await world.server.database.db
      .insert(states)
      .values({ name: 'Triage', group: 'triage', color: '#4E5355', isTriage: true, projectId: world.project.id, workspaceId: world.workspace.id, sequence: 999999 })
      .returning();
    const created = await call('member', 'POST', 'issues/', { name: 'x', state_id: triage.id });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error: 'State is not valid please pass a valid state_id' });
    const issue = await createIssue('member');
    const patched = await call('member', 'PATCH', `issues/${issue.id}/`, { state_id: triage.id });
    expect(patched.statusCode).toBe(400);
    expect((await call('member', 'GET', `issues/${issue.id}/`)).json().state_id).toBe(issue.state_id);
  });

  test('the project default assignee is used when none is given', async () => {
    await world.server.database.db.update(projects).set({ defaultAssigneeId: world.member.id }).where(eq(projects.id, world.project.id));
    const issue = await createIssue('admin');
    expect(issue.assignee_ids).toEqual([world.member.id]);
    await world.server.database.db.update(projects).set({ defaultAssigneeId: null }).where(eq(projects.id, world.project.id));
  });

  test('bad input is a 400 in the contract format and creates nothing', async () => {
    const before = await call('admin', 'GET', `issues/list/?issues=${world.project.id}`);
    expect(before.statusCode).toBe(200);
    for (const body of [{}, { name: 'x'.repeat(100_000) }, { name: 5 }, { name: 'x', priority: 'huge' }, { name: 'x', state_id: 'nope' }, { name: 'x', start_date: '2024-02-01', target_date: '2024-01-01' }]) {
      const response = await call('member', 'POST', 'issues/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(response.json()).every((value) => Array.isArray(value))).toBe(true);
    }
  });

  test('guests, outsiders and anonymous callers cannot create', async () => {
    expect((await call('guest', 'POST', 'issues/', { name: 'x' })).statusCode).toBe(403);
    expect((await call('outsider', 'POST', 'issues/', { name: 'x' })).statusCode).toBe(403);
    const anonymous = await call('anonymous', 'POST', 'issues/', { name: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('mentions in the description become mention rows and subscriptions (members only)', async () => {
    const html = `<p>hi <mention-component entity_identifier="${world.admin.id}" entity_name="user_mention"></mention-component> and <span data-type="mention" data-id="${world.outsider.id}">@oz</span></p>`;
    const issue = await createIssue('member', { description_html: html });
    const mentions = await world.server.database.db.select().from(issueMentions).where(eq(issueMentions.issueId, issue.id));
    expect(mentions.map((row) => row.mentionId)).toEqual([world.admin.id]);
    const subscribers = await world.server.database.db.select().from(issueSubscribers).where(eq(issueSubscribers.issueId, issue.id));
    expect(subscribers.map((row) => row.subscriberId).sort()).toEqual([world.admin.id, world.member.id].sort());
  });

  test('description html is sanitized and stripped', async () => {
    const issue = await createIssue('member', { description_html: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>' });
    expect(issue.description_html).toBe('<p>Hello <a>link</a></p>');
    expect(issue.description_stripped).toBe('Hello link');
  });
});

describe('GET issues/{id}/', () => {
  test('returns IssueDetail with expansions', async () => {
    const parent = await createIssue('member');
    const child = await createIssue('member', { parent_id: parent.id });
    const response = await call('member', 'GET', `issues/${child.id}/?expand=issue_reactions,issue_attachment,issue_link,parent,issue_relation,issue_related`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: child.id, parent: { id: parent.id, sequence_id: parent.sequence_id, project_id: world.project.id }, issue_reactions: [], issue_attachment: [], issue_link: [], issue_relation: [], issue_related: [], is_subscribed: true, description_html: '<p></p>' });
    const detail = await call('member', 'GET', `issues/${parent.id}/`);
    expect(detail.json().sub_issues_count).toBe(1);
  });

  test('guests read only their own issues unless the project allows all', async () => {
    const issue = await createIssue('member');
    expect((await call('guest', 'GET', `issues/${issue.id}/`)).statusCode).toBe(403);
    await world.server.database.db.update(projects).set({ guestViewAllFeatures: true }).where(eq(projects.id, world.project.id));
    expect((await call('guest', 'GET', `issues/${issue.id}/`)).statusCode).toBe(200);
    await world.server.database.db.update(projects).set({ guestViewAllFeatures: false }).where(eq(projects.id, world.project.id));
  });

  test('unknown and malformed ids are 404; outsiders 403; anonymous 401', async () => {
    expect((await call('member', 'GET', 'issues/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await call('member', 'GET', 'issues/not-a-uuid/')).statusCode).toBe(404);
    const issue = await createIssue('member');
    expect((await call('outsider', 'GET', `issues/${issue.id}/`)).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', `issues/${issue.id}/`)).statusCode).toBe(401);
  });
});

describe('PATCH issues/{id}/', () => {
  test('updates fields, replaces sets, bumps the version, records activity and answers IssueDetail', async () => {
    const [a, b] = [await buildLabel('a'), await buildLabel('b')];
    const issue = await createIssue('admin', { label_ids: [a], assignee_ids: [world.admin.id] });
    const response = await call('member', 'PATCH', `issues/${issue.id}/`, { name: 'Renamed', priority: 'high', state_id: world.project.states.completed, label_ids: [b], assignee_ids: [world.member.id] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: 'Renamed', priority: 'high', label_ids: [b], assignee_ids: [world.member.id], state__group: 'completed', description_html: '<p></p>' });
    expect(body.completed_at).not.toBeNull();
    expect(body.version).toBe(issue.version + 1);
    const rows = await world.server.database.db.select().from(issueActivities).where(eq(issueActivities.issueId, issue.id));
    const fields = rows.filter((row) => row.verb === 'updated').map((row) => `${row.field}:${row.oldValue}>${row.newValue}`).sort();
    expect(fields).toEqual(['assignees:>max', 'assignees:ada>', 'labels:>b', 'labels:a>', 'name:An issue>Renamed', 'priority:none>high', 'state:Backlog>Done'].sort());
    const reopened = await call('member', 'PATCH', `issues/${issue.id}/`, { state_id: world.project.states.started });
    expect(reopened.json().completed_at).toBeNull();
    const events = await world.server.database.db.select().from(changes).where(and(eq(changes.entityId, issue.id), eq(changes.op, 'update'))).orderBy(changes.id);
    expect(events.length).toBe(2);
  });

  test('an issue cannot be its own parent nor the parent of an ancestor', async () => {
    const top = await createIssue('member');
    const middle = await createIssue('member', { parent_id: top.id });
    const bottom = await createIssue('member', { parent_id: middle.id });
    expect((await call('member', 'PATCH', `issues/${top.id}/`, { parent_id: top.id })).statusCode).toBe(400);
    expect((await call('member', 'PATCH', `issues/${top.id}/`, { parent_id: bottom.id })).statusCode).toBe(400);
    expect((await call('member', 'PATCH', `issues/${bottom.id}/`, { parent_id: null })).json().parent_id).toBeNull();
  });

  test('a guest may not edit an issue they did not create; outsiders and anonymous neither', async () => {
    const issue = await createIssue('member');
    await world.server.database.db.update(projects).set({ guestViewAllFeatures: true }).where(eq(projects.id, world.project.id));
    expect((await call('guest', 'PATCH', `issues/${issue.id}/`, { name: 'g' })).statusCode).toBe(403);
    await world.server.database.db.update(projects).set({ guestViewAllFeatures: false }).where(eq(projects.id, world.project.id));
    expect((await call('outsider', 'PATCH', `issues/${issue.id}/`, { name: 'g' })).statusCode).toBe(403);
    expect((await call('anonymous', 'PATCH', `issues/${issue.id}/`, { name: 'g' })).statusCode).toBe(401);
    expect((await call('member', 'PATCH', `issues/${issue.id}/`, { name: '' })).statusCode).toBe(400);
  });

  test('an unknown issue is 404 "Issue not found" (reference §1.1)', async () => {
    const missing = await call('member', 'PATCH', 'issues/00000000-0000-4000-8000-000000000000/', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Issue not found' });
  });
});

describe('DELETE issues/{id}/', () => {
  test('only a project admin or the creator deletes; the delete is soft and recorded', async () => {
    const issue = await createIssue('admin');
    expect((await call('member', 'DELETE', `issues/${issue.id}/`)).statusCode).toBe(403);
    expect((await call('guest', 'DELETE', `issues/${issue.id}/`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `issues/${issue.id}/`)).statusCode).toBe(204);
    expect((await call('admin', 'GET', `issues/${issue.id}/`)).statusCode).toBe(404);
    const own = await createIssue('member');
    expect((await call('member', 'DELETE', `issues/${own.id}/`)).statusCode).toBe(204);
    const [event] = await world.server.database.db.select().from(changes).where(and(eq(changes.entityId, own.id), eq(changes.op, 'delete'))).orderBy(changes.id);
    expect(event.data).toEqual({ id: own.id });
    const [activity] = await world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, own.id), eq(issueActivities.verb, 'deleted')));
    expect(activity.field).toBe('issue');
  });
});

describe('GET issues/list/?issues=', () => {
  test('returns the listed issues the caller may see', async () => {
    const mine = await createIssue('member');
    const other = await createIssue('admin');
    const response = await call('member', 'GET', `issues/list/?issues=${mine.id},${other.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((item: { id: string }) => item.id).sort()).toEqual([mine.id, other.id].sort());
    expect((await call('guest', 'GET', `issues/list/?issues=${mine.id}`)).json()).toEqual([]);
    const missing = await call('member', 'GET', 'issues/list/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Issues are required' });
  });

  test('leaves out archived issues and drafts, like every normal list (reference §1.5)', async () => {
    const live = await createIssue('member');
    const archived = await createIssue('member', { state_id: world.project.states.completed });
    expect((await call('member', 'POST', `issues/${archived.id}/archive/`)).statusCode).toBe(200);
    const draft = await createIssue('member', { is_draft: true });
    const response = await call('member', 'GET', `issues/list/?issues=${live.id},${archived.id},${draft.id}`);
    expect(response.json().map((item: { id: string }) => item.id)).toEqual([live.id]);
  });
});

describe('project membership with a workspace guest', () => {
  test('a second member can be assigned after joining', async () => {
    const newcomer = await buildUser(world.server);
    await addWorkspaceMember(world.server, world.workspace, newcomer, 15);
    await addProjectMember(world.server, world.project, newcomer, 15);
    const issue = await createIssue('member', { assignee_ids: [newcomer.id] });
    expect(issue.assignee_ids).toEqual([newcomer.id]);
  });
});

describe('GET issues/{id}/meta/ and work-items/{PROJ}-{seq}/ (reference §1.1)', () => {
  test('meta answers the display key parts', async () => {
    const issue = await createIssue('member');
    const meta = await call('guest', 'GET', `issues/${issue.id}/meta/`);
    expect(meta.statusCode).toBe(403);
    const own = await call('member', 'GET', `issues/${issue.id}/meta/`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ sequence_id: issue.sequence_id, project_identifier: world.project.identifier });
    expect((await call('member', 'GET', 'issues/not-a-uuid/meta/')).statusCode).toBe(404);
  });

  test('work-items finds an issue by its key for project members, with is_intake', async () => {
    const issue = await createIssue('member');
    const url = (key: string) => `/api/workspaces/${world.workspace.slug}/work-items/${key}/`;
    const found = await call('member', 'GET', `${url(`${world.project.identifier.toLowerCase()}-${issue.sequence_id}`)}?expand=parent`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id: issue.id, sequence_id: issue.sequence_id, is_intake: false, parent: null, is_subscribed: true });
    expect((await call('member', 'GET', url('nonsense'))).json()).toEqual({ error: 'Invalid issue identifier' });
    expect((await call('member', 'GET', url(`${world.project.identifier}-99999`))).statusCode).toBe(404);
    expect((await call('member', 'GET', url(`NOPE-${issue.sequence_id}`))).statusCode).toBe(404);
    expect((await call('guest', 'GET', url(`${world.project.identifier}-${issue.sequence_id}`))).statusCode).toBe(403);
    expect((await call('outsider', 'GET', url(`${world.project.identifier}-${issue.sequence_id}`))).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', url(`${world.project.identifier}-${issue.sequence_id}`))).statusCode).toBe(401);
    // A workspace member outside the project gets 403.
    const stranger = await buildUser(world.server, { displayName: 'stranger' });
    await addWorkspaceMember(world.server, world.workspace, stranger, 15);
    const strangerCall = await world.server.inject({ method: 'GET', url: url(`${world.project.identifier}-${issue.sequence_id}`), headers: stranger.headers });
    expect(strangerCall.statusCode).toBe(403);
  });
});

describe('POST issue-dates/ (reference §1.1)', () => {
  test('updates dates against the stored ones, all or nothing', async () => {
    const first = await createIssue('member', { start_date: '2026-01-01', target_date: '2026-01-31' });
    const second = await createIssue('member', { target_date: '2026-02-10' });
    const ok = await call('member', 'POST', 'issue-dates/', { updates: [{ id: first.id, target_date: '2026-02-15' }, { id: second.id, start_date: '2026-02-01' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Issues updated successfully' });
    expect((await call('member', 'GET', `issues/${first.id}/`)).json()).toMatchObject({ start_date: '2026-01-01', target_date: '2026-02-15' });
    expect((await call('member', 'GET', `issues/${second.id}/`)).json()).toMatchObject({ start_date: '2026-02-01', target_date: '2026-02-10' });
    // The second update's start passes the stored target: nothing changes, not even the first.
    const refused = await call('member', 'POST', 'issue-dates/', { updates: [{ id: first.id, target_date: '2026-03-01' }, { id: second.id, start_date: '2026-03-01' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Start date cannot exceed target date' });
    expect((await call('member', 'GET', `issues/${first.id}/`)).json().target_date).toBe('2026-02-15');
    const rows = await world.server.database.db.select().from(issueActivities).where(and(eq(issueActivities.issueId, first.id), eq(issueActivities.field, 'target_date')));
    expect(rows.map((row) => row.newValue)).toEqual(['2026-02-15']);
    expect((await call('member', 'POST', 'issue-dates/', { updates: [{ id: 'x' }] })).statusCode).toBe(400);
    expect((await call('member', 'POST', 'issue-dates/', {})).statusCode).toBe(400);
    expect((await call('guest', 'POST', 'issue-dates/', { updates: [] })).statusCode).toBe(403);
  });
});
