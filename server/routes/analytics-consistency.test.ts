// Workspace analytics against a straightforward computation: the seeded demo project (labels,
// assignees, estimate points, cycles, modules, dates), roughened the way real data is — issues
// archived, deleted and left as drafts, a label deleted, a module archived, a cycle deleted, links
// removed, issues in two modules — then every chart (each x axis alone and with each segment,
// issue counts and estimate points) and the overview compared with the same numbers counted in
// TypeScript from the raw rows.
// The charts join links to a once-read issue set and group in SQL (services/planning/analytics.ts); this is
// the check that they still count each issue under every live value, and under "None" when it has
// none, and leave out what no list shows.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo, type SeedResult } from '../../db/seed/seed';
import { ANALYTICS_DATE_DIMENSIONS, ANALYTICS_DIMENSIONS, type AnalyticsDimension, type AnalyticsDistribution } from '../../shared/schemas/analytics';
import { hashSecret } from '../security';
import { createTestServer, type TestServer } from '../../tests/support/server';

interface IssueRow {
  id: string;
  state_id: string | null;
  priority: string;
  estimate_point_id: string | null;
  start_date: string | null;
  target_date: string | null;
  created_at: string;
  completed_at: string | null;
  created_by: string | null;
  listed: boolean;
}

/** What the test knows of one listed issue: its values per dimension (none → [null]) and its estimate. */
interface Fact {
  values: Record<AnalyticsDimension, Array<string | null>>;
  estimate: number;
  stateGroup: string | null;
  createdBy: string | null;
  completedAt: Date | null;
  assignees: string[];
}

const NUMBER = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;

