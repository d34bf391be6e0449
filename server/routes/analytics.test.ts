// Workspace analytics (reference §8.2): every dimension on the x axis and as a segment gives the
// right numbers for data made through the API; estimate points sum numeric values; filters apply;
// only the caller's projects count (a guest sees their own issues, a member of another project
// nothing of it); bad axes answer the reference's 400s; saved views round-trip and run.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { QueryOptions } from '../../db/client';
import { ANALYTICS_DIMENSIONS, type AnalyticsDistribution } from '../../shared/schemas/analytics';
import { buildProject, buildWorkspace, type TestProject, type TestUser } from '../../tests/support/factories';
import { useTeam } from '../../tests/support/team';

describe('analytics', () => {
  const team = useTeam({ member: { workspace: 15, project: 15 }, guest: { workspace: 5, project: 5 }, loner: { workspace: 15 }, outsider: {} });
  let secret: TestProject;
  let bug: string;
  let feature: string;
  let points: Record<string, string>;
  let cycleId: string;
  let moduleId: string;
  const thisYear = new Date().getUTCFullYear();

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    team.server.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const ws = () => `/api/workspaces/${team.workspace.slug}`;
  const pj = (p: TestProject) => `${ws()}/projects/${p.id}`;
  const ok = async (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const chart = async (params: Record<string, string>, user = team.owner) => {
    const response = await call(user, 'GET', `${ws()}/analytics/?${new URLSearchParams(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; distribution: AnalyticsDistribution; extras: Record<string, Array<Record<string, string>>> };
  };
  /** `{x value: measure}` of an unsegmented chart. */
  const totals = (distribution: AnalyticsDistribution, measure: 'count' | 'estimate' = 'count') =>
    Object.fromEntries(Object.entries(distribution).map(([key, items]) => [key, items.reduce((sum, item) => sum + (item[measure] ?? 0), 0)]));

  beforeAll(async () => {
    await buildWorkspace(team.server, team.outsider);
    // A project only the loner belongs to: nobody else's charts may count it.
    secret = await buildProject(team.server, team.workspace, team.loner);

    bug = (await ok(team.owner, 'POST', `${pj(team.project)}/issue-labels/`, { name: 'bug', color: '#ff0000' })).id;
    feature = (await ok(team.owner, 'POST', `${pj(team.project)}/issue-labels/`, { name: 'feature', color: '#00ff00' })).id;
    const estimate = await ok(team.owner, 'POST', `${pj(team.project)}/estimates/`, {
      estimate: { name: 'Points', type: 'points' },
      estimate_points: [{ key: 1, value: '1' }, { key: 2, value: '3' }, { key: 3, value: '8' }],
    });
    points = Object.fromEntries(estimate.points.map((p: { value: string; id: string }) => [p.value, p.id]));
    cycleId = (await ok(team.owner, 'POST', `${pj(team.project)}/cycles/`, { name: 'Sprint 1' })).id;
    moduleId = (await ok(team.owner, 'POST', `${pj(team.project)}/modules/`, { name: 'Search' })).id;

    const issue = (body: object, user = team.owner, p = team.project) => ok(user, 'POST', `${pj(p)}/issues/`, body);
    const a = await issue({ name: 'A', priority: 'urgent', state_id: team.project.states.started, label_ids: [bug], assignee_ids: [team.owner.id, team.member.id], estimate_point: points['3'], start_date: `${thisYear}-01-15`, target_date: `${thisYear}-02-01` });
    const b = await issue({ name: 'B', priority: 'high', state_id: team.project.states.started, label_ids: [bug, feature], assignee_ids: [team.member.id], estimate_point: points['8'], target_date: `${thisYear}-02-20` });
    const c = await issue({ name: 'C', priority: 'urgent', state_id: team.project.states.backlog, estimate_point: points['1'] });
    await issue({ name: 'D', priority: 'none', state_id: team.project.states.completed, label_ids: [feature] });
    await ok(team.owner, 'POST', `${pj(team.project)}/cycles/${cycleId}/cycle-issues/`, { issues: [a.id, b.id] });
    await ok(team.owner, 'POST', `${pj(team.project)}/modules/${moduleId}/issues/`, { issues: [c.id] });
    await issue({ name: 'hidden', priority: 'urgent', label_ids: [], assignee_ids: [team.loner.id] }, team.loner, secret);
  });

  test('issue counts along every dimension, with the extras naming what is charted', async () => {
    const byPriority = await chart({ x_axis: 'priority', y_axis: 'issue_count' });
    expect(byPriority.total).toBe(4);
    expect(Object.keys(byPriority.distribution)).toEqual(['urgent', 'high', 'none']);
    expect(totals(byPriority.distribution)).toEqual({ urgent: 2, high: 1, none: 1 });
    expect(byPriority.distribution.urgent[0]).toEqual({ dimension: 'urgent', count: 2 });

    const byGroup = await chart({ x_axis: 'state__group', y_axis: 'issue_count' });
    expect(totals(byGroup.distribution)).toEqual({ backlog: 1, completed: 1, started: 2 });

    const byState = await chart({ x_axis: 'state_id', y_axis: 'issue_count' });
    expect(totals(byState.distribution)).toEqual({ [team.project.states.started]: 2, [team.project.states.backlog]: 1, [team.project.states.completed]: 1 });
    expect(byState.extras.state_details.map((s) => s.state__name).sort()).toEqual(['Backlog', 'Done', 'In Progress']);
    expect(byState.extras.label_details).toEqual([]);

    // An issue with two labels counts under both; unlabeled issues under "None".
    const byLabel = await chart({ x_axis: 'labels__id', y_axis: 'issue_count' });
    expect(totals(byLabel.distribution)).toEqual({ [bug]: 2, [feature]: 2, None: 1 });
    expect(byLabel.distribution.None[0].dimension).toBeNull();
    expect(byLabel.extras.label_details).toEqual(
      expect.arrayContaining([{ labels__id: bug, labels__name: 'bug', labels__color: '#ff0000' }, { labels__id: feature, labels__name: 'feature', labels__color: '#00ff00' }]),
    );

    const byAssignee = await chart({ x_axis: 'assignees__id', y_axis: 'issue_count' });
    expect(totals(byAssignee.distribution)).toEqual({ [team.owner.id]: 1, [team.member.id]: 2, None: 2 });
    expect(byAssignee.extras.assignee_details.map((u) => u.assignees__id).sort()).toEqual([team.owner.id, team.member.id].sort());

    expect(totals((await chart({ x_axis: 'estimate_point__value', y_axis: 'issue_count' })).distribution)).toEqual({ '1': 1, '3': 1, '8': 1, None: 1 });
    const byCycle = await chart({ x_axis: 'issue_cycle__cycle_id', y_axis: 'issue_count' });
    expect(totals(byCycle.distribution)).toEqual({ [cycleId]: 2, None: 2 });
    expect(byCycle.extras.cycle_details).toEqual([{ issue_cycle__cycle_id: cycleId, issue_cycle__cycle__name: 'Sprint 1' }]);
    const byModule = await chart({ x_axis: 'issue_module__module_id', y_axis: 'issue_count' });
    expect(totals(byModule.distribution)).toEqual({ [moduleId]: 1, None: 3 });
    expect(byModule.extras.module_details).toEqual([{ issue_module__module_id: moduleId, issue_module__module__name: 'Search' }]);

    // Date axes: month buckets "YYYY-M" in time order, issues without the date left out.
    expect(totals((await chart({ x_axis: 'target_date', y_axis: 'issue_count' })).distribution)).toEqual({ [`${thisYear}-2`]: 2 });
    expect(totals((await chart({ x_axis: 'start_date', y_axis: 'issue_count' })).distribution)).toEqual({ [`${thisYear}-1`]: 1 });
    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${now.getUTCMonth() + 1}`;
    expect(totals((await chart({ x_axis: 'created_at', y_axis: 'issue_count' })).distribution)).toEqual({ [thisMonth]: 4 });
    expect(totals((await chart({ x_axis: 'completed_at', y_axis: 'issue_count' })).distribution)).toEqual({ [thisMonth]: 1 });
  });

  test('every pair of different dimensions charts (x axis × segment), segments summing to the x totals', async () => {
    for (const x of ANALYTICS_DIMENSIONS) {
      const plain = totals((await chart({ x_axis: x, y_axis: 'issue_count' })).distribution);
      for (const segment of ANALYTICS_DIMENSIONS) {
        if (segment === x) continue;
        const segmented = await chart({ x_axis: x, y_axis: 'issue_count', segment });
        for (const [key, items] of Object.entries(segmented.distribution)) {
          for (const item of items) expect(item).toHaveProperty('segment');
          // A many-to-many segment counts an issue once per value; a single-valued one splits exactly.
          if (!['labels__id', 'assignees__id'].includes(segment)) expect(items.reduce((sum, item) => sum + (item.count ?? 0), 0), `${x} × ${segment} @ ${key}`).toBe(plain[key]);
        }
      }
    }
  }, 120_000);

  test('a segmented chart splits each bar', async () => {
    const result = await chart({ x_axis: 'priority', y_axis: 'issue_count', segment: 'state__group' });
    expect(result.distribution.urgent).toEqual([
      { dimension: 'urgent', segment: 'backlog', count: 1 },
      { dimension: 'urgent', segment: 'started', count: 1 },
    ]);
    const byLabel = await chart({ x_axis: 'labels__id', y_axis: 'issue_count', segment: 'assignees__id' });
    expect(byLabel.distribution[bug]).toEqual(
      expect.arrayContaining([
        { dimension: bug, segment: team.owner.id, count: 1 },
        { dimension: bug, segment: team.member.id, count: 2 },
      ]),
    );
  });

  test('estimate points sum the numeric values', async () => {
    const result = await chart({ x_axis: 'priority', y_axis: 'estimate' });
    expect(totals(result.distribution, 'estimate')).toEqual({ urgent: 4, high: 8, none: 0 });
    expect(result.distribution.high[0]).toEqual({ dimension: 'high', estimate: 8 });
  });

  test('legacy filters narrow the chart (project, priority)', async () => {
    expect((await chart({ x_axis: 'priority', y_axis: 'issue_count', priority: 'urgent' })).total).toBe(2);
    expect((await chart({ x_axis: 'priority', y_axis: 'issue_count', project: team.project.id })).total).toBe(4);
    // Asking for a project one does not belong to shows nothing of it.
    expect((await chart({ x_axis: 'priority', y_axis: 'issue_count', project: secret.id })).total).toBe(0);
  });

  test("only the caller's projects count", async () => {
    const loners = await chart({ x_axis: 'priority', y_axis: 'issue_count' }, team.loner);
    expect(loners.total).toBe(1);
    expect(totals(loners.distribution)).toEqual({ urgent: 1 });
    // The workspace admin is no member of the loner's project: it stays out of their chart too.
    expect((await chart({ x_axis: 'priority', y_axis: 'issue_count' }, team.owner)).total).toBe(4);
    // A guest has no access to charts; their overview counts only their own issues (none).
    expect((await call(team.guest, 'GET', `${ws()}/analytics/?x_axis=priority&y_axis=issue_count`)).statusCode).toBe(403);
    const overview = await call(team.guest, 'GET', `${ws()}/default-analytics/`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().total_issues).toBe(0);
    expect((await call(team.outsider, 'GET', `${ws()}/default-analytics/`)).statusCode).toBe(403);
  });

  test('each chart and the overview is one SQL statement', async () => {
    // Every statement the server sends while answering, by text (the session and access checks included).
    const database = team.server.app.ctx.database;
    const original = database.query.bind(database);
    const dialect = new PgDialect({ casing: 'snake_case' });
    const sent: string[] = [];
    database.query = ((statement: SQL, options?: QueryOptions) => {
      sent.push(dialect.sqlToQuery(statement).sql);
      return original(statement, options);
    }) as typeof database.query;
    const issueStatements = async (url: string) => {
      sent.length = 0;
      expect((await call(team.owner, 'GET', url)).statusCode).toBe(200);
      return sent.filter((text) => /\bissues\b/.test(text)).length;
    };
    try {
      for (const params of [
        'x_axis=priority&y_axis=issue_count',
        'x_axis=labels__id&y_axis=issue_count&segment=assignees__id',
        'x_axis=created_at&y_axis=estimate&segment=issue_module__module_id',
      ]) {
        expect(await issueStatements(`${ws()}/analytics/?${params}`), params).toBe(1);
      }
      expect(await issueStatements(`${ws()}/default-analytics/`)).toBe(1);
    } finally {
      database.query = original;
    }
  });

  test('bad axes answer the reference messages', async () => {
    const bad = async (query: string, error: string) => {
      const response = await call(team.owner, 'GET', `${ws()}/analytics/?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    };
    const axes = 'x-axis and y-axis dimensions are required and the values should be valid';
    const segment = 'Both segment and x axis cannot be same and segment should be valid';
    await bad('', axes);
    await bad('x_axis=priority', axes);
    await bad('x_axis=name&y_axis=issue_count', axes);
    await bad('x_axis=priority&y_axis=effort', axes);
    await bad('x_axis=priority&y_axis=issue_count&segment=priority', segment);
    await bad('x_axis=priority&y_axis=issue_count&segment=sequence_id', segment);
  });

  test('odd filter values never break a chart', async () => {
    for (const filter of ['name=a%00b', 'priority=%00', 'project=not-a-uuid', 'created_at=2024-13-45;after', 'state_group=,', 'assignees=None', `labels=${'x'.repeat(5000)}`]) {
      for (const path of ['analytics/?x_axis=priority&y_axis=estimate&segment=labels__id&', 'default-analytics/?']) {
        const response = await call(team.owner, 'GET', `${ws()}/${path}${filter}`);
        expect(response.statusCode, `${path}${filter}: ${response.body}`).toBeLessThan(500);
      }
    }
    // "None" asks for issues without an assignee.
    expect((await chart({ x_axis: 'priority', y_axis: 'issue_count', assignees: 'None' })).total).toBe(2);
  });

  test('default analytics: totals by state group, open issues, top users, estimate sums', async () => {
    const result = (await call(team.member, 'GET', `${ws()}/default-analytics/`)).json();
    expect(result).toMatchObject({
      total_issues: 4,
      open_issues: 3,
      open_estimate_sum: 12,
      total_estimate_sum: 12,
    });
    expect(result.total_issues_classified).toEqual([
      { state_group: 'backlog', state_count: 1 },
      { state_group: 'completed', state_count: 1 },
      { state_group: 'started', state_count: 2 },
    ]);
    expect(result.open_issues_classified).toEqual([
      { state_group: 'backlog', state_count: 1 },
      { state_group: 'started', state_count: 2 },
    ]);
    expect(result.issue_completed_month_wise).toEqual([{ month: new Date().getUTCMonth() + 1, count: 1 }]);
    expect(result.most_issue_created_user).toEqual([expect.objectContaining({ created_by__id: team.owner.id, count: 4 })]);
    expect(result.most_issue_closed_user).toEqual([]);
    expect(result.pending_issue_user).toEqual(
      expect.arrayContaining([expect.objectContaining({ assignees__id: team.member.id, count: 2 }), expect.objectContaining({ assignees__id: null, count: 1 })]),
    );
  });

  test('project stats for the caller’s projects, the asked fields only', async () => {
    const all = (await call(team.owner, 'GET', `${ws()}/project-stats/`)).json();
    expect(all).toEqual([{ id: team.project.id, total_issues: 4, completed_issues: 1, total_members: 3, total_cycles: 1, total_modules: 1 }]);
    const some = (await call(team.owner, 'GET', `${ws()}/project-stats/?fields=total_issues,nonsense&project_ids=${team.project.id},${secret.id}`)).json();
    expect(some).toEqual([{ id: team.project.id, total_issues: 4 }]);
  });

  test('saved analytic views: create, list, run, update, delete; a bad query is refused', async () => {
    const views = `${ws()}/analytic-view/`;
    const created = await call(team.owner, 'POST', views, { name: 'By priority', query_dict: { x_axis: 'priority', y_axis: 'issue_count', segment: 'state__group', project: team.project.id } });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ name: 'By priority', description: '', workspace: team.workspace.id, query: { project: team.project.id }, created_by: team.owner.id });
    expect((await call(team.owner, 'GET', views)).json().map((v: { id: string }) => v.id)).toEqual([view.id]);
    expect((await call(team.member, 'GET', views)).statusCode).toBe(403);

    const run = await call(team.member, 'GET', `${ws()}/saved-analytic-view/${view.id}/`);
    expect(run.statusCode).toBe(200);
    expect(run.json().total).toBe(4);
    expect(run.json().distribution.urgent).toHaveLength(2);
    expect(run.json()).not.toHaveProperty('extras');
    // A segment in the query overrides the saved one.
    expect((await call(team.member, 'GET', `${ws()}/saved-analytic-view/${view.id}/?segment=labels__id`)).json().distribution.high).toHaveLength(2);

    const patched = await call(team.owner, 'PATCH', `${views}${view.id}/`, { name: 'Renamed', query_dict: { x_axis: 'labels__id', y_axis: 'estimate' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', query: {}, query_dict: { x_axis: 'labels__id', y_axis: 'estimate' } });
    expect((await call(team.owner, 'PATCH', `${views}${view.id}/`, { query_dict: { x_axis: 'priority', y_axis: 'issue_count', segment: 'priority' } })).json()).toEqual({
      error: 'Both segment and x axis cannot be same and segment should be valid',
    });
    const refused = await call(team.owner, 'POST', views, { name: 'Bad', query_dict: { x_axis: 'nope', y_axis: 'issue_count' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'x-axis and y-axis dimensions are required and the values should be valid' });

    expect((await call(team.owner, 'DELETE', `${views}${view.id}/`)).statusCode).toBe(204);
    expect((await call(team.owner, 'GET', `${views}${view.id}/`)).statusCode).toBe(404);
    expect((await call(team.member, 'GET', `${ws()}/saved-analytic-view/${view.id}/`)).statusCode).toBe(404);
  });
});
