import { afterAll, beforeAll, test } from 'vitest';
import { eq, asc } from 'drizzle-orm';
import { issueActivities, labels, estimates, estimatePoints, favorites } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildWorld, type CallerName, type World } from '../../tests/support/world';

let server: TestServer;
let world: World;
let base: string;
beforeAll(async () => { server = await createTestServer(); world = await buildWorld(server); base = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}`; });
afterAll(() => server.close());
function call(caller: CallerName, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return server.inject({ method, url: url.startsWith('/') ? url : `${base}/${url}`, headers: world.headers[caller], ...(payload !== undefined ? { payload: payload as object } : {}) });
}
const log = (label: string, r: { statusCode: number; body: string }) => console.log('PROBE', label, r.statusCode, r.body.slice(0, 400));

test('probe', async () => {
  const db = server.database.db;
  log('guest assignee', await call('admin', 'POST', 'issues/', { name: 'x', assignee_ids: [world.guest.id] }));
  log('bad state', await call('admin', 'POST', 'issues/', { name: 'x', state_id: crypto.randomUUID() }));
  const [lab] = await db.insert(labels).values({ name: 'L1', projectId: world.project.id, workspaceId: world.workspace.id }).returning();
  const [est] = await db.insert(estimates).values({ name: 'E', type: 'points', projectId: world.project.id, workspaceId: world.workspace.id } as never).returning();
  const [p1, p2] = await db.insert(estimatePoints).values([{ key: 0, value: '1', estimateId: est.id, projectId: world.project.id, workspaceId: world.workspace.id }, { key: 1, value: '2', estimateId: est.id, projectId: world.project.id, workspaceId: world.workspace.id }] as never).returning();
  const parent = (await call('admin', 'POST', 'issues/', { name: 'parent' })).json();
  const i = (await call('admin', 'POST', 'issues/', { name: 'issue', state_id: world.project.states.completed })).json();
  console.log('PROBE completed_at create', i.completed_at);
  const u = await call('admin', 'PATCH', `issues/${i.id}/`, { name: 'renamed', description_html: '<p>d</p>', priority: 'high', start_date: '2024-01-01', target_date: '2024-02-01', state_id: world.project.states.started, parent_id: parent.id, estimate_point: p1.id, label_ids: [lab.id], assignee_ids: [world.member.id] });
  console.log('PROBE completed_at after started', u.json().completed_at);
  await call('admin', 'PATCH', `issues/${i.id}/`, { estimate_point: p2.id, start_date: null, parent_id: null, label_ids: [], assignee_ids: [] });
  await call('admin', 'PATCH', `issues/${i.id}/`, { estimate_point: null });
  const rows = await db.select().from(issueActivities).where(eq(issueActivities.issueId, i.id)).orderBy(asc(issueActivities.createdAt));
  for (const r of rows) console.log('PROBE act', r.verb, r.field, JSON.stringify(r.oldValue), JSON.stringify(r.newValue), r.oldIdentifier, r.newIdentifier, r.comment);
  const h = await call('admin', 'GET', `issues/${i.id}/history/`);
  log('history', h);
  // list by ids incl archived
  const done = (await call('admin', 'POST', 'issues/', { name: 'done', state_id: world.project.states.completed })).json();
  await call('admin', 'POST', `issues/${done.id}/archive/`);
  log('list ids', await call('admin', 'GET', `issues/list/?issues=${done.id},${parent.id}`));
  log('list no ids', await call('admin', 'GET', `issues/list/`));
  // relations
  await call('admin', 'POST', `issues/${i.id}/issue-relation/`, { relation_type: 'blocking', issues: [parent.id] });
  log('rel from other', await call('admin', 'GET', `issues/${parent.id}/issue-relation/`));
  log('rel missing type', await call('admin', 'POST', `issues/${i.id}/issue-relation/`, { issues: [parent.id] }));
  log('remove rel', await call('admin', 'POST', `issues/${parent.id}/remove-relation/`, { related_issue: i.id }));
  // links
  log('link', await call('admin', 'POST', `issues/${i.id}/issue-links/`, { url: 'example.com/a' }));
  log('link dup', await call('admin', 'POST', `issues/${i.id}/issue-links/`, { url: 'http://example.com/a' }));
  log('link bad', await call('admin', 'POST', `issues/${i.id}/issue-links/`, { url: 'not a url' }));
  // sub-issues
  log('sub add', await call('admin', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [i.id] }));
  log('sub add empty', await call('admin', 'POST', `issues/${parent.id}/sub-issues/`, { sub_issue_ids: [] }));
  log('sub get', await call('admin', 'GET', `issues/${parent.id}/sub-issues/`));
  // project
  await call('admin', 'POST', `/api/workspaces/${world.workspace.slug}/user-favorites/`, { entity_type: 'project', entity_identifier: world.project.id, project_id: world.project.id });
  log('archive', await call('admin', 'POST', 'archive/'));
  console.log('PROBE favs after archive', (await db.select().from(favorites)).length);
  log('get archived project', await call('admin', 'GET', ''));
  log('patch archived project', await call('admin', 'PATCH', '', { name: 'Zed' }));
  log('create issue archived project', await call('admin', 'POST', 'issues/', { name: 'in archived' }));
  log('restore', await call('admin', 'DELETE', 'archive/'));
  log('identifiers', await call('admin', 'GET', `/api/workspaces/${world.workspace.slug}/project-identifiers/?name=${world.project.identifier.toLowerCase()}`));
  log('bulk archive open', await call('admin', 'POST', 'bulk-archive-issues/', { issue_ids: [parent.id] }));
  log('bulk archive empty', await call('admin', 'POST', 'bulk-archive-issues/', { issue_ids: [] }));
  log('bulk delete empty', await call('admin', 'DELETE', 'bulk-delete-issues/', { issue_ids: [] }));
  log('bulk delete member', await call('member', 'DELETE', 'bulk-delete-issues/', { issue_ids: [parent.id] }));
  log('bulk op guest assignee', await call('admin', 'POST', 'bulk-operation-issues/', { issue_ids: [parent.id], properties: { assignee_ids: [world.guest.id] } }));
  log('bulk op done', await call('admin', 'POST', 'bulk-operation-issues/', { issue_ids: [parent.id], properties: { state_id: world.project.states.completed } }));
  log('parent after bulk', await call('admin', 'GET', `issues/${parent.id}/`));
  log('delete issue', await call('member', 'DELETE', `issues/${parent.id}/`));
  log('states', await call('admin', 'GET', 'states/'));
  log('state create', await call('admin', 'POST', 'states/', { name: 'QA', color: '#fff', group: 'started' }));
  log('delete default state', await call('admin', 'DELETE', `states/${world.project.states.backlog}/`));
});
