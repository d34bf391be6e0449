// Which issues a list may show before any filter (STYLE §4c "read filters as query helpers"): the
// project or the caller's projects, the guest rule (reference §0.2) and the base exclusions
// (soft-deleted, archived, drafts, intake issues still pending or snoozed).
import { sql, type SQL } from 'drizzle-orm';
import { Role, effectiveProjectRole } from '../../shared/roles';
import { issueAccess } from '../../shared/policies/issue';
import { fullAccessSql } from '../policies/row-access';
import { IntakeStatus } from '../../shared/issue-constants';
import type { ListScope } from './list-issues';

/** The caller of a workspace list, as the access plugin resolved it (a server/actor.ts WorkspaceActor fits). */
export interface WorkspaceScopeActor {
  userId: string;
  workspace: { id: string };
  workspaceRole: number;
  /** The caller's IANA time zone (their profile's): relative date filters count from their today. */
  timeZone?: string;
}

/** The caller of a project list (a server/actor.ts ProjectActor fits). */
export interface ProjectScopeActor extends WorkspaceScopeActor {
  project: { id: string; guestViewAllFeatures: boolean };
  projectRole: number | null;
}

export interface ScopeOptions {
  /** List archived issues instead of live ones (archived lists). */
  archived?: boolean;
  /**
   * Test the caller's projects as `project_id = any(array(<ids>))` instead of `in (<ids>)`, for
   * statements over whole workspaces (analytics). Same rows; what changes is the planner's row
   * estimate: it rates the semi-join `in (subquery)` by projects and project_members, tiny tables
   * that stay unanalyzed (below autovacuum's 50-row threshold, and below table-maintenance's two
   * pages), at under 1 % of the issues — 714 of 100 000 — and then joins the links of 100 000
   * issues with plans sized for a few hundred (nested loops, sorts spilling to disk). The array
   * (an InitPlan, run once) is rated by issues.project_id's own statistics: all of them.
   */
  projectsAsArray?: boolean;
}

/** Which issues of the archive a scope takes: the live ones (default), the archived ones, or both (exports). */
type ArchiveScope = 'live' | 'archived' | 'any';

/**
 * THE definition of "the issues of a project", over the issue row `alias`: not deleted, not a
 * draft, and not an intake request that was not accepted — a pending, snoozed, declined or
 * duplicate request is a request, not an issue (issue 26: analytics counted 13 where the list
 * showed 10). Lists, counts, analytics, cycle and module progress, sub-issue counts, the sync
 * feed and exports all ask this one predicate, so they cannot disagree. The intake rule is a NOT
 * IN (issue_id is never null), which Postgres runs as one hashed subplan instead of a probe per
 * issue; the rest match the partial list indexes of db/schema/issue.ts.
 */
export function isProjectIssue(alias = 'i', archive: ArchiveScope = 'live'): SQL {
  const row = sql.raw(alias);
  const archived = archive === 'any' ? sql`` : archive === 'archived' ? sql` and ${row}.archived_at is not null` : sql` and ${row}.archived_at is null`;
  // `not exists` keyed by the issue (intake_issues.issue_id is indexed), not `id not in (…)`: the
  // planner keeps each per-item look-up on its own key (a sub-issue count on parent_id) instead of
  // scanning another index against a hashed list of every request waiting in intake. The accepted
  // status is a constant, written into the text, so fragments with this predicate render once (db/dialect.ts).
  return sql`${row}.deleted_at is null${archived} and not ${row}.is_draft and not exists (select 1 from intake_issues ii where ii.issue_id = ${row}.id and ii.deleted_at is null and ii.status <> ${sql.raw(String(IntakeStatus.ACCEPTED))})`;
}

/**
 * How many of issue `i`'s sub-issues are issues of the project (the predicate above). The children
 * are found by their parent first (the `offset 0` fence keeps the parent_id index look-up per item,
 * which the planner otherwise trades for another index and a filter on never-analysed tables),
 * and only those few are checked against intake.
 */
export function subIssueCount(): SQL {
  return sql`(select count(*) from (select c.id, c.deleted_at, c.archived_at, c.is_draft from issues c where c.parent_id = i.id offset 0) c where ${isProjectIssue('c')})`;
}

/** Conditions every listed issue `i` meets: the project-issue predicate, live or archived. */
export function baseExclusions(options: ScopeOptions = {}): SQL {
  return isProjectIssue('i', options.archived ? 'archived' : 'live');
}

/**
 * Ids of issues still in triage — every intake status but accepted (reference §6: declined,
 * snoozed and duplicate submissions stay in triage, hidden from every normal list and count) — of
 * one project, if given: never listed.
 */
export function waitingInIntake(projectId?: string): SQL {
  return sql`select ii.issue_id from intake_issues ii where ii.deleted_at is null
    and ii.status <> ${IntakeStatus.ACCEPTED}${projectId ? sql` and ii.project_id = ${projectId}` : sql``}`;
}

/** The issues of the actor's project (`request.actor.project`), guests limited to their own unless allowed. */
export function projectIssueScope(actor: ProjectScopeActor, options: ScopeOptions = {}): ListScope {
  const project = actor.project;
  const role = effectiveProjectRole(actor.projectRole, actor.workspaceRole);
  const guestLimited = issueAccess(role, project.guestViewAllFeatures) !== 'full';
  return {
    where: sql`i.project_id = ${project.id} and ${baseExclusions(options)}${guestLimited ? sql` and i.created_by = ${actor.userId}` : sql``}`,
    projectIds: sql`select ${project.id}::uuid`,
    workspaceId: actor.workspace.id,
    // The counters count every listed issue of the project: not a guest's own subset, nor the archive.
    countedProjectId: guestLimited || options.archived ? null : project.id,
  };
}

/** Subquery of the live projects of a workspace the user is an active member of. */
export function memberProjectIds(workspaceId: string, userId: string, fullVisibilityOnly = false, isWorkspaceAdmin = false): SQL {
  const full = fullVisibilityOnly ? sql` and ${fullAccessSql(sql`pm.role`, sql`p.guest_view_all_features`, isWorkspaceAdmin ? Role.ADMIN : null)}` : sql``;
  return sql`select pm.project_id from project_members pm join projects p on p.id = pm.project_id
    where pm.member_id = ${userId} and pm.is_active and p.workspace_id = ${workspaceId}
      and p.deleted_at is null and p.archived_at is null${full}`;
}

/** The issues of every project of the workspace the actor belongs to, with the guest rule per project. */
export function workspaceIssueScope(actor: WorkspaceScopeActor, options: ScopeOptions = {}): ListScope {
  const workspaceId = actor.workspace.id;
  const isAdmin = actor.workspaceRole === Role.ADMIN;
  const memberOf = memberProjectIds(workspaceId, actor.userId);
  const fullyVisible = memberProjectIds(workspaceId, actor.userId, true, isAdmin);
  const inProjects = (ids: SQL) => (options.projectsAsArray ? sql`i.project_id = any(array(${ids}))` : sql`i.project_id in (${ids})`);
  return {
    where: sql`i.workspace_id = ${workspaceId} and ${inProjects(memberOf)}
      and (${inProjects(fullyVisible)} or i.created_by = ${actor.userId}) and ${baseExclusions(options)}`,
    projectIds: memberOf,
    workspaceId,
    countedProjectId: null,
  };
}
