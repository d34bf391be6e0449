// A person's issue activity across projects, newest first: the caller's own (`users/me/activities/`),
// a workspace member's profile feed (`user-activity/`) and the home dashboard's recent list. It
// belongs with the issue history, whose rows and presenter it reads; the account and dashboard
// services above say whose activity, and in which projects.
import { and, count, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueActivities, issues, projects, workspaces, type User } from '../../../db/schema/index';
import { offsetPage } from '../../../shared/cursor';
import type { WorkspaceActor } from '../../actor';
import { resolvePageOrBadRequest } from '../../validation';
import { presentActivity } from './presenters/issue-activity';
import { presentUserLite } from '../accounts/presenters/user';
import { callerProjectIds, loadMemberUser } from '../accounts/workspace-user-profile';

/** History fields the profile feed leaves out, as the reference does. */
export const HIDDEN_ACTIVITY_FIELDS = ['comment', 'vote', 'reaction', 'draft'];

/**
 * One page of issue activity by `actor` matching `where`, newest first, in the offset-cursor form.
 * @throws BadRequestError for a malformed cursor or per_page.
 */
export async function pageActivities(db: Db, actor: User, where: SQL | undefined, query: { per_page?: string; cursor?: string }) {
  const page = resolvePageOrBadRequest(query);
  const [{ total }] = await db.select({ total: count() }).from(issueActivities).where(where);
  const rows = await db
    .select({ activity: issueActivities, issue: issues, project: projects, workspace: workspaces })
    .from(issueActivities)
    .innerJoin(projects, eq(projects.id, issueActivities.projectId))
    .innerJoin(workspaces, eq(workspaces.id, issueActivities.workspaceId))
    .leftJoin(issues, eq(issues.id, issueActivities.issueId))
    .where(where)
    .orderBy(desc(issueActivities.createdAt), desc(issueActivities.id))
    .limit(page.perPage)
    .offset(page.offset);
  const actorLite = presentUserLite(actor);
  const results = rows.map((row) => presentActivity(row.activity, { actor: actorLite, issue: row.issue, project: row.project, workspace: row.workspace }));
  return offsetPage(results, Number(total), page);
}

/** The caller's issue activity across workspaces, newest first, in the offset-cursor page form. */
export async function listMyActivities(db: Db, user: User, query: { per_page?: string; cursor?: string }) {
  return pageActivities(db, user, and(eq(issueActivities.actorId, user.id), isNull(issueActivities.deletedAt)), query);
}

/**
 * The user's issue history within the caller's live projects (optionally only `projectIds`),
 * without comment, vote, reaction and draft entries, newest first, paginated.
 * @throws NotFoundError when the user was never a member; BadRequestError for a bad cursor.
 */
export async function listUserActivity(db: Db, actor: WorkspaceActor, userId: string, query: { per_page?: string; cursor?: string; project?: string[] }) {
  // Former members keep their history, as in the reference; strangers to the workspace are 404.
  const user = await loadMemberUser(db, actor, userId, false);
  const where = and(
    eq(issueActivities.actorId, userId),
    eq(issueActivities.workspaceId, actor.workspace.id),
    isNull(issueActivities.deletedAt),
    sql`${issueActivities.projectId} in ${callerProjectIds(actor)}`,
    query.project?.length ? inArray(issueActivities.projectId, query.project) : undefined,
    or(isNull(issueActivities.field), notInArray(issueActivities.field, HIDDEN_ACTIVITY_FIELDS)),
  );
  return pageActivities(db, user, where, query);
}
