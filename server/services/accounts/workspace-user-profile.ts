// A workspace member's profile page (reference §4.4): `user-profile/` (per-project issue counts and
// the user's card) and `user-stats/` (their issue statistics), each limited to the caller's projects;
// its `user-activity/` feed reads the issue history (work-items/issue-activity-feed.ts) with the
// member and project rules of this file.
import { and, asc, countDistinct, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cycleIssues, cycles, issues, projectMembers, projects, states, users, workspaceMembers, type User } from '../../../db/schema/index';
import { PRIORITY_ORDER, STATE_GROUPS, isFinishedStateGroup } from '../../../shared/issue-constants';
import { Role } from '../../../shared/roles';
import { NotFoundError } from '../../errors';
import type { WorkspaceActor } from '../../actor';
import { isProjectIssue } from '../../list-engine/scope';

/**
 * The user when they have a membership of the actor's workspace (an active one when `activeOnly`).
 * @throws NotFoundError otherwise, so user ids of other workspaces are not revealed.
 */
export async function loadMemberUser(db: Db, actor: WorkspaceActor, userId: string, activeOnly: boolean): Promise<User> {
  const [row] = await db
    .select({ user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, actor.workspace.id),
        eq(workspaceMembers.memberId, userId),
        activeOnly ? eq(workspaceMembers.isActive, true) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError();
  return row.user;
}

/** Live project ids (not archived) in which the actor is an active member. */
export function callerProjectIds(actor: WorkspaceActor) {
  return sql`(
    select pm.project_id from ${projectMembers} pm
    join ${projects} p on p.id = pm.project_id and p.deleted_at is null and p.archived_at is null
    where pm.member_id = ${actor.userId} and pm.workspace_id = ${actor.workspace.id} and pm.is_active
  )`;
}

/**
 * Counts one kind of the user's issues in the outer query's project (live issues only: not deleted,
 * archived, draft, or waiting in intake — a submission is no project issue until accepted).
 */
function issueCount(userId: string, kind: 'created' | 'assigned' | 'completed' | 'pending') {
  const live = sql`i.project_id = ${projects.id} and ${isProjectIssue()}`;
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
export async function getUserProfile(db: Db, actor: WorkspaceActor, userId: string) {
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

/** 0 for urgent … 4 for none, the rank of PRIORITY_ORDER. */
const PRIORITY_RANK = sql<number>`array_position(${sql.raw(`array[${PRIORITY_ORDER.map((p) => `'${p}'`).join(', ')}]`)}::text[], ${issues.priority}::text) - 1`;
/** State groups whose issues are still to do. */
const PENDING_GROUPS = STATE_GROUPS.filter((group) => !isFinishedStateGroup(group));

/** Live issues (not deleted, archived, draft or waiting in intake) of the caller's live projects. */
function callerIssues(actor: WorkspaceActor): SQL {
  return and(
    isProjectIssue('issues'),
    sql`${issues.projectId} in ${callerProjectIds(actor)}`,
  )!;
}

const assignedTo = (userId: string) =>
  sql`exists (select 1 from issue_assignees a where a.issue_id = ${issues.id} and a.assignee_id = ${userId} and a.deleted_at is null)`;
const subscribedBy = (userId: string) =>
  sql`exists (select 1 from issue_subscribers s where s.issue_id = ${issues.id} and s.subscriber_id = ${userId} and s.deleted_at is null)`;

/** Cycles (of the caller's projects) holding an issue assigned to the user, current or upcoming. */
async function cyclesOf(db: Db, actor: WorkspaceActor, userId: string, when: 'present' | 'upcoming') {
  const now = new Date();
  return db
    .selectDistinct({ cycle__name: cycles.name, cycle__id: cycles.id, cycle__project_id: cycles.projectId })
    .from(cycleIssues)
    .innerJoin(cycles, and(eq(cycles.id, cycleIssues.cycleId), isNull(cycles.deletedAt)))
    .innerJoin(issues, eq(issues.id, cycleIssues.issueId))
    .where(
      and(
        isNull(cycleIssues.deletedAt),
        callerIssues(actor),
        assignedTo(userId),
        when === 'present' ? and(lt(cycles.startDate, now), gt(cycles.endDate, now)) : gt(cycles.startDate, now),
      ),
    )
    .orderBy(asc(cycles.name));
}

/**
 * The user's issue statistics within the caller's projects: state and priority distribution of
 * their assigned issues, created / assigned / completed / pending / subscribed counts, and the
 * current and upcoming cycles holding their issues.
 * @throws NotFoundError when the user was never a member of the workspace.
 */
export async function getUserStats(db: Db, actor: WorkspaceActor, userId: string) {
  await loadMemberUser(db, actor, userId, false);
  const scope = callerIssues(actor);
  const assigned = and(scope, assignedTo(userId));
  const stateDistribution = await db
    .select({ state_group: states.group, state_count: countDistinct(issues.id) })
    .from(issues)
    .innerJoin(states, eq(states.id, issues.stateId))
    .where(assigned)
    .groupBy(states.group)
    .orderBy(states.group);
  const priorityDistribution = await db
    .select({ priority: issues.priority, priority_count: countDistinct(issues.id), priority_order: PRIORITY_RANK })
    .from(issues)
    .where(assigned)
    .groupBy(issues.priority)
    .orderBy(PRIORITY_RANK);
  // The five counts in one pass over the caller's issues.
  const isAssigned = assignedTo(userId);
  const [counts] = await db
    .select({
      created: sql<number>`count(*) filter (where ${issues.createdBy} = ${userId})::int`,
      assigned: sql<number>`count(*) filter (where ${isAssigned})::int`,
      completed: sql<number>`count(*) filter (where ${isAssigned} and ${states.group} = 'completed')::int`,
      pending: sql<number>`count(*) filter (where ${isAssigned} and ${inArray(states.group, PENDING_GROUPS)})::int`,
      subscribed: sql<number>`count(*) filter (where ${subscribedBy(userId)})::int`,
    })
    .from(issues)
    .leftJoin(states, eq(states.id, issues.stateId))
    .where(scope);
  return {
    state_distribution: stateDistribution.map((row) => ({ ...row, state_count: Number(row.state_count) })),
    priority_distribution: priorityDistribution.map((row) => ({ ...row, priority_count: Number(row.priority_count), priority_order: Number(row.priority_order) })),
    created_issues: Number(counts.created),
    assigned_issues: Number(counts.assigned),
    completed_issues: Number(counts.completed),
    pending_issues: Number(counts.pending),
    subscribed_issues: Number(counts.subscribed),
    present_cycles: await cyclesOf(db, actor, userId, 'present'),
    upcoming_cycles: await cyclesOf(db, actor, userId, 'upcoming'),
  };
}
