// Runs an issue list as ONE SQL statement: the page's rows with their link arrays, the totals, the
// per-group counts (one GROUP BY) and the candidate groups, then shapes the 12-key paginated
// response of reference §0.6 / §1.3. Pages are index-ordered LIMIT/OFFSETs (per group: LATERAL).
import { sql, type SQL } from 'drizzle-orm';
import type { Database, QueryOptions } from '../../db/client';
import type { WireGroupBy } from '../../shared/display';
import { conditionSql } from './where';
import { workspaceHeadSql } from '../live/record-change';
import { countedPartitionsSql, countedTotalSql, usesCounters } from './counts';
import { candidateGroupsSql, groupDimension, isM2mGroup, type GroupDimension } from './groups';
import { issueItemJson } from './item';
import { orderClause, sortKeys, type SortKey } from './order';
import type { ListRequest } from './params';
import { renderedListStatement } from './rendered-statements';
import { shapeGrouped, shapeUngrouped, type GroupStats, type PageRow } from './response';

/** Which issues a list may show at all, before the request's filters. */
export interface ListScope {
  /** Condition over issue `i`: the project or workspace, visibility and the base exclusions. */
  where: SQL;
  /** Subquery of the project ids the list covers (for the candidate groups). */
  projectIds: SQL;
  /** Workspace of the list, for the sync cursor. */
  workspaceId: string;
  /**
   * The project whose maintained issue counters count exactly this scope's issues (a member's
   * live list of one project), or null when the scope must be counted row by row.
   */
  countedProjectId: string | null;
  /**
   * A small set an unfiltered ungrouped page starts from instead of walking an order index (a
   * cycle's links): FROM items that yield issue `i`, and the scope's condition written for them.
   * The page and its total then come from those rows, collected once.
   */
  driving?: { from: SQL; where: SQL };
}

/** The content type a route sends a list's JSON text with (Fastify types a string as text/plain). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A list's response (JSON text) and the last change id its data includes (`X-Sync-Cursor`). */
export interface ListResult {
  json: string;
  syncCursor: string;
}

/** The workspace's last change id, read in the statement's own snapshot: exactly what its rows include. */
function syncCursorSql(workspaceId: string): SQL {
  return sql`${workspaceHeadSql(sql`${workspaceId}::uuid`)}::text`;
}

function whereSql(scope: ListScope, request: ListRequest): SQL {
  return request.filter ? sql`${scope.where} and ${conditionSql(request.filter)}` : scope.where;
}

/** `k0, k1, …` selected as columns, so an outer level can order by them again. */
function keyColumns(keys: SortKey[]): SQL {
  return sql.join(
    keys.map((key, index) => sql`${key.expr} as ${sql.raw(`k${index}`)}`),
    sql`, `,
  );
}

/**
 * `limit N offset M` with the numbers written into the text (validated integers): a prepared
 * statement's generic plan then still knows how few rows a page needs, and keeps the index scans.
 */
function pageLimit(perPage: number, offset: number): SQL {
  if (!Number.isSafeInteger(perPage) || !Number.isSafeInteger(offset)) throw new Error('page bounds must be integers');
  return sql.raw(`limit ${perPage} offset ${offset}`);
}

function keyRefs(keys: SortKey[], alias: string): SQL[] {
  return keys.map((_, index) => sql.raw(`${alias}.k${index}`));
}

/**
 * The statement of an ungrouped page (exported so the benchmark can EXPLAIN exactly it). Without a
 * filter the page is an index-ordered LIMIT/OFFSET (the partial list indexes of db/schema/issue.ts)
 * and the total comes from the maintained counters (or an index-only count when the scope has
 * none, e.g. a guest's own issues). With one, the filtered ids are collected once and both the
 * total and the page come from them, so a selective filter never walks the whole order index; so
 * are the ids of a scope's driving set (a cycle's issues) when there is no filter.
 */
