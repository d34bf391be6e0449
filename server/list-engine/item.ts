// The IssueListItem of reference §1.4 selected in SQL (ids, counts and link arrays as sub-selects
// over the page's rows only), so a page is one statement whatever its size.
import { sql, type SQL } from 'drizzle-orm';
import { relationColumn, relationFrom, relationIds } from './relations';

/** An issue as every paginated list returns it (reference §1.4 IssueListItem; counts are 0, never null). */
export interface IssueListItem {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number;
  completed_at: string | null;
  estimate_point: string | null;
  priority: string;
  start_date: string | null;
  target_date: string | null;
  sequence_id: number;
  project_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  sub_issues_count: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  attachment_count: number;
  link_count: number;
  is_draft: boolean;
  archived_at: string | null;
  state__group: string | null;
  assignee_ids: string[];
  label_ids: string[];
  module_ids: string[];
}

/** Field order of the wire object. */
export const ISSUE_LIST_ITEM_FIELDS: readonly (keyof IssueListItem)[] = [
  'id', 'name', 'state_id', 'sort_order', 'completed_at', 'estimate_point', 'priority', 'start_date', 'target_date',
  'sequence_id', 'project_id', 'parent_id', 'cycle_id', 'sub_issues_count', 'created_at', 'updated_at', 'created_by',
  'updated_by', 'attachment_count', 'link_count', 'is_draft', 'archived_at', 'state__group', 'assignee_ids',
  'label_ids', 'module_ids',
];

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
    ${relationIds('assignee')} as assignee_ids, ${relationIds('label')} as label_ids, ${relationIds('module')} as module_ids`;
}

/** Picks the wire fields of a result row, in wire order, with numbers as numbers. */
export function toIssueListItem(row: Record<string, unknown>): IssueListItem {
  const item = {} as Record<string, unknown>;
  for (const field of ISSUE_LIST_ITEM_FIELDS) item[field] = row[field];
  item.sort_order = Number(row.sort_order);
  item.sequence_id = Number(row.sequence_id);
  for (const field of ['sub_issues_count', 'attachment_count', 'link_count'] as const) item[field] = Number(row[field] ?? 0);
  return item as unknown as IssueListItem;
}
