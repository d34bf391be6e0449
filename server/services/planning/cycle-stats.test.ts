// The cycle read statements (progress, analytics, active-cycles) against a plain computation in
// TypeScript over the same seeded rows: the set-based statements must answer exactly what reading
// every row and counting by hand gives, including the rows they must leave out (deleted, archived
// and draft issues, removed links and assignees, a deleted label, a non-numeric estimate).
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { seedDemo, type SeedResult } from '../../../db/seed/seed';
import { resolvePagination } from '../../../shared/cursor';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import type { WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { EMPTY_STATS, type CycleStats } from './presenters/cycle';
import { cycleAnalyticsStatement, cycleStatsStatement, dayIn, liveCycleAnalytics, liveCycleStats, preparedStats } from './cycle-stats';
import { listActiveCycles } from './cycle';

interface Row {
  id: string;
  state_group: string | null;
  points: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  priority: string;
  name: string;
  sequence_id: number;
  state_id: string | null;
  project_id: string;
}

const GROUPS = ['completed', 'cancelled', 'started', 'unstarted', 'backlog'] as const;
const numeric = (value: string | null) => (value !== null && /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : 0);
const time = (value: Date | string) => new Date(value).getTime();

describe.each(availableDrivers())('cycle read statements equal a plain count (%s)', (driver) => {
  let database: TestDatabase;
  let seed: SeedResult;
  let cycleIds: string[];

  /** Every listed issue of a cycle with its state group and point value, read row by row. */
  async function issuesOf(cycleId: string): Promise<Row[]> {
    const links = await database.query<{ issue_id: string }>(sql`select issue_id from cycle_issues where cycle_id = ${cycleId} and deleted_at is null`);
    const wanted = new Set(links.map((link) => link.issue_id));
    const all = await database.query<Row & { deleted_at: unknown; archived_at: unknown; is_draft: boolean }>(
      sql`select i.id, i.deleted_at, i.archived_at, i.is_draft, i.completed_at, i.created_at, i.priority, i.name, i.sequence_id, i.state_id, i.project_id,
        (select s."group" from states s where s.id = i.state_id) as state_group,
        (select ep.value from estimate_points ep where ep.id = i.estimate_point_id) as points
        from issues i`,
    );
    return all.filter((row) => wanted.has(row.id) && row.deleted_at === null && row.archived_at === null && !row.is_draft);
  }

  function expectedStats(rows: Row[]): CycleStats {
    const stats = { ...EMPTY_STATS };
    for (const row of rows) {
      stats.total_issues += 1;
      stats.total_estimate_points += numeric(row.points);
      const group = GROUPS.find((name) => name === row.state_group);
      if (!group) continue;
      stats[`${group}_issues`] += 1;
      stats[`${group}_estimate_points`] += numeric(row.points);
    }
    return stats;
  }

  /** Per key (null for none): issues, completed, points, completed points. */
  function tally(rows: Row[], keysOf: (row: Row) => Array<string | null>) {
    const byKey = new Map<string | null, [number, number, number, number]>();
    for (const row of rows) {
      const done = row.state_group === 'completed';
      for (const key of keysOf(row)) {
        const entry = byKey.get(key) ?? [0, 0, 0, 0];
        entry[0] += 1;
        entry[1] += done ? 1 : 0;
        entry[2] += numeric(row.points);
        entry[3] += done ? numeric(row.points) : 0;
        byKey.set(key, entry);
      }
    }
    return [...byKey.entries()].map(([key, [total, completed, points, completedPoints]]) => ({ key, total, completed, points, completedPoints }));
  }

  async function linksBy(table: 'issue_assignees' | 'issue_labels', column: 'assignee_id' | 'label_id') {
    const rows = await database.query<{ issue_id: string; key: string }>(sql`select issue_id, ${sql.raw(column)} as key from ${sql.raw(table)} where deleted_at is null`);
    const byIssue = new Map<string, string[]>();
    for (const row of rows) byIssue.set(row.issue_id, [...(byIssue.get(row.issue_id) ?? []), row.key]);
    return byIssue;
  }

  const sortByKey = <T extends { key: string | null }>(items: T[]) => [...items].sort((a, b) => String(a.key).localeCompare(String(b.key)));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    seed = await seedDemo(database, { issues: 1500, workspaceSlug: 'cycle-reads', members: 10 });
    cycleIds = (await database.query<{ id: string }>(sql`select id from cycles where project_id = ${seed.projectId} order by start_date`)).map((row) => row.id);
    const inCycle = async (index: number, count: number) =>
      (await database.query<{ issue_id: string }>(sql`select issue_id from cycle_issues where cycle_id = ${cycleIds[index]} and deleted_at is null order by issue_id limit ${count}`)).map((row) => row.issue_id);
    // What the statements must leave out or read specially, in the current cycle (index 4) and the one before.
    const [deleted, archived, draft, unlinked] = await inCycle(4, 4);
    await database.query(sql`update issues set deleted_at = now() where id = ${deleted}`);
    await database.query(sql`update issues set archived_at = now() where id = ${archived}`);
    await database.query(sql`update issues set is_draft = true where id = ${draft}`);
    await database.query(sql`update cycle_issues set deleted_at = now() where issue_id = ${unlinked}`);
    await database.query(sql`update issue_assignees set deleted_at = now() where issue_id in (select issue_id from cycle_issues where cycle_id = ${cycleIds[4]} and deleted_at is null order by issue_id limit 10)`);
    await database.query(sql`update labels set deleted_at = now() where id = ${seed.labelIds[0]}`);
    await database.query(sql`update estimate_points set value = '?' where id = (select id from estimate_points where project_id = ${seed.projectId} order by key limit 1)`);
    await database.query(sql`update cycles set timezone = 'Asia/Kolkata' where id = ${cycleIds[3]}`);
    // Urgent and high issues for the active-cycles list, and a second current cycle.
    await database.query(sql`update issues set priority = 'urgent' where id in (select issue_id from cycle_issues where cycle_id = ${cycleIds[4]} order by issue_id limit 6)`);
    await database.query(sql`update cycles set start_date = now() - interval '1 day', end_date = now() + interval '5 days' where id = ${cycleIds[2]}`);
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
  });

  test('progress (the stats statement) counts every cycle as a row-by-row count does', async () => {
    for (const cycleId of cycleIds) {
      expect(await liveCycleStats(preparedStats(database), cycleId)).toEqual(expectedStats(await issuesOf(cycleId)));
    }
  });

  test('analytics in one statement: totals, per assignee, per label and completions per day as counted by hand', async () => {
    const assignees = await linksBy('issue_assignees', 'assignee_id');
    const labelRows = await database.query<{ id: string; name: string; color: string; deleted_at: unknown }>(sql`select id, name, color, deleted_at from labels`);
    const liveLabels = new Map(labelRows.filter((row) => row.deleted_at === null).map((row) => [row.id, row]));
    const labels = await linksBy('issue_labels', 'label_id');
    const cycles = await database.query<{ id: string; timezone: string }>(sql`select id, timezone from cycles where project_id = ${seed.projectId}`);
    let checkedLabels = 0;
    for (const cycle of cycles) {
      const rows = await issuesOf(cycle.id);
      const analytics = await liveCycleAnalytics(preparedStats(database), cycle);
      expect(analytics.stats).toEqual(expectedStats(rows));

      const byAssignee = tally(rows, (row) => assignees.get(row.id) ?? [null]);
      const gotAssignees = analytics.assignees.map((row) => ({ key: row.assignee_id, total: Number(row.total_issues), completed: Number(row.completed_issues), points: Number(row.total_estimates), completedPoints: Number(row.completed_estimates) }));
      expect(sortByKey(gotAssignees)).toEqual(sortByKey(byAssignee));

      // A link to a deleted label counts under "no label", as an issue without labels does.
      const byLabel = tally(rows, (row) => (labels.get(row.id) ?? [null]).map((id) => (id !== null && liveLabels.has(id) ? id : null)));
      const gotLabels = analytics.labels.map((row) => ({ key: row.label_id, total: Number(row.total_issues), completed: Number(row.completed_issues), points: Number(row.total_estimates), completedPoints: Number(row.completed_estimates) }));
      expect(sortByKey(gotLabels)).toEqual(sortByKey(byLabel));
      for (const row of analytics.labels) if (row.label_id) expect(row).toMatchObject({ label_name: liveLabels.get(row.label_id)!.name, color: liveLabels.get(row.label_id)!.color });
      checkedLabels += analytics.labels.length;

      const doneByDay = new Map<string, { issues: number; points: number }>();
      for (const row of rows) {
        if (row.state_group !== 'completed' || row.completed_at === null) continue;
        const day = dayIn(new Date(row.completed_at), cycle.timezone);
        const entry = doneByDay.get(day) ?? { issues: 0, points: 0 };
        entry.issues += 1;
        entry.points += numeric(row.points);
        doneByDay.set(day, entry);
      }
      const gotDone = new Map(analytics.done.map((row) => [row.day, { issues: Number(row.issues), points: Number(row.points) }]));
      expect(gotDone).toEqual(doneByDay);
    }
    expect(checkedLabels).toBeGreaterThan(10);
  });

  test('progress and analytics reach the cycle’s issues by key, one probe per link, never by scanning the table', async () => {
    interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; 'Recheck Cond'?: string; Plans?: PlanNode[] }
    const scansOfIssues = async (statement: SQL) => {
      const [row] = await database.query<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${statement}`);
      const plan = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN']) as Array<{ Plan: PlanNode }>;
      const found: string[] = [];
      const walk = (node: PlanNode) => {
        if (node['Relation Name'] === 'issues') found.push(`${node['Node Type']}: ${node['Index Cond'] ?? node['Recheck Cond'] ?? ''}`);
        node.Plans?.forEach(walk);
      };
      walk(plan[0].Plan);
      return found;
    };
    for (const statement of [cycleStatsStatement(cycleIds[4]), cycleAnalyticsStatement({ id: cycleIds[4], timezone: 'UTC' })]) {
      const scans = await scansOfIssues(statement);
      expect(scans).toHaveLength(1);
      expect(scans[0]).toMatch(/^(Index|Index Only|Bitmap Heap) Scan: \(id = ci\.issue_id\)/);
    }
  });

  test('active-cycles: the same progress and urgent/high issues as cycle by cycle, in a fixed number of statements', async () => {
    const ctx = { database, db: database.db } as unknown as ServerContext;
    const actor = { userId: seed.ownerId, workspace: { id: seed.workspaceId }, workspaceRole: 20 } as unknown as WorkspaceActor;
    const selects = vi.spyOn(database.db, 'select');
    const queries = vi.spyOn(database, 'query');
    const statements = () => selects.mock.calls.length + queries.mock.calls.length;
    const one = await listActiveCycles(ctx, actor, resolvePagination({ per_page: '1' }));
    const forOne = statements();
    selects.mockClear();
    queries.mockClear();
    const page = await listActiveCycles(ctx, actor, resolvePagination({ per_page: '10' }));
    const forAll = statements();
    selects.mockRestore();
    queries.mockRestore();

    expect(one.total_count).toBe(2);
    expect(page.results).toHaveLength(2);
    // Not one look-up per cycle: two cycles cost what one does.
    expect(forAll).toBe(forOne);
    for (const cycle of page.results) {
      const rows = await issuesOf(cycle.id);
      expect(cycle).toMatchObject(expectedStats(rows));
      const rank = (row: Row) => (row.priority === 'urgent' ? 0 : 1);
      const urgent = rows
        .filter((row) => row.priority === 'urgent' || row.priority === 'high')
        .sort((a, b) => rank(a) - rank(b) || time(b.created_at) - time(a.created_at) || (a.id < b.id ? -1 : 1))
        .slice(0, 10)
        .map((row) => ({ id: row.id, name: row.name, sequence_id: row.sequence_id, priority: row.priority, state_id: row.state_id, project_id: row.project_id }));
      expect(urgent.length).toBeGreaterThan(0);
      expect(cycle.priority_issues).toEqual(urgent);
    }
  });
});
