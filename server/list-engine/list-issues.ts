// Runs an issue list as ONE SQL statement: the page's rows with their link arrays, the totals and
// the per-group counts (window functions over the filtered set) and the candidate groups, then
// shapes the 12-key paginated response of reference §0.6 / §1.3.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { WireGroupBy } from '../../shared/display';
import { conditionSql } from './where';
import { candidateGroupsSql, groupKeySql, isM2mGroup } from './groups';
import { issueItemColumns } from './item';
import { orderClause, sortKeys, type SortKey } from './order';
import type { ListRequest } from './params';
import { shapeGrouped, shapeUngrouped, type GroupStats, type IssueListResponse, type PageRow } from './response';

/** Which issues a list may show at all, before the request's filters. */
export interface ListScope {
  /** Condition over issue `i`: the project or workspace, visibility and the base exclusions. */
  where: SQL;
  /** Subquery of the project ids the list covers (for the candidate groups). */
  projectIds: SQL;
  /** Workspace of the list, for the sync cursor. */
  workspaceId: string;
}

/** A list's response and the last change id its data includes (`X-Sync-Cursor`). */
export interface ListResult {
  body: IssueListResponse;
  syncCursor: string;
}

function syncCursorSql(workspaceId: string): SQL {
  return sql`(select coalesce(max(ch.id), 0) from changes ch where ch.workspace_id = ${workspaceId})::text`;
}

function whereSql(scope: ListScope, request: ListRequest): SQL {
  return request.filter ? sql`${scope.where} and ${conditionSql(request.filter)}` : scope.where;
}

/** The statement of an ungrouped page (exported so the benchmark can EXPLAIN exactly it). */
export function ungroupedStatement(scope: ListScope, request: ListRequest): SQL {
  const keys = sortKeys(request.orderBy);
  const where = whereSql(scope, request);
  const { perPage, offset } = request.pagination;
  return sql`select st.total, st.sync_cursor, p.*
    from (select (select count(*) from issues i where ${where})::int as total, ${syncCursorSql(scope.workspaceId)} as sync_cursor) st
    left join lateral (
      select ${issueItemColumns()}, row_number() over (order by ${orderClause(keys)}) as __pos
      from (select i.id from issues i where ${where} order by ${orderClause(keys)} limit ${perPage} offset ${offset}) pg
      join issues i on i.id = pg.id
      left join states s on s.id = i.state_id
    ) p on true
    order by p.__pos`;
}

function rankedBase(scope: ListScope, request: ListRequest, keys: SortKey[]): SQL {
  const group = groupKeySql(request.groupBy!, 'g1');
  const sub = request.subGroupBy ? groupKeySql(request.subGroupBy, 'g2') : null;
  const keyColumns = sql.join(
    keys.map((key, index) => sql`${key.expr} as ${sql.raw(`k${index}`)}`),
    sql`, `,
  );
  const keyRefs = keys.map((_, index) => sql.raw(`b.k${index}`));
  const partition = sub ? sql`b.g, b.sg` : sql`b.g`;
  return sql`base as materialized (
      select i.id, ${group.key} as g, ${sub ? sub.key : sql`null::text`} as sg, ${keyColumns}
      from issues i ${group.join} ${sub ? sub.join : sql``}
      where ${whereSql(scope, request)}
    ),
    ranked as (
      select b.id, b.g, b.sg, row_number() over (partition by ${partition} order by ${orderClause(keys, keyRefs)}) as rn
      from base b
    )`;
}

/**
 * The statement of a grouped or sub-grouped page. Base rows are (issue, group, sub-group) and unique,
 * so a window's size is its row count; distinct counting is needed only where an M2M dimension can
 * repeat an issue (the total, and a group's total when the sub-group is M2M).
 */
export function groupedStatement(scope: ListScope, request: ListRequest): SQL {
  const keys = sortKeys(request.orderBy);
  const { perPage, offset } = request.pagination;
  const groupBy = request.groupBy as WireGroupBy;
  const fanOut = isM2mGroup(groupBy) || (request.subGroupBy !== null && isM2mGroup(request.subGroupBy));
  const subFanOut = request.subGroupBy !== null && isM2mGroup(request.subGroupBy);
  const partitionCounts = request.subGroupBy ? sql`select count(*) as n from base group by g, sg` : sql`select count(*) as n from base group by g`;
  return sql`with ${rankedBase(scope, request, keys)}
    select st.*, p.*
    from (select
        (select ${fanOut ? sql`count(distinct id)` : sql`count(*)`} from base)::int as total,
        (select coalesce(max(x.n), 0) from (${partitionCounts}) x)::int as max_partition,
        (select coalesce(json_agg(json_build_array(x.g, x.n)), '[]'::json)
          from (select g, ${subFanOut ? sql`count(distinct id)` : sql`count(*)`}::int as n from base group by g) x) as group_counts,
        ${request.subGroupBy ? sql`(select coalesce(json_agg(json_build_array(x.g, x.sg, x.n)), '[]'::json)
          from (select g, sg, count(*)::int as n from base group by g, sg) x)` : sql`'[]'::json`} as subgroup_counts,
        ${candidateGroupsSql(groupBy, scope.projectIds)} as candidates,
        ${syncCursorSql(scope.workspaceId)} as sync_cursor) st
    left join lateral (
      select r.g as __g, r.sg as __sg, r.rn as __rn, ${issueItemColumns()}
      from ranked r
      join issues i on i.id = r.id
      left join states s on s.id = i.state_id
      where r.rn > ${offset} and r.rn <= ${offset + perPage}
    ) p on true
    order by p.__g, p.__sg, p.__rn`;
}

/**
 * Lists one page of issues.
 * @throws BadRequestError for an unknown order_by.
 */
export async function listIssues(database: Database, scope: ListScope, request: ListRequest): Promise<ListResult> {
  if (!request.groupBy) {
    const rows = await database.query<PageRow & { total: number; sync_cursor: string }>(ungroupedStatement(scope, request));
    const first = rows[0];
    const pageRows = rows.filter((row) => row.id != null);
    return { body: shapeUngrouped(pageRows, Number(first?.total ?? 0), request.pagination), syncCursor: String(first?.sync_cursor ?? '0') };
  }
  const rows = await database.query<PageRow & GroupStats & { sync_cursor: string }>(groupedStatement(scope, request));
  const first = rows[0];
  const pageRows = rows.filter((row) => row.id != null);
  return { body: shapeGrouped(pageRows, first, request), syncCursor: String(first?.sync_cursor ?? '0') };
}
