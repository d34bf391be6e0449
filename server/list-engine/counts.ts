// Counts from the maintained per-(project, state, priority) counters (db/schema/issue.ts
// `issueCounts`) instead of counting the project's issues on every page: the total of an
// unfiltered list and the group counts of lists grouped by state, state group and/or priority.
// Counters hold "listed" issues (not deleted, archived or draft); the few issues still waiting in
// intake are subtracted here, matching baseExclusions of scope.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { WireGroupBy } from '../../shared/display';
import type { ListRequest } from './params';
import { waitingInIntake } from './scope';

/** The groupings the counters can answer. */
const COUNTED_GROUPS: ReadonlySet<WireGroupBy> = new Set<WireGroupBy>(['state_id', 'state__group', 'priority']);

/**
 * True when a list's counts can come from the counters: the scope covers every listed issue of
 * one project (`countedProjectId`), the request has no filter, and every grouping is counted.
 */
export function usesCounters(countedProjectId: string | null, request: ListRequest): countedProjectId is string {
  if (countedProjectId === null || request.filter !== null) return false;
  return [request.groupBy, request.subGroupBy].every((field) => field === null || COUNTED_GROUPS.has(field));
}

/** Rows (state_id, priority, n) whose sums are the project's listed, non-intake issues per key. */
function counterRows(projectId: string): SQL {
  return sql`select state_id, priority, n from issue_counts where project_id = ${projectId}
    union all select state_id, priority, n from issue_count_deltas where project_id = ${projectId}
    union all ${listedWaitingInIntake(projectId)}`;
}

/**
 * (state_id, priority, -1) per listed issue of the project still waiting in intake (0 for one that
 * is not listed, which no sum notices). Driven from the few intake rows, joined to their issue by
 * id: the liveness is a value, not a WHERE condition, so an un-analyzed issues table (which
 * rates `deleted_at is null` at 0.5 % of its rows) cannot make the planner walk every issue of the
 * project through a partial list index and probe intake for each.
 */
function listedWaitingInIntake(projectId: string): SQL {
  return sql`select i.state_id, i.priority,
      case when i.project_id = ${projectId} and i.deleted_at is null and i.archived_at is null and not i.is_draft then -1 else 0 end
    from (${waitingInIntake(projectId)}) w join issues i on i.id = w.issue_id`;
}

/** The number of listed issues of a project, from the counters. */
export function countedTotalSql(projectId: string): SQL {
  return sql`(select coalesce(sum(k.n), 0) from (${counterRows(projectId)}) k)`;
}

/** A counter key as the group key of a grouping, in the type the list engine compares it in. */
function keyOf(field: WireGroupBy | null): SQL {
  if (field === 'state_id') return sql`k.state_id`;
  if (field === 'priority') return sql`k.priority`;
  if (field === 'state__group') return sql.raw('(select st."group" from states st where st.id = k.state_id)');
  return sql`null::text`;
}

/**
 * The `counts` relation of a grouped page (g0, g1, n) from the counters: non-empty partitions only,
 * with the same key types as the GROUP BY it replaces.
 */
export function countedPartitionsSql(projectId: string, groupBy: WireGroupBy, subGroupBy: WireGroupBy | null): SQL {
  return sql`select ${keyOf(groupBy)} as g0, ${keyOf(subGroupBy)} as g1, sum(k.n)::int as n
    from (${counterRows(projectId)}) k
    group by 1, 2
    having sum(k.n) > 0`;
}
