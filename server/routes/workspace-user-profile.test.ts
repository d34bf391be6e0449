import { beforeAll, describe, expect, test } from 'vitest';
import { buildProject } from '../../tests/support/factories';
import { useWorld } from '../../tests/support/world';

describe('workspace user profile and activity', () => {
  const world = useWorld();
  let hiddenProjectId: string;
  beforeAll(async () => {
    // A project the member is not in: its issues must not be counted for the member's view.
    hiddenProjectId = (await buildProject(world.server, world.workspace, world.admin)).id;
    const issuesUrl = (projectId: string) => `/api/workspaces/${world.workspace.slug}/projects/${projectId}/issues/`;
    const create = async (projectId: string, payload: Record<string, unknown>) => {
      const response = await world.server.inject({ method: 'POST', url: issuesUrl(projectId), headers: world.admin.headers, payload });
      expect(response.statusCode).toBe(201);
    };
    await create(world.project.id, { name: 'done', assignee_ids: [world.member.id], state_id: world.project.states.completed });
    await create(world.project.id, { name: 'todo', assignee_ids: [world.member.id], state_id: world.project.states.unstarted });
    await create(world.project.id, { name: 'unassigned' });
    await create(hiddenProjectId, { name: 'elsewhere', assignee_ids: [world.admin.id] });
  });

  const get = (caller: 'member' | 'guest' | 'outsider' | 'admin', url: string) =>
    world.server.inject({ method: 'GET', url: `/api/workspaces/${world.workspace.slug}/${url}`, headers: world[caller].headers });

  test('user-profile counts the user\'s issues per project of the caller and shows their card', async () => {
    const response = await get('member', `user-profile/${world.admin.id}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.project_data).toEqual([
      { id: world.project.id, logo_props: expect.any(Object), created_issues: 3, assigned_issues: 0, completed_issues: 0, pending_issues: 0 },
    ]);
    expect(Object.keys(body.user_data).sort()).toEqual(
      ['avatar_url', 'cover_image_url', 'date_joined', 'display_name', 'email', 'first_name', 'last_name', 'user_timezone'].sort(),
    );
    expect(body.user_data).toMatchObject({ email: world.admin.email, display_name: 'ada' });
    const assignee = (await get('admin', `user-profile/${world.member.id}/`)).json();
    expect(assignee.project_data.find((row: { id: string }) => row.id === world.project.id)).toMatchObject({
      created_issues: 0,
      assigned_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
    });
  });

  test('user-profile: guests get no project data; non-members and strangers are 404', async () => {
    expect((await get('guest', `user-profile/${world.member.id}/`)).json().project_data).toEqual([]);
    expect((await get('member', `user-profile/${world.outsider.id}/`)).statusCode).toBe(404);
    expect((await get('member', 'user-profile/not-a-uuid/')).statusCode).toBe(404);
    expect((await get('outsider', `user-profile/${world.member.id}/`)).statusCode).toBe(403);
  });

  test('user-activity pages the user\'s history in the caller\'s projects only', async () => {
    const response = await get('member', `user-activity/${world.admin.id}/`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ grouped_by: null, total_results: 3, count: 3 });
    expect(page.results.every((row: { project: string; actor: string }) => row.project === world.project.id && row.actor === world.admin.id)).toBe(true);
    expect((await get('admin', `user-activity/${world.admin.id}/`)).json().total_results).toBe(4);
    const filtered = (await get('admin', `user-activity/${world.admin.id}/?project=${hiddenProjectId}`)).json();
    expect(filtered.total_results).toBe(1);
    const bad = await get('admin', `user-activity/${world.admin.id}/?project=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('project');
    expect((await get('admin', `user-activity/${world.admin.id}/?cursor=junk`)).json()).toEqual({ error: 'Invalid cursor parameter.' });
    expect((await get('member', `user-activity/${world.outsider.id}/`)).statusCode).toBe(404);
  });

  test('user-stats: distributions and counts of the user\'s issues in the caller\'s projects', async () => {
    const response = await get('admin', `user-stats/${world.member.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      state_distribution: [
        { state_group: 'completed', state_count: 1 },
        { state_group: 'unstarted', state_count: 1 },
      ],
      priority_distribution: [{ priority: 'none', priority_count: 2, priority_order: 4 }],
      created_issues: 0,
      assigned_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
      subscribed_issues: expect.any(Number),
      present_cycles: [],
      upcoming_cycles: [],
    });
    // The member is not in the hidden project, so the admin's issue there is not counted for them.
    expect((await get('member', `user-stats/${world.admin.id}/`)).json().created_issues).toBe(3);
    expect((await get('admin', `user-stats/${world.admin.id}/`)).json().created_issues).toBe(4);
    expect((await get('member', `user-stats/${world.outsider.id}/`)).statusCode).toBe(404);
  });

  test('a submission waiting in intake is no issue of the profile yet; once accepted it counts', async () => {
    const project = `/api/workspaces/${world.workspace.slug}/projects/${world.project.id}`;
    expect((await world.server.inject({ method: 'PATCH', url: `${project}/`, headers: world.admin.headers, payload: { intake_view: true } })).statusCode).toBe(200);
    const before = { stats: (await get('admin', `user-stats/${world.member.id}/`)).json(), profile: (await get('admin', `user-profile/${world.member.id}/`)).json() };
    const submitted = await world.server.inject({ method: 'POST', url: `${project}/intake-issues/`, headers: world.member.headers, payload: { issue: { name: 'waiting', priority: 'high', assignee_ids: [world.member.id] } } });
    expect(submitted.statusCode).toBe(200);
    const issueId = submitted.json().issue.id as string;
    const stats = (await get('admin', `user-stats/${world.member.id}/`)).json();
    expect(stats).toEqual(before.stats);
    expect(stats.state_distribution.map((row: { state_group: string }) => row.state_group)).not.toContain('triage');
    expect((await get('admin', `user-profile/${world.member.id}/`)).json().project_data).toEqual(before.profile.project_data);

    const accepted = await world.server.inject({ method: 'PATCH', url: `${project}/intake-issues/${issueId}/`, headers: world.admin.headers, payload: { status: 1 } });
    expect(accepted.statusCode).toBe(200);
    const after = (await get('admin', `user-stats/${world.member.id}/`)).json();
    expect(after).toMatchObject({ created_issues: before.stats.created_issues + 1, assigned_issues: before.stats.assigned_issues + 1 });
    expect(after.priority_distribution).toContainEqual({ priority: 'high', priority_count: 1, priority_order: 1 });
    const row = (await get('admin', `user-profile/${world.member.id}/`)).json().project_data.find((entry: { id: string }) => entry.id === world.project.id);
    expect(row).toMatchObject({ created_issues: 1, assigned_issues: 3 });
  });
});
