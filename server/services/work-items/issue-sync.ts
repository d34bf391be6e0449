// The local-cache sync feed of a project's issues (reference §1.3.4, DESIGN "Local cache"): live
// issues ordered by `updated_at` with the "global" paginator, and the ids to evict (deleted —
// from the change log and soft-deleted rows — or archived) since a watermark.
import { and, asc, count, eq, gt, isNotNull, or, type SQL } from 'drizzle-orm';
import { issues } from '../../../db/schema/index';
import { DEFAULT_PER_PAGE, INVALID_CURSOR_MESSAGE, formatSyncCursor, parseSyncCursor, perPageProblem } from '../../../shared/cursor';
import type { DeletedIssuesQuery, IssueSyncQuery } from '../../../shared/schemas/issue-sync';
import type { ServerContext } from '../../context';
import { HttpError } from '../../errors';
import { deletedEntityIds } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { visibleIssues } from './policies/issue';
import { presentIssue } from './presenters/issue';
import { loadIssueRows } from './issue-read';
import { isProjectIssue } from '../../list-engine/scope';

function paginationError(message: string) {
  return new HttpError(400, { detail: message });
}

function resolveSyncPage(query: IssueSyncQuery) {
  let perPage = DEFAULT_PER_PAGE;
  if (query.per_page !== undefined && query.per_page !== '') {
    const problem = perPageProblem(query.per_page);
    if (problem) throw paginationError(problem);
    perPage = Number(query.per_page);
  }
  if (query.cursor === undefined || query.cursor === '') return { perPage, page: 0 };
  const cursor = parseSyncCursor(query.cursor);
  if (!cursor) throw paginationError(INVALID_CURSOR_MESSAGE);
  return { perPage: cursor.perPage, page: cursor.page };
}

/**
 * `GET …/v2/issues/`: one page of the project's live issues by `updated_at` ascending.
 * @throws HttpError 400 `{detail}` for a bad cursor or per_page.
 */
export async function listSyncIssues(ctx: ServerContext, actor: ProjectActor, query: IssueSyncQuery) {
  const { perPage, page } = resolveSyncPage(query);
  const conditions: Array<SQL | undefined> = [
    eq(issues.projectId, actor.project.id),
    isProjectIssue('issues'),
    visibleIssues(actor),
  ];
  if (query.updated_at__gt) conditions.push(gt(issues.updatedAt, new Date(query.updated_at__gt)));
  const where = and(...conditions);
  const [{ total }] = await ctx.db.select({ total: count() }).from(issues).where(where);
  const rows = await loadIssueRows(ctx.db, where, [asc(issues.updatedAt), asc(issues.id)], { limit: perPage, offset: page * perPage });
  const withDescription = query.description === 'true';
  const end = page * perPage + rows.length;
  return {
    prev_cursor: formatSyncCursor({ perPage, page: page - 1, offset: 0 }),
    cursor: formatSyncCursor({ perPage, page, offset: 0 }),
    next_cursor: end < total ? formatSyncCursor({ perPage, page: page + 1, offset: 0 }) : null,
    prev_page_results: page > 0,
    next_page_results: end < total,
    page_count: rows.length,
    total_results: total,
    total_pages: Math.ceil(total / perPage),
    results: rows.map((row) => (withDescription ? { ...presentIssue(row), description_html: row.descriptionHtml } : presentIssue(row))),
  };
}

/** `GET …/deleted-issues/`: ids of issues deleted or archived since `updated_at__gt` (all when absent). */
export async function listDeletedIssueIds(ctx: ServerContext, actor: ProjectActor, query: DeletedIssuesQuery): Promise<string[]> {
  const since = query.updated_at__gt ? new Date(query.updated_at__gt) : null;
  const projectId = actor.project.id;
  const gone = or(isNotNull(issues.deletedAt), isNotNull(issues.archivedAt));
  const rows = await ctx.db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.projectId, projectId), gone, since ? gt(issues.updatedAt, since) : undefined, visibleIssues(actor)));
  const ids = new Set(rows.map((row) => row.id));
  const logged = await deletedEntityIds(ctx.db, projectId, 'issue', since);
  const guestFilter = visibleIssues(actor);
  if (logged.length > 0 && guestFilter) {
    // Security: a restricted guest learns only about issues they created.
    const own = await ctx.db.select({ id: issues.id }).from(issues).where(and(eq(issues.projectId, projectId), guestFilter));
    const mine = new Set(own.map((row) => row.id));
    for (const id of logged) if (mine.has(id)) ids.add(id);
  } else {
    for (const id of logged) ids.add(id);
  }
  return [...ids];
}