/** `"YYYY-M"` of a UTC instant or a `YYYY-MM-DD` date. */
function month(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${Number(value.slice(0, 4))}-${Number(value.slice(5, 7))}`;
  const date = new Date(value);
  return `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}`;
}

describe('analytics agree with a plain count of the rows', () => {
  let server: TestServer;
  let seed: SeedResult;
  let headers: Record<string, string>;
  let facts: Fact[];

  const query = <T>(statement: ReturnType<typeof sql>) => server.database.query<T>(statement);

  beforeAll(async () => {
    server = await createTestServer();
    seed = await seedDemo(server.database, { issues: 1200, workspaceSlug: 'charts', members: 12, seed: 7 });
    const key = randomBytes(48).toString('hex');
    await query(sql`insert into sessions (id, user_id, kind, expires_at) values (${hashSecret(key)}, ${seed.ownerId}, 'app', now() + interval '1 day')`);
    headers = { cookie: `session-id=${key}` };

    // What no list shows, and links that no longer count.
    await query(sql`update issues set archived_at = now() where sequence_id % 17 = 1`);
    await query(sql`update issues set deleted_at = now() where sequence_id % 19 = 2`);
    await query(sql`update issues set is_draft = true where sequence_id % 23 = 3`);
    await query(sql`update labels set deleted_at = now() where id = ${seed.labelIds[0]}`);
    await query(sql`update modules set archived_at = now() where id = (select id from modules where project_id = ${seed.projectId} order by name limit 1)`);
    await query(sql`update cycles set deleted_at = now() where id = (select id from cycles where project_id = ${seed.projectId} order by name limit 1)`);
    await query(sql`update issue_labels set deleted_at = now() where issue_id in (select id from issues where sequence_id % 11 = 4)`);
    await query(sql`update issue_assignees set deleted_at = now() where issue_id in (select id from issues where sequence_id % 13 = 5)`);
    // The seed gives an issue one module at most: a second one for some.
    await query(sql`insert into module_issues (module_id, issue_id, project_id, workspace_id)
      select (select id from modules where project_id = ${seed.projectId} order by name desc limit 1), i.id, i.project_id, i.workspace_id
      from issues i where i.sequence_id % 7 = 0 and i.id not in (select issue_id from module_issues
        where module_id = (select id from modules where project_id = ${seed.projectId} order by name desc limit 1))`);
    await query(sql`update issues set completed_at = now() - interval '40 days' where completed_at is null and sequence_id % 29 = 6`);

    const issues = await query<IssueRow>(sql`select i.id::text, i.state_id::text, i.priority, i.estimate_point_id::text, i.start_date::text, i.target_date::text,
        to_json(i.created_at) #>> '{}' as created_at, to_json(i.completed_at) #>> '{}' as completed_at, i.created_by::text, (i.deleted_at is null and i.archived_at is null and not i.is_draft) as listed
      from issues i where i.workspace_id = ${seed.workspaceId}`);
    const stateGroups = new Map((await query<{ id: string; group: string }>(sql`select id::text, "group" from states`)).map((row) => [row.id, row.group]));
    const points = new Map(
      (await query<{ id: string; value: string }>(sql`select id::text, value from estimate_points where deleted_at is null`)).map((row) => [row.id, row.value]),
    );
    /** Live links by issue: link row live and its target live. */
    const links = async (statement: ReturnType<typeof sql>) => {
      const byIssue = new Map<string, string[]>();
      for (const row of await query<{ issue_id: string; key: string }>(statement)) byIssue.set(row.issue_id, [...(byIssue.get(row.issue_id) ?? []), row.key]);
      return byIssue;
    };
    const labels = await links(sql`select x.issue_id::text, x.label_id::text as key from issue_labels x join labels t on t.id = x.label_id where x.deleted_at is null and t.deleted_at is null`);
    const assignees = await links(sql`select x.issue_id::text, x.assignee_id::text as key from issue_assignees x where x.deleted_at is null`);
    const cycles = await links(sql`select x.issue_id::text, x.cycle_id::text as key from cycle_issues x join cycles t on t.id = x.cycle_id where x.deleted_at is null and t.deleted_at is null`);
    const modules = await links(
      sql`select x.issue_id::text, x.module_id::text as key from module_issues x join modules t on t.id = x.module_id where x.deleted_at is null and t.deleted_at is null and t.archived_at is null`,
    );
    const many = (byIssue: Map<string, string[]>, id: string) => (byIssue.get(id)?.length ? byIssue.get(id)! : [null]);

    facts = issues
      .filter((issue) => issue.listed)
      .map((issue) => {
        const point = issue.estimate_point_id ? (points.get(issue.estimate_point_id) ?? null) : null;
        const stateGroup = issue.state_id ? (stateGroups.get(issue.state_id) ?? null) : null;
        return {
          values: {
            state_id: [issue.state_id],
            state__group: [stateGroup],
            labels__id: many(labels, issue.id),
            assignees__id: many(assignees, issue.id),
            estimate_point__value: [point],
            issue_cycle__cycle_id: many(cycles, issue.id),
            issue_module__module_id: many(modules, issue.id),
            priority: [issue.priority],
            start_date: [month(issue.start_date)],
            target_date: [month(issue.target_date)],
            created_at: [month(issue.created_at)],
            completed_at: [month(issue.completed_at)],
          },
          estimate: point !== null && NUMBER.test(point) ? Number(point) : 0,
          stateGroup,
          createdBy: issue.created_by,
          completedAt: issue.completed_at ? new Date(issue.completed_at) : null,
          assignees: assignees.get(issue.id) ?? [],
        };
      });
  }, 180_000);
  afterAll(async () => server?.close());

  test('the data has what the charts must get right', () => {
    const hidden = 1200 - facts.length;
    expect(hidden).toBeGreaterThan(100);
    for (const dimension of ['labels__id', 'assignees__id', 'issue_module__module_id', 'issue_cycle__cycle_id'] as const) {
      expect(facts.some((fact) => fact.values[dimension][0] === null), `${dimension}: an issue without`).toBe(true);
      expect(facts.some((fact) => fact.values[dimension].length > (dimension === 'issue_cycle__cycle_id' ? 0 : 1)), `${dimension}: an issue with several`).toBe(true);
    }
    expect(facts.some((fact) => fact.values.labels__id.includes(seed.labelIds[0]))).toBe(false);
  });

  /** `{"x|segment": measure}` the plain way. */
  function expected(x: AnalyticsDimension, segment: AnalyticsDimension | null, measure: 'count' | 'estimate') {
    const cells = new Map<string, number>();
    for (const fact of facts) {
      for (const d of fact.values[x]) {
        if (d === null && ANALYTICS_DATE_DIMENSIONS.includes(x)) continue;
        for (const s of segment ? fact.values[segment] : [null]) {
          const cell = `${d}|${s}`;
          cells.set(cell, (cells.get(cell) ?? 0) + (measure === 'count' ? 1 : fact.estimate));
        }
      }
    }
    return Object.fromEntries([...cells].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  async function charted(x: AnalyticsDimension, segment: AnalyticsDimension | null, measure: 'count' | 'estimate') {
    const params = new URLSearchParams({ x_axis: x, y_axis: measure === 'count' ? 'issue_count' : 'estimate', ...(segment ? { segment } : {}) });
    const response = await server.inject({ method: 'GET', url: `/api/workspaces/${seed.workspaceSlug}/analytics/?${params}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { total: number; distribution: AnalyticsDistribution };
    const cells = new Map<string, number>();
    for (const [key, points] of Object.entries(body.distribution)) {
      for (const point of points) {
        expect(key).toBe(point.dimension ?? 'None');
        const cell = `${point.dimension}|${segment ? point.segment : null}`;
        expect(cells.has(cell), `${cell} twice`).toBe(false);
        cells.set(cell, point[measure] ?? NaN);
      }
    }
    return { total: body.total, cells: Object.fromEntries([...cells].sort(([a], [b]) => (a < b ? -1 : 1))) };
  }

  test('issue counts: every x axis, alone and with every segment', async () => {
    for (const x of ANALYTICS_DIMENSIONS) {
      for (const segment of [null, ...ANALYTICS_DIMENSIONS.filter((other) => other !== x)]) {
        const chart = await charted(x, segment, 'count');
        expect(chart.total, `${x} × ${segment}`).toBe(facts.length);
        expect(chart.cells, `${x} × ${segment}`).toEqual(expected(x, segment, 'count'));
      }
    }
  }, 300_000);

  test('estimate points: every x axis, alone and segmented by a many-valued and a single-valued dimension', async () => {
    for (const x of ANALYTICS_DIMENSIONS) {
      for (const segment of [null, 'labels__id', 'assignees__id', 'priority'] as const) {
        if (segment === x) continue;
        const chart = await charted(x, segment, 'estimate');
        expect(chart.total, `${x} × ${segment}`).toBe(facts.length);
        expect(chart.cells, `${x} × ${segment}`).toEqual(expected(x, segment, 'estimate'));
      }
    }
  }, 300_000);

  test('the overview', async () => {
    const response = await server.inject({ method: 'GET', url: `/api/workspaces/${seed.workspaceSlug}/default-analytics/`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json();
    const open = (fact: Fact) => ['backlog', 'unstarted', 'started'].includes(fact.stateGroup ?? '');
    const countBy = <T>(items: T[], key: (item: T) => string | number | null) => {
      const counts = new Map<string | number | null, number>();
      for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
      return counts;
    };
    const classified = (items: Fact[]) =>
      [...countBy(items, (fact) => fact.stateGroup)]
        .filter(([group]) => group !== null)
        .map(([state_group, state_count]) => ({ state_group, state_count }))
        .sort((a, b) => String(a.state_group).localeCompare(String(b.state_group)));
    const year = new Date().getUTCFullYear();
    const months = [...countBy(facts.filter((fact) => fact.completedAt?.getUTCFullYear() === year), (fact) => fact.completedAt!.getUTCMonth() + 1)]
      .map(([month, count]) => ({ month, count }))
      .sort((a, b) => Number(a.month) - Number(b.month));
    const sum = (items: Fact[]) => items.reduce((total, fact) => total + fact.estimate, 0);

    expect(overview.total_issues).toBe(facts.length);
    expect(overview.open_issues).toBe(facts.filter(open).length);
    expect(overview.total_issues_classified).toEqual(classified(facts));
    expect(overview.open_issues_classified).toEqual(classified(facts.filter(open)));
    expect(overview.issue_completed_month_wise).toEqual(months);
    expect(months.length).toBeGreaterThan(0);
    expect(overview.total_estimate_sum).toBe(sum(facts));
    expect(overview.open_estimate_sum).toBe(sum(facts.filter(open)));

    // Per-user counts: the pending list is complete (null = no assignee); the top lists keep the five largest.
    const pending = countBy(
      facts.filter((fact) => fact.completedAt === null).flatMap((fact) => (fact.assignees.length ? fact.assignees : [null])),
      (id) => id,
    );
    expect(new Map(overview.pending_issue_user.map((user: { assignees__id: string | null; count: number }) => [user.assignees__id, user.count]))).toEqual(pending);
    expect(pending.has(null)).toBe(true);
    const top = (counts: Map<string | number | null, number>, listed: Array<{ count: number } & Record<string, unknown>>, field: string) => {
      expect(listed.map((user) => user.count)).toEqual([...counts.values()].sort((a, b) => b - a).slice(0, 5));
      for (const user of listed) expect(counts.get(user[field] as string)).toBe(user.count);
    };
    top(countBy(facts.filter((fact) => fact.createdBy !== null), (fact) => fact.createdBy), overview.most_issue_created_user, 'created_by__id');
    top(countBy(facts.filter((fact) => fact.completedAt !== null).flatMap((fact) => fact.assignees), (id) => id), overview.most_issue_closed_user, 'assignees__id');
  });
});
