// The IssueListItem of reference §1.4 selected in SQL (ids, counts and link arrays as sub-selects
// over the page's rows only), so a page is one statement whatever its size; presentIssue shapes it.
import { sql, type SQL } from 'drizzle-orm';
import { presentIssue, type IssueListItem, type IssueListRow } from '../presenters/issue';
import { relationColumn, relationFrom, relationIds } from './relations';

export type { IssueListItem };

/** An ISO-8601 UTC timestamp with milliseconds and `Z`, formatted by the database (same on both drivers). */
export function isoTimestamp(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/** Select list of an IssueListItem over issue `i` and its state `s` (left-joined by the caller). */
export function issueItemColumns(): SQL {
  return sql`i.id::text as id, i.name, i.state_id::text as state_id, i.sort_order,
    ${isoTimestamp('i.completed_at')} as completed_at, i.estimate_point_id::text as estimate_point, i.priority,
    i.start_date::text as start_date, i.target_date::text as target_date, i.sequence_id, i.project_id::text as project_id,
    i.parent_id::text as parent_id, (select min(${relationColumn('cycle')}::text) ${relationFrom('cycle')}) as cycle_id,
    (select count(*) from issues c where c.parent_id = i.id and c.deleted_at is null and c.archived_at is null and not c.is_draft)::int as sub_issues_count,
    ${isoTimestamp('i.created_at')} as created_at, ${isoTimestamp('i.updated_at')} as updated_at,
    i.created_by::text as created_by, i.updated_by::text as updated_by,
    (select count(*) from issue_attachments c where c.issue_id = i.id and c.deleted_at is null)::int as attachment_count,
    (select count(*) from issue_links c where c.issue_id = i.id and c.deleted_at is null)::int as link_count,
    i.is_draft, to_char(i.archived_at at time zone 'UTC', 'YYYY-MM-DD') as archived_at, s."group" as "state__group",
    ${relationIds('assignee')} as assignee_ids, ${relationIds('label')} as label_ids, ${relationIds('module')} as module_ids,
    i.type_id::text as type_id, i.version`;
}

/**
 * Presents a result row with the issue presenter (the one place issue rows become wire objects).
 * One object literal, no spreads: a page builds hundreds of these per request.
 */
export function toIssueListItem(row: Record<string, unknown>): IssueListItem {
  const listRow = {
    id: row.id,
    name: row.name,
    stateId: row.state_id,
    sortOrder: Number(row.sort_order),
    completedAt: row.completed_at,
    estimatePointId: row.estimate_point,
    priority: row.priority,
    startDate: row.start_date,
    targetDate: row.target_date,
    sequenceId: Number(row.sequence_id),
    projectId: row.project_id,
    parentId: row.parent_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    isDraft: row.is_draft,
    archivedAt: row.archived_at,
    typeId: row.type_id,
    version: Number(row.version),
    stateGroup: (row.state__group as string | null) ?? null,
    assigneeIds: row.assignee_ids as string[],
    labelIds: row.label_ids as string[],
    moduleIds: row.module_ids as string[],
    cycleId: (row.cycle_id as string | null) ?? null,
    subIssuesCount: Number(row.sub_issues_count ?? 0),
    attachmentCount: Number(row.attachment_count ?? 0),
    linkCount: Number(row.link_count ?? 0),
  } as unknown as IssueListRow;
  return presentIssue(listRow);
}
