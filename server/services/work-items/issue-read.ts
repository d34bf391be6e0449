// Loads issues in the shape the presenters need (reference §1.4): the row plus aggregated ids and
// counts, computed by correlated subqueries so one statement serves any filter or page.
import { and, eq, getTableColumns, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { jsonValue } from '../../../db/rows';
import { issueSubscribers, issues, users } from '../../../db/schema/index';
import type { IssueListRow } from './presenters/issue';
import { presentUserLite, type UserLite } from './presenters/issue-activity';
import { isProjectIssue } from '../../list-engine/scope';

/** Normalises a JSON-aggregated id list (drivers return it parsed or as text). */
function idArray(value: unknown): string[] {
  return jsonValue<string[] | null>(value) ?? [];
}

/**
 * Column set of an IssueListRow for `db.select(issueRowColumns).from(issues)`: every issue column
 * but the Yjs state and the search vector (kilobytes a row that no presenter reads), plus state
 * group, assignee/label/module ids, cycle id and the three counts. The sub-selects name `"issues"`
 * explicitly: drizzle leaves single-table columns unqualified, which would be ambiguous.
 */
const { descriptionBinary: _yjsState, searchVector: _searchVector, ...issueColumns } = getTableColumns(issues);

export const issueRowColumns = {
  ...issueColumns,
  stateGroup: sql<string | null>`(select s."group" from states s where s.id = "issues"."state_id")`.as('state_group'),
  assigneeIds: sql<string[]>`coalesce((select json_agg(a.assignee_id) from issue_assignees a
    where a.issue_id = "issues"."id" and a.deleted_at is null), '[]'::json)`
    .mapWith(idArray)
    .as('assignee_ids'),
  labelIds: sql<string[]>`coalesce((select json_agg(il.label_id) from issue_labels il join labels l on l.id = il.label_id
    where il.issue_id = "issues"."id" and il.deleted_at is null and l.deleted_at is null), '[]'::json)`
    .mapWith(idArray)
    .as('label_ids'),
  moduleIds: sql<string[]>`coalesce((select json_agg(mi.module_id) from module_issues mi join modules m on m.id = mi.module_id
    where mi.issue_id = "issues"."id" and mi.deleted_at is null and m.deleted_at is null and m.archived_at is null), '[]'::json)`
    .mapWith(idArray)
    .as('module_ids'),
  cycleId: sql<string | null>`(select ci.cycle_id from cycle_issues ci join cycles c on c.id = ci.cycle_id
    where ci.issue_id = "issues"."id" and ci.deleted_at is null and c.deleted_at is null limit 1)`.as('cycle_id'),
  subIssuesCount: sql<number>`(select count(*)::int from issues sub where sub.parent_id = "issues"."id" and ${isProjectIssue('sub')})`
    .mapWith(Number)
    .as('sub_issues_count'),
  attachmentCount: sql<number>`(select count(*)::int from issue_attachments ia
    where ia.issue_id = "issues"."id" and ia.deleted_at is null)`
    .mapWith(Number)
    .as('attachment_count'),
  linkCount: sql<number>`(select count(*)::int from issue_links ik where ik.issue_id = "issues"."id" and ik.deleted_at is null)`
    .mapWith(Number)
    .as('link_count'),
};

/** A list row read for one person: `viewerSubscribed` tells whether they follow the issue (absent: not read). */
export type IssueRowForViewer = IssueListRow & { viewerSubscribed?: boolean };

/**
 * issueRowColumns plus whether `viewerId` follows the issue, for the rows a detail answer is built
 * from (GET, and the RETURNING of a create's or PATCH's update): one statement instead of two.
 */
export function issueRowColumnsFor(viewerId: string | Placeholder<string>) {
  return {
    ...issueRowColumns,
    viewerSubscribed: sql<boolean>`exists(select 1 from issue_subscribers vs
      where vs.issue_id = "issues"."id" and vs.subscriber_id = ${viewerId} and vs.deleted_at is null)`.as('viewer_subscribed'),
  };
}

/** Issues matching `where` as IssueListRows, in the given order (default: created_at descending). */
export async function loadIssueRows(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[] = [sql`${issues.createdAt} desc`],
  page?: { limit: number; offset: number },
): Promise<IssueListRow[]> {
  const query = db
    .select(issueRowColumns)
    .from(issues)
    .where(where)
    .orderBy(...orderBy);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows as IssueListRow[];
}

/** The live (not soft-deleted) issue `issueId` of the project `projectId` (placeholders). */
export const liveIssueOfProject = and(eq(issues.id, sql.placeholder('issueId')), eq(issues.projectId, sql.placeholder('projectId')), isNull(issues.deletedAt));
const issueRowStatement = reusableStatement((db) => db.select(issueRowColumns).from(issues).where(liveIssueOfProject).prepare(ROW_STATEMENT.plain));
const issueRowForViewerStatement = reusableStatement((db) =>
  db.select(issueRowColumnsFor(sql.placeholder('viewerId'))).from(issues).where(liveIssueOfProject).prepare(ROW_STATEMENT.forViewer),
);

/** One live (not soft-deleted) issue of the project — archived and draft ones included — or null. */
export async function loadIssueRow(db: Db, projectId: string, issueId: string, viewerId?: string): Promise<IssueRowForViewer | null> {
  const [row] = viewerId ? await issueRowForViewerStatement(db, { issueId, projectId, viewerId }) : await issueRowStatement(db, { issueId, projectId });
  return (row as IssueRowForViewer | undefined) ?? null;
}

/**
 * Statements whose text never changes and whose plan does not depend on the values (a row by its
 * key) run as named prepared statements: the row's sub-selects take Postgres ~1.6 ms to plan, four
 * times its execution, and a connection plans a prepared statement once. (postgres.js keeps one per
 * connection and text; the name only tells drizzle to prepare. PGlite ignores it.)
 */
export const ROW_STATEMENT = {
  plain: 'issue_row',
  forViewer: 'issue_row_for_viewer',
  update: 'issue_update_returning_row',
  updateUnread: 'issue_update_unread_returning_row',
  numbered: 'issue_numbered_returning_row',
} as const;

/** IssueListRows for ids, keeping the order of `ids`. */
export async function loadIssueRowsByIds(db: Db, ids: string[]): Promise<IssueListRow[]> {
  if (ids.length === 0) return [];
  const rows = await loadIssueRows(db, inArray(issues.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is IssueListRow => Boolean(row));
}

/** True when the user is subscribed to the issue. */
export async function isSubscribed(db: Db, issueId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: issueSubscribers.id })
    .from(issueSubscribers)
    .where(and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, userId), isNull(issueSubscribers.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** UserLite objects by id (missing users are absent from the map). */
export async function loadUserLites(db: Db, ids: Array<string | null>): Promise<Map<string, UserLite>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, presentUserLite(row)!]));
}
