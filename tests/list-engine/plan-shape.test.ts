// The list statement's per-item look-ups (sub-issue, link and attachment counts, label, assignee,
// module and cycle ids) must reach their rows through the parent's index whatever the statistics
// say: a fresh instance's tables have never been analyzed (PGlite runs no autovacuum), and the
// planner then rates `deleted_at is null` at 0.5 % of the rows. With the liveness in the WHERE it
// walked a partial list index once per listed item and filtered by parent (86 ms for a 100-item
// page of 5,000 issues instead of ~6). A plan-shape check, on purpose not a timing one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo, type SeedResult } from '../../db/seed/seed';
import { groupedStatement, ungroupedStatement } from '../../server/list-engine/list-issues';
import { parseListRequest } from '../../server/list-engine/params';
import { projectIssueScope } from '../../server/list-engine/scope';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../support/db';

/** Tables the item JSON looks up per listed issue, under the aliases item.ts gives them (c…, x…). */
const PER_ITEM_TABLES = new Set(['issues', 'issue_attachments', 'issue_links', 'issue_labels', 'issue_assignees', 'module_issues', 'cycle_issues']);
const PER_ITEM_ALIAS = /^[cx](_\d+)?$/;
/** The item's key used as an index condition: `parent_id = i.id` or `issue_id = i.id`. */
const KEYED = /\b(parent_id|issue_id) = i(_\d+)?\.id\b/;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/** `table alias: how it is reached` for every per-item scan of the plan. */
function perItemScans(plan: PlanNode): Array<{ scan: string; keyed: boolean }> {
  const scans: Array<{ scan: string; keyed: boolean }> = [];
  for (const node of nodes(plan)) {
    if (!node['Relation Name'] || !PER_ITEM_TABLES.has(node['Relation Name']) || !PER_ITEM_ALIAS.test(node.Alias ?? '')) continue;
    // A bitmap heap scan is keyed when its index condition (repeated as Recheck Cond) is the item's key.
    const condition = node['Index Cond'] ?? node['Recheck Cond'] ?? '';
    const index = node['Index Name'] ?? node.Plans?.find((child) => child['Index Name'])?.['Index Name'];
    scans.push({
      scan: `${node['Relation Name']} ${node.Alias}: ${node['Node Type']}${index ? ` using ${index}` : ''} cond=${condition} filter=${node.Filter ?? ''}`,
      keyed: KEYED.test(condition),
    });
  }
  return scans;
}

describe.each(availableDrivers())('list statement plans on never-analyzed tables (%s)', (driver) => {
  let database: TestDatabase;
  let seed: SeedResult;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // Bulk rows straight into the tables, and no ANALYZE: what a fresh instance has.
    seed = await seedDemo(database, { issues: 3000, workspaceSlug: 'plans', members: 12 });
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
  });

  function statementFor(query: string) {
    const actor = { userId: seed.ownerId, workspace: { id: seed.workspaceId }, workspaceRole: 20, project: { id: seed.projectId, guestViewAllFeatures: false }, projectRole: 20 };
    const request = parseListRequest(Object.fromEntries(new URLSearchParams(query)), { allowGrouping: true });
    const scope = projectIssueScope(actor);
    return request.groupBy ? groupedStatement(scope, request) : ungroupedStatement(scope, request);
  }

  async function plan(query: string): Promise<PlanNode> {
    const statement = statementFor(query);
    const [row] = await database.query<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${statement}`);
    const json = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
    return (json as Array<{ Plan: PlanNode }>)[0].Plan;
  }

  test('the tables really are un-analyzed', async () => {
    const [row] = await database.query<{ analyzed: boolean }>(
      sql`select (last_analyze is not null or last_autoanalyze is not null) as analyzed from pg_stat_user_tables where relname = 'issues'`,
    );
    expect(row.analyzed).toBe(false);
  });

  // Not a plan, but the same statement's rows: the statistics' JSON texts come once per page, not
  // on each of its rows (the driver decoded them on every row: most of a large page's garbage).
  test('a sub-grouped page carries its statistics texts on one row, its totals on all', async () => {
    const rows = await database.query<{ id: string | null; total: number; sync_cursor: string; group_counts: string | null; subgroup_counts: string | null; candidates: string | null }>(
      statementFor('group_by=state_id&sub_group_by=priority&per_page=10&order_by=sort_order'),
    );
    expect(rows.length).toBeGreaterThan(20);
    const withStats = rows.filter((row) => row.group_counts !== null);
    expect(withStats).toHaveLength(1);
    expect(JSON.parse(withStats[0].subgroup_counts!).length).toBeGreaterThan(4);
    expect(JSON.parse(withStats[0].candidates!).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.subgroup_counts !== null || row.candidates !== null)).toEqual(withStats);
    expect(new Set(rows.map((row) => Number(row.total))).size).toBe(1);
    expect(Number(rows[0].total)).toBeGreaterThan(0);
    expect(rows.every((row) => row.sync_cursor !== null)).toBe(true);
  });

  test.each([
    ['ungrouped, 100 per page', 'per_page=100&order_by=-created_at'],
    ['grouped by state, 50 per group', 'group_by=state_id&per_page=50&order_by=sort_order'],
  ])('%s: every per-item look-up is an index look-up on the item key', async (_name, query) => {
    const scans = perItemScans(await plan(query));
    // sub-issues (issues c), attachments, links, labels, assignees, modules, cycle
    expect(scans.length).toBeGreaterThanOrEqual(7);
    expect(scans.filter((scan) => !scan.keyed).map((scan) => scan.scan)).toEqual([]);
    expect(scans.some((scan) => scan.scan.startsWith('issues c') && scan.scan.includes('issues_parent_id_index'))).toBe(true);
  });
});
