// The list item is built twice on purpose: as JSON text by the database for list pages
// (server/list-engine/item.ts) and by presentIssue for every other path (server/services/work-items/presenters/issue.ts).
// This test holds the two to the same keys, key order and values, on issues that exercise every
// field: links, attachments, labels (one deleted), assignees, modules, a cycle, sub-issues, dates,
// a completed state and a fractional sort order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { presentIssue } from '../../server/services/work-items/presenters/issue';
import { loadIssueRowsByIds } from '../../server/services/work-items/issue-read';
import { createTestServer, type TestServer } from '../support/server';
import { buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from '../support/factories';
import { insertCycles, insertIssues, insertLabels, insertModules } from './fixtures';

let server: TestServer;
let owner: TestUser;
let workspace: TestWorkspace;
let project: TestProject;
let ids: string[];

beforeAll(async () => {
  server = await createTestServer();
  owner = await buildUser(server);
  await setupInstance(server, owner);
  workspace = await buildWorkspace(server, owner);
  project = await buildProject(server, workspace, owner);
  const { db } = server.database;
  const labels = await insertLabels(db, project, ['bug', 'feature', 'gone']);
  const modules = await insertModules(db, project, ['Auth']);
  const cycles = await insertCycles(db, project, ['Sprint']);
  const [parent] = await insertIssues(db, project, [{ name: 'parent "quoted" \\ name ✓', priority: 'urgent', sortOrder: 1234.5, targetDate: '2024-02-01', startDate: '2024-01-15', labelIds: labels, assigneeIds: [owner.id], moduleIds: modules, cycleId: cycles[0], createdBy: owner.id }]);
  const children = await insertIssues(db, project, [
    { name: 'child', parentId: parent, stateId: project.states.completed },
    { name: 'plain' },
  ]);
  ids = [parent, ...children];
  await server.database.query(sql`update labels set deleted_at = now() where id = ${labels[2]}`);
  await server.database.query(sql`update issues set completed_at = now() where id = ${children[0]}`);
  await server.database.query(sql`insert into issue_links (issue_id, project_id, workspace_id, url) values (${parent}, ${project.id}, ${workspace.id}, 'https://example.com')`);
  await server.database.query(sql`insert into issue_attachments (issue_id, project_id, workspace_id, asset, name, size, is_uploaded) values (${parent}, ${project.id}, ${workspace.id}, 'a/b.txt', 'b.txt', 3, true)`);
});

afterAll(async () => {
  await server?.close();
});

test('list items equal presentIssue, key for key and in the same order', async () => {
  const response = await server.inject({ method: 'GET', url: `/api/workspaces/${workspace.slug}/projects/${project.id}/issues/?per_page=10`, headers: owner.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  const listed = new Map((response.json().results as Array<{ id: string }>).map((item) => [item.id, item]));
  const presented = (await loadIssueRowsByIds(server.database.db, ids)).map((row) => JSON.parse(JSON.stringify(presentIssue(row))));
  expect(presented).toHaveLength(3);
  for (const expected of presented) {
    const actual = listed.get(expected.id);
    expect(actual).toEqual(expected);
    expect(Object.keys(actual!)).toEqual(Object.keys(expected));
  }
  const parent = listed.get(ids[0]) as Record<string, unknown>;
  expect(parent).toMatchObject({ sort_order: 1234.5, link_count: 1, attachment_count: 1, sub_issues_count: 1 });
  expect(parent.label_ids).toHaveLength(2);
});