export function ungroupedStatement(scope: ListScope, request: ListRequest): SQL {
  const keys = sortKeys(request.orderBy);
  // A filter may be selective enough to drive the plan itself: the driving set serves unfiltered pages.
  const driving = request.filter === null ? scope.driving : undefined;
  const where = driving ? driving.where : whereSql(scope, request);
  const { perPage, offset } = request.pagination;
  const refs = keyRefs(keys, 'f');
  const filtered = request.filter !== null || driving !== undefined;
  const page = filtered
    ? sql`select f.* from f order by ${orderClause(keys, refs)} ${pageLimit(perPage, offset)}`
    : sql`select i.id, ${keyColumns(keys)} from issues i where ${where} order by ${orderClause(keys)} ${pageLimit(perPage, offset)}`;
  let total = sql`(select count(*) from issues i where ${where})`;
  if (filtered) total = sql`(select count(*) from f)`;
  else if (usesCounters(scope.countedProjectId, request)) total = countedTotalSql(scope.countedProjectId);
  return sql`${filtered ? sql`with f as materialized (select i.id, ${keyColumns(keys)} from ${driving ? driving.from : sql`issues i`} where ${where}) ` : sql``}select st.total, st.sync_cursor, p.*
    from (select ${total}::int as total, ${syncCursorSql(scope.workspaceId)} as sync_cursor) st
    left join lateral (
      select i.id::text as id, ${issueItemJson()} as item, pg.__pos
      from (select f.id, row_number() over (order by ${orderClause(keys, refs)}) as __pos from (${page}) f) pg
      join issues i on i.id = pg.id
      left join states s on s.id = i.state_id
    ) p on true
    order by p.__pos`;
}

/**
 * The rows of one (group, sub-group) partition `c` of the counts: the page's slice in list order,
 * fetched with the group's own condition so an index on (project, group key, order key) serves it.
 * A nullable dimension needs a second branch for its "None" key, gated on `c`'s key being null.
 */
function partitionSlice(where: SQL, dims: GroupDimension[], keys: SortKey[], perPage: number, offset: number): SQL {
  let branches: SQL[][] = [[]];
  dims.forEach((dim, index) => {
    const ref = sql.raw(`c.g${index}`);
    const next: SQL[][] = [];
    for (const conditions of branches) {
      next.push([...conditions, dim.matches(ref)]);
      if (dim.nullable) next.push([...conditions, sql`${ref} is null and ${dim.isNone}`]);
    }
    branches = next;
  });
  const selects = branches.map(
    (conditions) => sql`(select i.id, ${keyColumns(keys)} from issues i
      where ${where} and ${sql.join(conditions, sql` and `)}
      order by ${orderClause(keys)} ${pageLimit(perPage, offset)})`,
  );
  return sql.join(selects, sql` union all `);
}

/**
 * The statement of a grouped or sub-grouped page (exported for the benchmark). One GROUP BY counts
 * every partition (or the counters do, see counts.ts); then each non-empty partition's top rows come from a LATERAL LIMIT/OFFSET, so no
 * statement ranks every filtered row. Counting rows is exact per partition (an issue appears once
 * per key); distinct counting is needed only where an M2M dimension can repeat an issue (the
 * total, and a group's total when the sub-group is M2M).
 */
export function groupedStatement(scope: ListScope, request: ListRequest): SQL {
  const keys = sortKeys(request.orderBy);
  const { perPage, offset } = request.pagination;
  const groupBy = request.groupBy as WireGroupBy;
  const where = whereSql(scope, request);
  const group = groupDimension(groupBy, 'g1');
  const sub = request.subGroupBy ? groupDimension(request.subGroupBy, 'g2') : null;
  const dims = sub ? [group, sub] : [group];
  const fanOut = isM2mGroup(groupBy) || (request.subGroupBy !== null && isM2mGroup(request.subGroupBy));
  const subFanOut = request.subGroupBy !== null && isM2mGroup(request.subGroupBy);
  const total = fanOut ? sql`(select count(*) from issues i where ${where})` : sql`(select coalesce(sum(n), 0) from counts)`;
  let groupCounts: SQL;
  if (!sub) groupCounts = sql`select g0, n from counts`;
  else if (!subFanOut) groupCounts = sql`select g0, sum(n)::int as n from counts group by g0`;
  else groupCounts = sql`select ${group.key} as g0, count(*)::int as n from issues i ${group.join} where ${where} group by 1`;
  const refs = keyRefs(keys, 't');
  // Unfiltered state / priority groupings of a member's project list read the maintained counters.
  const partitions = usesCounters(scope.countedProjectId, request)
    ? countedPartitionsSql(scope.countedProjectId, groupBy, request.subGroupBy)
    : sql`select ${group.key} as g0, ${sub ? sub.key : sql`null::text`} as g1, count(*)::int as n
      from issues i ${group.join} ${sub ? sub.join : sql``}
      where ${where}
      group by 1, 2`;
  return sql`with counts as materialized (${partitions}),
    page as materialized (
      select c.g0, c.g1, t.id, ${sql.raw(String(offset))} + row_number() over (partition by c.g0, c.g1 order by ${orderClause(keys, refs)}) as rn
      from counts c cross join lateral (${partitionSlice(where, dims, keys, perPage, offset)}) t
    )
    select st.total, st.max_partition, st.sync_cursor,
      -- The statistics' JSON texts on one row only: repeated on each of up to hundreds of rows, the
      -- driver would decode them on every row (kilobytes a row, most of a page's garbage).
      case when row_number() over () = 1 then st.group_counts end as group_counts,
      case when row_number() over () = 1 then st.subgroup_counts end as subgroup_counts,
      case when row_number() over () = 1 then st.candidates end as candidates,
      p.*
    from (select
        ${total}::int as total,
        (select coalesce(max(n), 0) from counts)::int as max_partition,
        (select coalesce(json_agg(json_build_array(x.g0::text, x.n)), '[]'::json) from (${groupCounts}) x)::text as group_counts,
        ${sub ? sql`(select coalesce(json_agg(json_build_array(c.g0::text, c.g1::text, c.n)), '[]'::json) from counts c)` : sql`'[]'::json`}::text as subgroup_counts,
        (${candidateGroupsSql(groupBy, scope.projectIds)})::text as candidates,
        ${syncCursorSql(scope.workspaceId)} as sync_cursor) st
    left join lateral (
      select pg.g0::text as __g, pg.g1::text as __sg, pg.rn as __rn, i.id::text as id, ${issueItemJson()} as item
      from page pg
      join issues i on i.id = pg.id
      left join states s on s.id = i.state_id
    ) p on true
    order by p.__g, p.__sg, p.__rn`;
}

