// The IssueListItem of reference §1.4 built by the database as JSON text, one per page row: ids,
// counts and link arrays as sub-selects over the page's rows only, so a page is one statement
// whatever its size, and the server splices the items into the response without parsing or
// re-serialising hundreds of objects. Same keys, order and values as presentIssue
// (server/services/work-items/presenters/issue.ts) — tests/list-engine/item-shape.test.ts holds the two together.
import { sql, type SQL } from 'drizzle-orm';
import { renderedOnce } from '../../db/dialect';
import { issueCycleId, relationIds } from './relations';
import { subIssueCount } from './scope';

/** An ISO-8601 UTC timestamp with milliseconds and `Z`, formatted by the database (same on both drivers). */
function isoTimestamp(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

// Per-item counts are keyed on the parent column alone and count live rows with a FILTER, so the
// only cheap plan is the parent index (issues_parent_id_index, <table>_issue_id_index) whatever
// the statistics say: with the liveness in the WHERE, an un-analyzed table let the planner walk a
// partial list index (whose predicate is that liveness) and filter by parent — every issue read
// once per listed item (see perIssueAggregate in relations.ts; tests/list-engine/plan-shape.test.ts).

/** A live-row count of an issue child table. */
function childCount(table: string): SQL {
  return sql.raw(`(select count(*) filter (where c.deleted_at is null) from ${table} c where c.issue_id = i.id)::int`);
}

/** The issue's listed sub-issues (the project-issue predicate). */
const SUB_ISSUES_COUNT = sql`${subIssueCount()}::int`;

/**
 * The JSON text of the IssueListItem of issue `i` with its state `s` (left-joined by the caller).
 * `row_to_json` keeps the column order and prints compactly.
 */
export const issueItemJson: () => SQL = renderedOnce(
  () => sql`(select row_to_json(item)::text from (select i.id, i.name, i.state_id, i.sort_order,
    ${isoTimestamp('i.completed_at')} as completed_at, i.estimate_point_id as estimate_point, i.priority,
    i.start_date, i.target_date, i.sequence_id, i.project_id, i.parent_id,
    ${issueCycleId()} as cycle_id,
    ${SUB_ISSUES_COUNT} as sub_issues_count,
    ${isoTimestamp('i.created_at')} as created_at, ${isoTimestamp('i.updated_at')} as updated_at,
    i.created_by, i.updated_by,
    ${childCount('issue_attachments')} as attachment_count, ${childCount('issue_links')} as link_count,
    i.is_draft, to_char(i.archived_at at time zone 'UTC', 'YYYY-MM-DD') as archived_at, s."group" as "state__group",
    ${relationIds('assignee')} as assignee_ids, ${relationIds('label')} as label_ids, ${relationIds('module')} as module_ids,
    i.type_id, i.version) item)`,
);
