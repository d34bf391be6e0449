import { beforeAll, describe, expect, test } from 'vitest';
import { issueSubscribers, views } from '../../db/schema/index';
import { addProjectMember, buildProject, type TestProject, type TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';
import { insertIssues } from '../../tests/list-engine/fixtures';

const team = useTeam({ member: { workspace: 15, project: 15 }, guest: { workspace: 5 }, anonymousOutsider: {} }, { instanceAdmin: true });
let alpha: TestProject;
let beta: TestProject;
let hidden: TestProject;

const get = (path: string, user: TestUser = team.owner) => team.server.inject({ method: 'GET', url: path, headers: user.headers });
const names = async (path: string, user: TestUser = team.owner) => {
  const response = await get(path, user);
  expect(response.statusCode, path).toBe(200);
  return response.json().results.map((issue: { name: string }) => issue.name);
};

beforeAll(async () => {
  // The team's project, where the member works.
  alpha = team.project;
  beta = await buildProject(team.server, team.workspace, team.owner);
  hidden = await buildProject(team.server, team.workspace, team.member);
  await addProjectMember(team.server, beta, team.guest, 5);
  const { db } = team.server.database;
  const t = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));
  const [a1] = await insertIssues(db, alpha, [
    { name: 'a1', createdAt: t(1), createdBy: team.owner.id, assigneeIds: [team.member.id], sortOrder: 1 },
    { name: 'a2', createdAt: t(2), createdBy: team.member.id, priority: 'high', sortOrder: 2 },
  ]);
  await insertIssues(db, beta, [
    { name: 'b1', createdAt: t(3), createdBy: team.owner.id, assigneeIds: [team.owner.id] },
    { name: 'b2', createdAt: t(4), createdBy: team.guest.id },
  ]);
  await insertIssues(db, hidden, [{ name: 'h1', createdAt: t(5), createdBy: team.member.id, assigneeIds: [team.member.id] }]);
  await db.insert(issueSubscribers).values({ issueId: a1, subscriberId: team.owner.id, projectId: alpha.id, workspaceId: team.workspace.id });
});

describe('GET /api/workspaces/:slug/issues/', () => {
  test('lists issues of the caller’s projects, ungrouped, -created_at', async () => {
    const response = await get(`/api/workspaces/${team.workspace.slug}/issues/?group_by=state_id`);
    const body = response.json();
    expect(body.grouped_by).toBeNull();
    expect(body.results.map((i: { name: string }) => i.name)).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(body.total_count).toBe(4);
    expect(await names(`/api/workspaces/${team.workspace.slug}/issues/`, team.member)).toEqual(['h1', 'a2', 'a1']);
  });

  test('applies the guest rule per project', async () => {
    expect(await names(`/api/workspaces/${team.workspace.slug}/issues/`, team.guest)).toEqual(['b2']);
  });

  test('built-in global views add one filter on the caller', async () => {
    const base = `/api/workspaces/${team.workspace.slug}/issues/?global_view_id=`;
    expect(await names(`${base}all-issues`)).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(await names(`${base}assigned`)).toEqual(['b1']);
    expect(await names(`${base}created`)).toEqual(['b1', 'a1']);
    expect(await names(`${base}subscribed`)).toEqual(['a1']);
  });

  test('a saved global view applies its filters; an unknown view is 404', async () => {
    const [view] = await team.server.database.db
      .insert(views)
      .values({ workspaceId: team.workspace.id, name: 'High', richFilters: { priority__in: 'high' }, ownedById: team.owner.id })
      .returning();
    expect(await names(`/api/workspaces/${team.workspace.slug}/issues/?global_view_id=${view.id}`)).toEqual(['a2']);
    const missing = await get(`/api/workspaces/${team.workspace.slug}/issues/?global_view_id=00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
  });

  test('sort_order becomes -created_at; filters and cursor apply', async () => {
    expect(await names(`/api/workspaces/${team.workspace.slug}/issues/?order_by=sort_order`)).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(await names(`/api/workspaces/${team.workspace.slug}/issues/?project=${alpha.id}`)).toEqual(['a2', 'a1']);
    const page = (await get(`/api/workspaces/${team.workspace.slug}/issues/?per_page=3&cursor=3:1:0`)).json();
    expect(page).toMatchObject({ count: 1, total_pages: 2, prev_page_results: true, next_page_results: false });
    expect((await get(`/api/workspaces/${team.workspace.slug}/issues/?cursor=bad`)).statusCode).toBe(400);
  });

  test('anonymous gets 401 and a non-member 403', async () => {
    expect((await team.server.inject({ method: 'GET', url: `/api/workspaces/${team.workspace.slug}/issues/` })).statusCode).toBe(401);
    expect((await get(`/api/workspaces/${team.workspace.slug}/issues/`, team.anonymousOutsider)).statusCode).toBe(403);
  });
});

describe('GET my-issues/ and user-issues/:userId/', () => {
  test('my-issues lists what is assigned to the caller', async () => {
    expect(await names(`/api/workspaces/${team.workspace.slug}/my-issues/`, team.member)).toEqual(['h1', 'a1']);
    expect(await names(`/api/workspaces/${team.workspace.slug}/my-issues/`)).toEqual(['b1']);
  });

  test('user-issues lists assigned, created or subscribed issues within the caller’s projects', async () => {
    expect(await names(`/api/workspaces/${team.workspace.slug}/user-issues/${team.member.id}/`)).toEqual(['a2', 'a1']);
    expect(await names(`/api/workspaces/${team.workspace.slug}/user-issues/${team.owner.id}/`)).toEqual(['b1', 'a1']);
  });

  test('user-issues groups, and refuses equal groupings', async () => {
    const body = (await get(`/api/workspaces/${team.workspace.slug}/user-issues/${team.member.id}/?group_by=priority`)).json();
    expect(body.results.high.results.map((i: { name: string }) => i.name)).toEqual(['a2']);
    const same = await get(`/api/workspaces/${team.workspace.slug}/user-issues/${team.member.id}/?group_by=priority&sub_group_by=priority`);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: 'Group by and sub group by cannot have same parameters' });
    expect((await get(`/api/workspaces/${team.workspace.slug}/user-issues/not-a-uuid/`)).statusCode).toBe(404);
  });
});
