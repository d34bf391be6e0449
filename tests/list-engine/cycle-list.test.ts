// A cycle's unfiltered ungrouped page starts from the cycle's links (the scope's driving set) and
// sorts those, instead of walking the project's order index until enough of them are in the cycle
// (90 000 issues read for a page of a cycle of old issues). It must answer exactly what the plain
// scope answers — same rows, order, total and pages — for members and for a guest limited to their
// own issues, and its plan must reach issues only by key from the links.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo, type SeedResult } from '../../db/seed/seed';
import { cycleIssueList } from '../../server/list-engine/issue-lists';
import { listIssues, ungroupedStatement } from '../../server/list-engine/list-issues';
import { parseListRequest } from '../../server/list-engine/params';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../support/db';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

describe.each(availableDrivers())('cycle issue list from its links (%s)', (driver) => {
  let database: TestDatabase;
  let seed: SeedResult;
  let cycleId: string;

  const member = () => ({ userId: seed.ownerId, workspace: { id: seed.workspaceId }, workspaceRole: 20, project: { id: seed.projectId, guestViewAllFeatures: false }, projectRole: 20 });
  const guest = (userId: string) => ({ userId, workspace: { id: seed.workspaceId }, workspaceRole: 5, project: { id: seed.projectId, guestViewAllFeatures: false }, projectRole: 5 });
  const list = (actor: ReturnType<typeof member>, query: string) => cycleIssueList(actor, cycleId, parseListRequest(Object.fromEntries(new URLSearchParams(query)), { allowGrouping: true }));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    seed = await seedDemo(database, { issues: 2000, workspaceSlug: 'cycle-list', members: 10 });
    // The cycle holding the most issues; some of them deleted, archived or draft, one link removed.
    [{ id: cycleId }] = await database.query<{ id: string }>(sql`select cycle_id as id from cycle_issues group by 1 order by count(*) desc limit 1`);
    const ids = (await database.query<{ issue_id: string }>(sql`select issue_id from cycle_issues where cycle_id = ${cycleId} order by issue_id limit 4`)).map((row) => row.issue_id);
    await database.query(sql`update issues set deleted_at = now() where id = ${ids[0]}`);
    await database.query(sql`update issues set archived_at = now() where id = ${ids[1]}`);
    await database.query(sql`update issues set is_draft = true where id = ${ids[2]}`);
    await database.query(sql`update cycle_issues set deleted_at = now() where issue_id = ${ids[3]}`);
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
  });

  test.each(['per_page=100&order_by=-created_at', 'per_page=30&order_by=priority', 'per_page=50&order_by=sort_order', 'per_page=25&order_by=-target_date&cursor=25:2:0'])(
    '%s: the same page, total and order as the plain scope',
    async (query) => {
      const { scope, request } = list(member(), query);
      expect(scope.driving).toBeDefined();
      const driven = JSON.parse((await listIssues(database, scope, request)).json);
      const plain = JSON.parse((await listIssues(database, { ...scope, driving: undefined }, request)).json);
      expect(driven.results.length).toBeGreaterThan(0);
      expect(driven).toEqual(plain);
    },
  );

  test('the -created_at page is the cycle’s listed issues, newest first, counted by hand', async () => {
    const rows = await database.query<{ id: string; created_at: Date | string }>(
      sql`select i.id, i.created_at from issues i join cycle_issues ci on ci.issue_id = i.id and ci.deleted_at is null
        where ci.cycle_id = ${cycleId} and i.deleted_at is null and i.archived_at is null and not i.is_draft`,
    );
    const expected = rows.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? -1 : 1)).map((row) => row.id);
    const { scope, request } = list(member(), 'per_page=100&order_by=-created_at');
    const page = JSON.parse((await listIssues(database, scope, request)).json);
    expect(page.total_count).toBe(expected.length);
    expect(page.results.map((item: { id: string }) => item.id)).toEqual(expected.slice(0, 100));
  });

  test('a guest limited to their own issues gets the same page both ways', async () => {
    const [{ creator }] = await database.query<{ creator: string }>(
      sql`select i.created_by as creator from issues i join cycle_issues ci on ci.issue_id = i.id where ci.cycle_id = ${cycleId} group by 1 order by count(*) desc limit 1`,
    );
    const { scope, request } = list(guest(creator), 'per_page=100&order_by=-created_at');
    const driven = JSON.parse((await listIssues(database, scope, request)).json);
    const plain = JSON.parse((await listIssues(database, { ...scope, driving: undefined }, request)).json);
    expect(driven.total_count).toBeGreaterThan(0);
    expect(driven).toEqual(plain);
  });

  test('a filtered page keeps the plain scope (a selective filter may drive the plan better)', async () => {
    const filtered = list(member(), `per_page=100&labels=${seed.labelIds[0]}`);
    expect(ungroupedStatement(filtered.scope, filtered.request)).toEqual(ungroupedStatement({ ...filtered.scope, driving: undefined }, filtered.request));
  });

  test('the unfiltered page reaches issues only by key from the cycle’s links', async () => {
    const { scope, request } = list(member(), 'per_page=100&order_by=-created_at');
    const [row] = await database.query<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${ungroupedStatement(scope, request)}`);
    const plan = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN']) as Array<{ Plan: PlanNode }>;
    const issueScans = [...nodes(plan[0].Plan)].filter((node) => node['Relation Name'] === 'issues');
    expect(issueScans.length).toBeGreaterThan(0);
    // No walk of an order index or of the whole table: every issues scan is a look-up by id or parent.
    for (const scan of issueScans) {
      const condition = scan['Index Cond'] ?? scan['Recheck Cond'] ?? '';
      expect(`${scan['Node Type']}: ${condition}`).toMatch(/^(Index|Index Only|Bitmap Heap) Scan: \((id|parent_id) = /);
    }
  });
});
