// Plane's own Node SDK (@makeplane/plane-node-sdk) driving Trellis's /api/v1 for each resource:
// create → list → retrieve → update → delete, pagination across pages, expand, fields and the
// lookup by identifier, each answer checked against what the app API says about the same rows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaneClient } from '@makeplane/plane-node-sdk';
import { createApiKey, startPublicApiWorld, statusOf, type PublicApiWorld } from './support';

describe("Plane's Node SDK on /api/v1", () => {
  let t: PublicApiWorld;
  let admin: PlaneClient;
  let slug: string;
  let projectId: string;
  const app = (path: string) => t.appGet(`/api/workspaces/${slug}/projects/${projectId}${path}`);

  beforeAll(async () => {
    t = await startPublicApiWorld();
    admin = new PlaneClient({ baseUrl: t.baseUrl, apiKey: await createApiKey(t.server, t.world, t.world.admin, { label: 'admin' }) });
    slug = t.world.workspace.slug;
    projectId = t.world.project.id;
  });
  afterAll(async () => t?.server.close());

  test('workspace members and project members', async () => {
    const members = (await t.plane.workspace.getMembers(slug)) as unknown as Array<{ id: string; role: number }>;
    const appMembers = (await t.appGet(`/api/workspaces/${slug}/members/`)) as Array<{ member: { id: string }; role: number }>;
    expect(members.map((m) => [m.id, m.role]).sort()).toEqual(appMembers.map((m) => [m.member.id, m.role]).sort());
    const projectMembers = (await t.plane.projects.getMembers(slug, projectId)) as Array<{ id: string; role: number }>;
    expect(projectMembers.map((m) => m.id).sort()).toEqual([t.world.admin.id, t.world.member.id, t.world.guest.id].sort());
  });

  test('projects: create → list → retrieve → update → archive → unarchive → delete', async () => {
    const created = await admin.projects.create(slug, { name: 'Public API', identifier: 'pub' });
    expect(created).toMatchObject({ name: 'Public API', identifier: 'PUB', workspace: t.world.workspace.id });
    const list = await admin.projects.list(slug);
    expect(list.results.map((p) => p.id)).toContain(created.id);
    expect(list.total_results).toBe(2);
    const one = await admin.projects.retrieve(slug, created.id);
    const appOne = await t.server.inject({ method: 'GET', url: `/api/workspaces/${slug}/projects/${created.id}/`, headers: t.world.admin.headers });
    expect(one).toMatchObject({ id: created.id, name: appOne.json().name, identifier: appOne.json().identifier });
    const updated = await admin.projects.update(slug, created.id, { name: 'Public API v2', description: 'via SDK' });
    expect(updated).toMatchObject({ name: 'Public API v2', description: 'via SDK' });
    await admin.projects.archive(slug, created.id);
    expect(await statusOf(admin.projects.retrieve(slug, created.id))).toBe(404);
    await admin.projects.unArchive(slug, created.id);
    expect((await admin.projects.retrieve(slug, created.id)).name).toBe('Public API v2');
    await admin.projects.delete(slug, created.id);
    expect((await admin.projects.list(slug)).results.map((p) => p.id)).not.toContain(created.id);
  });

  test('states and labels: create → list → retrieve → update → delete', async () => {
    const state = await admin.states.create(slug, projectId, { name: 'Review', color: '#112233', group: 'started' } as never);
    expect(state).toMatchObject({ name: 'Review', group: 'started', project: projectId, workspace: t.world.workspace.id });
    expect((await t.plane.states.list(slug, projectId)).results.map((s) => s.id)).toContain(state.id);
    expect(await t.plane.states.retrieve(slug, projectId, state.id)).toMatchObject({ id: state.id, name: 'Review' });
    expect(await admin.states.update(slug, projectId, state.id, { name: 'In review' })).toMatchObject({ name: 'In review' });
    expect(((await app(`/states/${state.id}/`)) as { name: string }).name).toBe('In review');
    await admin.states.delete(slug, projectId, state.id);
    expect(await statusOf(t.plane.states.retrieve(slug, projectId, state.id))).toBe(404);

    const label = await admin.labels.create(slug, projectId, { name: 'bug', color: '#ff0000' } as never);
    expect(label).toMatchObject({ name: 'bug', color: '#ff0000', project: projectId });
    expect((await t.plane.labels.list(slug, projectId)).results.map((l) => l.id)).toEqual([label.id]);
    expect(await t.plane.labels.retrieve(slug, projectId, label.id)).toMatchObject({ name: 'bug' });
    expect(await admin.labels.update(slug, projectId, label.id, { name: 'defect' })).toMatchObject({ name: 'defect' });
    expect(((await app(`/issue-labels/${label.id}/`)) as { name: string }).name).toBe('defect');
    await admin.labels.delete(slug, projectId, label.id);
    expect((await t.plane.labels.list(slug, projectId)).results).toEqual([]);
  });

  test('work items: create → list (pages, expand, fields) → retrieve → by identifier → update → delete', async () => {
    const label = await admin.labels.create(slug, projectId, { name: 'api', color: '#00aa00' } as never);
    const created = await t.plane.workItems.create(slug, projectId, {
      name: 'First from the SDK',
      description_html: '<p>hello</p>',
      priority: 'high',
      state: t.world.project.states.started,
      labels: [label.id],
      assignees: [t.world.member.id],
      start_date: '2026-01-05',
      target_date: '2026-01-09',
    });
    expect(created).toMatchObject({
      name: 'First from the SDK',
      priority: 'high',
      state: t.world.project.states.started,
      labels: [label.id],
      assignees: [t.world.member.id],
      start_date: '2026-01-05',
      target_date: '2026-01-09',
      project: projectId,
      sequence_id: 1,
    });
    const appIssue = (await app(`/issues/${created.id}/`)) as Record<string, unknown>;
    expect(appIssue).toMatchObject({ state_id: created.state, label_ids: created.labels, assignee_ids: created.assignees, priority: 'high' });
    for (let i = 2; i <= 5; i++) await t.plane.workItems.create(slug, projectId, { name: `Item ${i}` });

    // Five items over pages of two, newest first, the same order as the app API's list.
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await t.plane.workItems.list(slug, projectId, { per_page: 2, cursor });
      expect(page.total_results).toBe(5);
      pages.push(page.results.map((item) => item.id));
      if (!page.next_page_results) break;
      cursor = page.next_cursor;
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const appList = (await app('/issues/?order_by=-created_at')) as { results: Array<{ id: string }> };
    expect(pages.flat()).toEqual(appList.results.map((item) => item.id));

    const expanded = await t.plane.workItems.list(slug, projectId, { expand: 'assignees,labels,state', per_page: 100 });
    const first = expanded.results.find((item) => item.id === created.id) as unknown as Record<string, any>;
    expect(first.state).toMatchObject({ id: t.world.project.states.started, group: 'started' });
    expect(first.labels).toEqual([expect.objectContaining({ id: label.id, name: 'api' })]);
    expect(first.assignees).toEqual([expect.objectContaining({ id: t.world.member.id })]);
    // The plain list (renamed as JSON text) and the parsed path (`fields=` every key) agree item by item.
    const plain = await t.plane.workItems.list(slug, projectId, { per_page: 100 });
    const allFields = Object.keys(plain.results[0]).join(',');
    expect(plain.results[0]).toMatchObject({ workspace: t.world.workspace.id, project: projectId });
    expect((await t.plane.workItems.list(slug, projectId, { per_page: 100, fields: allFields })).results).toEqual(plain.results);
    const trimmed = await t.plane.workItems.list(slug, projectId, { fields: 'name,priority' });
    expect(Object.keys(trimmed.results[0]).sort()).toEqual(['id', 'name', 'priority']);

    const one = await t.plane.workItems.retrieve(slug, projectId, created.id, ['state'] as never);
    expect(one).toMatchObject({ id: created.id, description_html: '<p>hello</p>' });
    const identifier = `${t.world.project.identifier}-1`;
    expect(await t.plane.workItems.retrieveByIdentifier(slug, identifier)).toMatchObject({ id: created.id });
    // The older `issues/` paths answer the same.
    const legacy = await fetch(`${t.baseUrl}/api/v1/workspaces/${slug}/issues/${identifier}/`, { headers: { 'x-api-key': t.memberKey } });
    expect((await legacy.json()).id).toBe(created.id);
    const legacyList = await fetch(`${t.baseUrl}/api/v1/workspaces/${slug}/projects/${projectId}/issues/?per_page=1`, { headers: { 'x-api-key': t.memberKey } });
    expect(await legacyList.json()).toMatchObject({ count: 1, total_results: 5 });

    const updated = await t.plane.workItems.update(slug, projectId, created.id, { priority: 'urgent', state: t.world.project.states.completed, labels: [] });
    expect(updated).toMatchObject({ priority: 'urgent', state: t.world.project.states.completed, labels: [] });
    expect(await app(`/issues/${created.id}/`)).toMatchObject({ priority: 'urgent', state_id: t.world.project.states.completed, label_ids: [] });
    await t.plane.workItems.delete(slug, projectId, created.id);
    expect(await statusOf(t.plane.workItems.retrieve(slug, projectId, created.id))).toBe(404);
    expect((await t.plane.workItems.list(slug, projectId)).total_results).toBe(4);
  });

  test('work items: archive, unarchive, relations, activities and search', async () => {
    const [a, b] = await Promise.all(['Searchable alpha', 'Searchable beta'].map((name) => t.plane.workItems.create(slug, projectId, { name })));
    await t.plane.workItems.update(slug, projectId, a.id, { priority: 'low' });
    const activities = await t.plane.workItems.activities.list(slug, projectId, a.id);
    const appHistory = (await app(`/issues/${a.id}/history/?activity_type=issue-property`)) as Array<{ id: string }>;
    expect(activities.results.map((row: { id: string }) => row.id)).toEqual(appHistory.map((row) => row.id));
    expect(activities.results).toContainEqual(expect.objectContaining({ field: 'priority', new_value: 'low' }));

    await t.plane.workItems.relations.create(slug, projectId, a.id, { relation_type: 'blocked_by', issues: [b.id] });
    const relations = (await t.plane.workItems.relations.list(slug, projectId, a.id)) as unknown as Record<string, Array<{ id: string }>>;
    expect(relations.blocked_by.map((r) => r.id)).toEqual([b.id]);
    expect(((await app(`/issues/${b.id}/issue-relation/`)) as Record<string, Array<{ id: string }>>).blocking.map((r) => r.id)).toEqual([a.id]);
    await t.plane.workItems.relations.delete(slug, projectId, a.id, { related_issue: b.id } as never);
    expect(((await t.plane.workItems.relations.list(slug, projectId, a.id)) as unknown as Record<string, unknown[]>).blocked_by).toEqual([]);

    const found = await t.plane.workItems.search(slug, 'Searchable', projectId);
    expect(found.issues.map((issue) => issue.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.issues[0]).toMatchObject({ project__identifier: t.world.project.identifier, workspace__slug: slug });

    await t.plane.workItems.update(slug, projectId, b.id, { state: t.world.project.states.completed });
    await t.plane.workItems.archive(slug, projectId, b.id);
    expect((await t.plane.workItems.listArchived(slug, projectId)).results.map((item) => item.id)).toEqual([b.id]);
    expect((await t.plane.workItems.list(slug, projectId, { per_page: 100 })).results.map((item) => item.id)).not.toContain(b.id);
    await t.plane.workItems.unarchive(slug, projectId, b.id);
    expect((await t.plane.workItems.listArchived(slug, projectId)).results).toEqual([]);
  });

  test('comments and links of a work item: create → list → retrieve → update → delete', async () => {
    const item = await t.plane.workItems.create(slug, projectId, { name: 'Discussed' });
    const comment = await t.plane.workItems.comments.create(slug, projectId, item.id, { comment_html: '<p>first</p>' } as never);
    expect(comment).toMatchObject({ comment_html: '<p>first</p>', issue: item.id, project: projectId });
    const comments = await t.plane.workItems.comments.list(slug, projectId, item.id);
    expect(comments.results.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    expect(await t.plane.workItems.comments.retrieve(slug, projectId, item.id, comment.id)).toMatchObject({ id: comment.id });
    expect(await t.plane.workItems.comments.update(slug, projectId, item.id, comment.id, { comment_html: '<p>edited</p>' } as never)).toMatchObject({ comment_html: '<p>edited</p>' });
    const appComments = (await app(`/issues/${item.id}/comments/`)) as Array<{ id: string; comment_html: string }>;
    expect(appComments.map((c) => [c.id, c.comment_html])).toEqual([[comment.id, '<p>edited</p>']]);
    await t.plane.workItems.comments.delete(slug, projectId, item.id, comment.id);
    expect((await t.plane.workItems.comments.list(slug, projectId, item.id)).results).toEqual([]);

    const link = await t.plane.links.create(slug, projectId, item.id, { url: 'https://example.com/spec', title: 'Spec' } as never);
    expect(link).toMatchObject({ url: 'https://example.com/spec', title: 'Spec', issue: item.id });
    expect((await t.plane.links.list(slug, projectId, item.id)).results.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect(await t.plane.links.retrieve(slug, projectId, item.id, link.id)).toMatchObject({ id: link.id });
    expect(await t.plane.links.update(slug, projectId, item.id, link.id, { title: 'The spec' } as never)).toMatchObject({ title: 'The spec' });
    expect(((await app(`/issues/${item.id}/issue-links/`)) as Array<{ title: string }>).map((l) => l.title)).toEqual(['The spec']);
    await t.plane.links.delete(slug, projectId, item.id, link.id);
    expect((await t.plane.links.list(slug, projectId, item.id)).results).toEqual([]);
  });

  test('cycles: CRUD, cycle issues, transfer, archive', async () => {
    const items = await Promise.all(['C1', 'C2'].map((name) => t.plane.workItems.create(slug, projectId, { name })));
    const sprint = await t.plane.cycles.create(slug, projectId, { name: 'Sprint 1', start_date: '2026-11-01', end_date: '2026-12-31', owned_by: t.world.member.id, project_id: projectId });
    expect(sprint).toMatchObject({ name: 'Sprint 1', project: projectId, owned_by: t.world.member.id });
    const next = await t.plane.cycles.create(slug, projectId, { name: 'Sprint 2', start_date: '2027-01-01', end_date: '2027-01-31', owned_by: t.world.member.id, project_id: projectId });
    expect((await t.plane.cycles.list(slug, projectId)).results.map((c) => c.id).sort()).toEqual([sprint.id, next.id].sort());
    expect(await t.plane.cycles.retrieve(slug, projectId, sprint.id)).toMatchObject({ id: sprint.id, name: 'Sprint 1' });
    expect(await t.plane.cycles.update(slug, projectId, sprint.id, { name: 'Sprint one' })).toMatchObject({ name: 'Sprint one' });

    await t.plane.cycles.addWorkItemsToCycle(slug, projectId, sprint.id, items.map((item) => item.id));
    const inCycle = await t.plane.cycles.listWorkItemsInCycle(slug, projectId, sprint.id);
    expect(inCycle.results.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    const appCycle = (await app(`/cycles/${sprint.id}/cycle-issues/`)) as { results: Array<{ id: string }> };
    expect(appCycle.results.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    await t.plane.cycles.removeWorkItemFromCycle(slug, projectId, sprint.id, items[0].id);
    expect((await t.plane.cycles.listWorkItemsInCycle(slug, projectId, sprint.id)).results.map((item) => item.id)).toEqual([items[1].id]);

    await t.plane.cycles.transferWorkItemsToAnotherCycle(slug, projectId, sprint.id, { new_cycle_id: next.id });
    expect((await t.plane.cycles.listWorkItemsInCycle(slug, projectId, next.id)).results.map((item) => item.id)).toEqual([items[1].id]);
    expect((await app(`/issues/${items[1].id}/`)) as object).toMatchObject({ cycle_id: next.id });

    const done = await t.plane.cycles.create(slug, projectId, { name: 'Old', start_date: '2020-01-01', end_date: '2020-01-31', owned_by: t.world.member.id, project_id: projectId });
    await t.plane.cycles.archive(slug, projectId, done.id);
    expect((await t.plane.cycles.listArchived(slug, projectId)).results.map((c) => c.id)).toEqual([done.id]);
    await t.plane.cycles.unArchive(slug, projectId, done.id);
    expect((await t.plane.cycles.listArchived(slug, projectId)).results).toEqual([]);

    await admin.cycles.delete(slug, projectId, done.id);
    expect(await statusOf(t.plane.cycles.retrieve(slug, projectId, done.id))).toBe(404);
  });

  test('modules: CRUD, module issues, archive', async () => {
    const items = await Promise.all(['M1', 'M2'].map((name) => t.plane.workItems.create(slug, projectId, { name })));
    const module = await t.plane.modules.create(slug, projectId, { name: 'Auth', lead: t.world.member.id, members: [t.world.member.id, t.world.admin.id] });
    expect(module).toMatchObject({ name: 'Auth', project: projectId, lead: t.world.member.id });
    expect(((module as unknown as { members: string[] }).members).sort()).toEqual([t.world.member.id, t.world.admin.id].sort());
    expect((await t.plane.modules.list(slug, projectId)).results.map((m) => m.id)).toEqual([module.id]);
    expect(await t.plane.modules.retrieve(slug, projectId, module.id)).toMatchObject({ name: 'Auth' });
    expect(await t.plane.modules.update(slug, projectId, module.id, { name: 'Auth & SSO', status: 'in-progress' })).toMatchObject({ name: 'Auth & SSO', status: 'in-progress' });

    await t.plane.modules.addWorkItemsToModule(slug, projectId, module.id, items.map((item) => item.id));
    const inModule = await t.plane.modules.listWorkItemsInModule(slug, projectId, module.id);
    expect(inModule.results.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    expect((await app(`/issues/${items[0].id}/`)) as object).toMatchObject({ module_ids: [module.id] });
    await t.plane.modules.removeWorkItemFromModule(slug, projectId, module.id, items[0].id);
    expect((await t.plane.modules.listWorkItemsInModule(slug, projectId, module.id)).results.map((item) => item.id)).toEqual([items[1].id]);

    await t.plane.modules.update(slug, projectId, module.id, { status: 'completed' });
    await t.plane.modules.archiveModule(slug, projectId, module.id);
    expect((await t.plane.modules.listArchivedModules(slug, projectId)).results.map((m) => m.id)).toEqual([module.id]);
    await t.plane.modules.unArchiveModule(slug, projectId, module.id);
    expect((await t.plane.modules.list(slug, projectId)).results.map((m) => m.id)).toEqual([module.id]);
    await t.plane.modules.delete(slug, projectId, module.id);
    expect((await t.plane.modules.list(slug, projectId)).results).toEqual([]);
  });
});
