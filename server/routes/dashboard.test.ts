import { beforeAll, describe, expect, test } from 'vitest';
import { buildProject, type TestProject } from '../../tests/support/factories';
import { useWorld, type CallerName } from '../../tests/support/world';
import { addDays, todayIn } from '../../shared/calendar-day';
import { WIDGET_KEYS, durationTargetDate } from '../../shared/dashboard';

describe('home dashboard', () => {
  const world = useWorld();
  let hidden: TestProject;
  const today = todayIn('UTC');
  const issueIds: Record<string, string> = {};

  beforeAll(async () => {
    // A project the member is not in: nothing of it may show on the member's dashboard.
    hidden = await buildProject(world.server, world.workspace, world.admin);
    const create = async (caller: CallerName, projectId: string, name: string, payload: Record<string, unknown>) => {
      const response = await world.server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/projects/${projectId}/issues/`, headers: world.headers[caller], payload: { name, ...payload } });
      expect(response.statusCode).toBe(201);
      issueIds[name] = response.json().id;
    };
    const states = world.project.states;
    await create('admin', world.project.id, 'overdue', { assignee_ids: [world.member.id], state_id: states.started, target_date: addDays(today, -3) });
    await create('admin', world.project.id, 'upcoming', { assignee_ids: [world.member.id], state_id: states.unstarted, target_date: addDays(today, 2) });
    await create('admin', world.project.id, 'done', { assignee_ids: [world.member.id], state_id: states.completed, priority: 'high' });
    await create('member', world.project.id, 'mine', { priority: 'urgent' });
    await create('admin', hidden.id, 'secret', { assignee_ids: [world.admin.id] });
  });

  const api = (caller: CallerName, method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
    world.server.inject({ method, url, headers: world.headers[caller], ...(payload === undefined ? {} : { payload: payload as object }) });
  const home = (caller: CallerName, type = 'home') => api(caller, 'GET', `/api/workspaces/${world.workspace.slug}/dashboard/?dashboard_type=${type}`);
  const stats = async (caller: CallerName, dashboardId: string, query: string) => api(caller, 'GET', `/api/workspaces/${world.workspace.slug}/dashboard/${dashboardId}/?${query}`);

  test('the home dashboard is created once per member with every widget and its default filters', async () => {
    const first = await home('member');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.dashboard).toMatchObject({ owned_by: world.member.id, type_identifier: 'home', workspace: world.workspace.id });
    expect(body.widgets.map((widget: { key: string }) => widget.key)).toEqual([...WIDGET_KEYS]);
    expect(body.widgets.find((widget: { key: string }) => widget.key === 'assigned_issues')).toMatchObject({ is_visible: true, widget_filters: { duration: 'this_week', tab: 'upcoming' } });
    expect(body.widgets.find((widget: { key: string }) => widget.key === 'issues_by_priority').widget_filters).toEqual({ duration: 'this_week' });
    const again = (await home('member')).json();
    expect(again.dashboard.id).toBe(body.dashboard.id);
    const admins = (await home('admin')).json();
    expect(admins.dashboard.id).not.toBe(body.dashboard.id);
    // Racing first visits still make one dashboard.
    const guests = await Promise.all([home('guest'), home('guest'), home('guest')]);
    expect(new Set(guests.map((response) => response.json().dashboard.id)).size).toBe(1);
  });

  test('a missing or unknown dashboard type is 400; outsiders are refused', async () => {
    expect((await home('member', 'project')).json()).toEqual({ error: 'Please specify a valid dashboard type' });
    const missing = await api('member', 'GET', `/api/workspaces/${world.workspace.slug}/dashboard/`);
    expect(missing.statusCode).toBe(400);
    expect((await home('outsider')).statusCode).toBe(403);
    expect((await home('anonymous')).statusCode).toBe(401);
  });

  test('overview stats count the member\'s own issues in their projects', async () => {
    const { dashboard } = (await home('member')).json();
    const response = await stats('member', dashboard.id, 'widget_key=overview_stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ assigned_issues_count: 3, pending_issues_count: 1, completed_issues_count: 1, created_issues_count: 1 });
    const admin = (await home('admin')).json().dashboard;
    // The admin's own count includes the project the member cannot see.
    expect((await stats('admin', admin.id, 'widget_key=overview_stats')).json()).toEqual({ assigned_issues_count: 1, pending_issues_count: 0, completed_issues_count: 0, created_issues_count: 4 });
  });

  test('assigned and created issues by tab, with a target-date period', async () => {
    const { dashboard } = (await home('member')).json();
    const tab = async (key: string, type: string, extra = '') => (await stats('member', dashboard.id, `widget_key=${key}&issue_type=${type}${extra}`)).json();
    const upcoming = await tab('assigned_issues', 'upcoming');
    expect(upcoming.count).toBe(1);
    expect(upcoming.issues[0]).toMatchObject({ id: issueIds.upcoming, project_id: world.project.id, project__identifier: world.project.identifier, state__group: 'unstarted', assignee_ids: [world.member.id], target_date: addDays(today, 2) });
    expect((await tab('assigned_issues', 'overdue')).issues.map((issue: { id: string }) => issue.id)).toEqual([issueIds.overdue]);
    expect((await tab('assigned_issues', 'completed')).issues.map((issue: { id: string }) => issue.id)).toEqual([issueIds.done]);
    expect((await tab('assigned_issues', 'pending')).count).toBe(2);
    expect((await tab('created_issues', 'upcoming')).issues.map((issue: { id: string }) => issue.id)).toEqual([issueIds.mine]);
    // Only issues due within the period count.
    const tomorrowOn = encodeURIComponent(`${addDays(today, 1)};after`);
    expect((await tab('assigned_issues', 'pending', `&target_date=${tomorrowOn}`)).count).toBe(1);
    const thisYear = encodeURIComponent(durationTargetDate('this_year'));
    expect((await tab('assigned_issues', 'upcoming', `&target_date=${thisYear}`)).count).toBeLessThanOrEqual(1);
    const bad = await stats('member', dashboard.id, 'widget_key=assigned_issues&target_date=yesterday;after');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('target_date');
    expect((await stats('member', dashboard.id, 'widget_key=assigned_issues&issue_type=someday')).statusCode).toBe(400);
  });

  test('issues by state group and by priority list every group with zeros', async () => {
    const { dashboard } = (await home('member')).json();
    expect((await stats('member', dashboard.id, 'widget_key=issues_by_state_groups')).json()).toEqual([
      { state: 'backlog', count: 0 },
      { state: 'unstarted', count: 1 },
      { state: 'started', count: 1 },
      { state: 'completed', count: 1 },
      { state: 'cancelled', count: 0 },
    ]);
    expect((await stats('member', dashboard.id, 'widget_key=issues_by_priority')).json()).toEqual([
      { priority: 'urgent', count: 0 },
      { priority: 'high', count: 1 },
      { priority: 'medium', count: 0 },
      { priority: 'low', count: 0 },
      { priority: 'none', count: 2 },
    ]);
  });

  test('recent activity, projects and collaborators stay within the caller\'s projects', async () => {
    const member = (await home('member')).json().dashboard;
    const activity = (await stats('member', member.id, 'widget_key=recent_activity')).json();
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.every((row: { actor: string; project: string }) => row.actor === world.member.id && row.project === world.project.id)).toBe(true);
    expect((await stats('member', member.id, 'widget_key=recent_projects')).json()).toEqual([world.project.id]);
    const admin = (await home('admin')).json().dashboard;
    const adminProjects = (await stats('admin', admin.id, 'widget_key=recent_projects')).json();
    expect(new Set(adminProjects)).toEqual(new Set([world.project.id, hidden.id]));
    const collaborators = (await stats('admin', admin.id, 'widget_key=recent_collaborators')).json();
    expect(collaborators[0]).toEqual({ user_id: world.member.id, active_issue_count: 2 });
    expect(collaborators.map((row: { user_id: string }) => row.user_id)).not.toContain(world.admin.id);
    expect((await stats('admin', admin.id, 'widget_key=recent_collaborators&search=gil')).json()).toEqual([{ user_id: world.guest.id, active_issue_count: 0 }]);
  });

  test('a guest counts only what they created', async () => {
    const { dashboard } = (await home('guest')).json();
    expect((await stats('guest', dashboard.id, 'widget_key=overview_stats')).json()).toEqual({ assigned_issues_count: 0, pending_issues_count: 0, completed_issues_count: 0, created_issues_count: 0 });
    expect((await stats('guest', dashboard.id, 'widget_key=recent_collaborators')).json().every((row: { active_issue_count: number }) => row.active_issue_count === 0)).toBe(true);
  });

  test('an unknown or missing widget key is 400; someone else\'s dashboard is 404', async () => {
    const { dashboard } = (await home('member')).json();
    expect((await stats('member', dashboard.id, 'widget_key=weather')).json()).toEqual({ error: 'Please specify a valid widget key' });
    expect((await stats('member', dashboard.id, '')).statusCode).toBe(400);
    expect((await stats('admin', dashboard.id, 'widget_key=overview_stats')).statusCode).toBe(404);
    expect((await stats('member', 'not-a-uuid', 'widget_key=overview_stats')).statusCode).toBe(404);
    expect((await api('admin', 'GET', `/api/dashboard/${dashboard.id}/`)).statusCode).toBe(404);
    const own = await api('member', 'GET', `/api/dashboard/${dashboard.id}/`);
    expect(own.statusCode).toBe(200);
    expect(own.json().widgets).toHaveLength(WIDGET_KEYS.length);
  });

  test('a widget is hidden and its filters saved; both persist', async () => {
    const { dashboard, widgets } = (await home('member')).json();
    const widget = (key: string) => widgets.find((row: { key: string }) => row.key === key);
    const patch = (caller: CallerName, widgetId: string, payload: unknown) => api(caller, 'PATCH', `/api/dashboard/${dashboard.id}/widgets/${widgetId}/`, payload);
    const hide = await patch('member', widget('recent_activity').id, { is_visible: false });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ message: 'successfully updated' });
    expect((await patch('member', widget('assigned_issues').id, { filters: { tab: 'overdue' } })).statusCode).toBe(200);
    expect((await patch('member', widget('assigned_issues').id, { filters: { duration: 'this_month' } })).statusCode).toBe(200);
    const after = (await home('member')).json().widgets;
    const saved = (key: string) => after.find((row: { key: string }) => row.key === key);
    expect(saved('recent_activity').is_visible).toBe(false);
    expect(saved('assigned_issues').widget_filters).toEqual({ duration: 'this_month', tab: 'overdue' });
    // Other members' dashboards keep their own settings.
    expect((await home('admin')).json().widgets.find((row: { key: string }) => row.key === 'recent_activity').is_visible).toBe(true);
    expect((await patch('member', widget('assigned_issues').id, { filters: { duration: 'forever' } })).statusCode).toBe(400);
    expect((await patch('member', widget('assigned_issues').id, { filters: { colour: 'red' } })).statusCode).toBe(400);
    expect((await patch('admin', widget('assigned_issues').id, { is_visible: false })).statusCode).toBe(404);
    expect((await patch('member', dashboard.id, { is_visible: false })).json()).toEqual({ error: 'Widget not found' });
    expect((await patch('anonymous', widget('assigned_issues').id, { is_visible: false })).statusCode).toBe(401);
  });
});