/**
 * Unfiltered lists run as named prepared statements: their shape repeats and their plan does not
 * depend on values, so Postgres settles on a generic plan and skips planning (3–8 ms a page).
 * Filtered lists are planned per request, with the filter's values: a label that tags half the
 * project and one that tags three issues want different plans.
 */
function preparedUnlessFiltered(request: ListRequest): QueryOptions {
  return { prepare: request.filter === null };
}

/**
 * Lists one page of issues.
 * @throws BadRequestError for an unknown order_by.
 */
export async function listIssues(database: Database, scope: ListScope, request: ListRequest): Promise<ListResult> {
  if (!request.groupBy) {
    const rows = await database.queryRendered<PageRow & { total: number; sync_cursor: string }>(renderedListStatement('ungrouped', ungroupedStatement, scope, request), preparedUnlessFiltered(request));
    const first = rows[0];
    const pageRows = rows.filter((row) => row.id != null);
    return { json: shapeUngrouped(pageRows, Number(first?.total ?? 0), request.pagination), syncCursor: String(first?.sync_cursor ?? '0') };
  }
  const rows = await database.queryRendered<PageRow & StatsText & { sync_cursor: string }>(renderedListStatement('grouped', groupedStatement, scope, request), preparedUnlessFiltered(request));
  const first = rows[0];
  const withStats = statsRow(rows);
  const pageRows = rows.filter((row) => row.id != null);
  return { json: shapeGrouped(pageRows, withStats && parseStats(withStats), request), syncCursor: String(first?.sync_cursor ?? '0') };
}

/**
 * The statistics columns of a grouped page, as JSON text, on one row of the page (null on the
 * others). As json the driver parsed them on every row — with 250 rows, a tenth of the request's
 * CPU in the profile (BENCHMARKS.md "Read profiles") — and as text on every row it still decoded them.
 */
type StatsText = Omit<GroupStats, 'group_counts' | 'subgroup_counts' | 'candidates'> & { group_counts: string | null; subgroup_counts: string | null; candidates: string | null };

/** The row that carries a grouped page's statistics texts (one always does: the statement yields at least one row). */
function statsRow<Row extends StatsText>(rows: Row[]): (Row & { group_counts: string; subgroup_counts: string; candidates: string }) | undefined {
  return rows.find((row): row is Row & { group_counts: string; subgroup_counts: string; candidates: string } => row.group_counts !== null && row.subgroup_counts !== null && row.candidates !== null);
}

function parseStats(row: StatsText & { group_counts: string; subgroup_counts: string; candidates: string }): GroupStats {
  return { ...row, group_counts: JSON.parse(row.group_counts), subgroup_counts: JSON.parse(row.subgroup_counts), candidates: JSON.parse(row.candidates) };
}
