// A workspace member's profile page (reference §4.4): `user-profile/` (per-project issue counts and
// the user's card) and `user-activity/` (their issue history in the caller's projects).
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issueActivities, projectMembers, projects, users, workspaceMembers, type User } from '../../db/schema/index';
import { Role } from '../../shared/roles';
import { NotFoundError } from '../errors';
import type { Actor } from '../plugins/access';
import { pageActivities } from './user';

/** History fields the profile feed leaves out, as the reference does. */
const HIDDEN_ACTIVITY_FIELDS = ['comment', 'vote', 'reaction', 'draft'];

/**
 * The user when they have a membership of the actor's workspace (an active one when `activeOnly`).
 * @throws NotFoundError otherwise, so user ids of other workspaces are not revealed.
 */
async function loadMemberUser(db: Db, actor: Actor, userId: string, activeOnly: boolean): Promise<User> {
  const [row] = await db
    .select({ user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, actor.workspace!.id),
        eq(workspaceMembers.memberId, userId),
        activeOnly ? eq(workspaceMembers.isActive, true) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError();
  return row.user;
}

/** Live project ids (not archived) in which the actor is an active member. */
function callerProjectIds(actor: Actor) {
  return sql`(
    select pm.project_id from ${projectMembers} pm
    join ${projects} p on p.id = pm.project_id and p.deleted_at is null and p.archived_at is null
    where pm.member_id = ${actor.userId} and pm.workspace_id = ${actor.workspace!.id} and pm.is_active
  )`;
}

/** Counts one kind of the user's issues in the outer query's project (live issues only: not deleted, archived or draft). */
function issueCount(userId: string, kind: 'created' | 'assigned' | 'completed' | 'pending') {
  const live = sql`i.project_id = ${projects.id} and i.deleted_at is null and i.archived_at is null and not i.is_draft`;
  if (kind === 'created') return sql<number>`(select count(*)::int from issues i where ${live} and i.created_by = ${userId})`;
  const groups = { assigned: sql`true`, completed: sql`s.group = 'completed'`, pending: sql`s.group in ('backlog', 'unstarted', 'started')` }[kind];
  return sql<number>`(
    select count(distinct i.id)::int from issues i
    join issue_assignees a on a.issue_id = i.id and a.deleted_at is null and a.assignee_id = ${userId}
    left join states s on s.id = i.state_id
    where ${live} and ${groups}
  )`;
}

/**
 * `{project_data, user_data}` for an active member: issue counts per project the caller belongs to
 * (none for a guest caller) and the user's public card.
 * @throws NotFoundError when the user is not an active member of the workspace.
 */
export async function getUserProfile(db: Db, actor: Actor, userId: string) {
  const user = await loadMemberUser(db, actor, userId, true);
  const projectData =
    (actor.workspaceRole ?? 0) >= Role.MEMBER
      ? await db
          .select({
            id: projects.id,
            logo_props: projects.logoProps,
            created_issues: issueCount(userId, 'created'),
            assigned_issues: issueCount(userId, 'assigned'),
            completed_issues: issueCount(userId, 'completed'),
            pending_issues: issueCount(userId, 'pending'),
          })
          .from(projects)
          .where(sql`${projects.id} in ${callerProjectIds(actor)}`)
          .orderBy(projects.createdAt)
      : [];
  return {
    project_data: projectData,
    user_data: {
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      avatar_url: user.avatar || null,
      cover_image_url: user.coverImage || null,
      date_joined: user.dateJoined.toISOString(),
      user_timezone: user.userTimezone,
      display_name: user.displayName,
    },
  };
}

/**
 * The user's issue history within the caller's live projects (optionally only `projectIds`),
 * without comment, vote, reaction and draft entries, newest first, paginated.
 * @throws NotFoundError when the user was never a member; BadRequestError for a bad cursor.
 */
export async function listUserActivity(db: Db, actor: Actor, userId: string, query: { per_page?: string; cursor?: string; project?: string[] }) {
  // Former members keep their history, as in the reference; strangers to the workspace are 404.
  const user = await loadMemberUser(db, actor, userId, false);
  const where = and(
    eq(issueActivities.actorId, userId),
    eq(issueActivities.workspaceId, actor.workspace!.id),
    isNull(issueActivities.deletedAt),
    sql`${issueActivities.projectId} in ${callerProjectIds(actor)}`,
    query.project?.length ? inArray(issueActivities.projectId, query.project) : undefined,
    or(isNull(issueActivities.field), notInArray(issueActivities.field, HIDDEN_ACTIVITY_FIELDS)),
  );
  return pageActivities(db, user, where, query);
}
