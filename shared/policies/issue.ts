// Pure issue rules (create, edit, delete, comment, guest visibility) shared by REST, live filtering and the client.
import { Role, hasRole, isValidRole } from '../roles';
import { hasProjectRole, isProjectMember, projectRoleOf, type Actor } from './actor';
import { accessAllowsRow, guestRowAccess, type RowAccess } from './row-access';

export type { RowAccess } from './row-access';

/** The issue fields the rules read. */
export interface IssueRow {
  created_by: string | null;
  is_draft?: boolean;
}

/** True when a project role may create issues: Member or above. */
export function canCreateIssue(projectRole: number | null | undefined): boolean {
  return hasRole(projectRole, Role.MEMBER);
}

/** True when the actor may edit the issue: a member or above, or a guest who created it. */
export function canEditIssue(actor: Actor, issue: IssueRow): boolean {
  if (!isProjectMember(actor)) return false;
  return hasProjectRole(actor, Role.MEMBER) || issue.created_by === actor.userId;
}

/** True when the actor may delete the issue: a project admin, or its creator. */
export function canDeleteIssue(actor: Actor, issue: IssueRow): boolean {
  if (!isProjectMember(actor)) return false;
  return hasProjectRole(actor, Role.ADMIN) || issue.created_by === actor.userId;
}

/** True when a project role may comment on issues: any project member, guests included. */
export function canCommentIssue(projectRole: number | null | undefined): boolean {
  return isValidRole(projectRole);
}

/**
 * THE row access of issues: how much of a project's issues a person with the (effective) project
 * role `projectRole` sees — a guest only the issues they created, unless the project allows all.
 * SQL scopes (server/policies/row-access.ts), the live filter, exports and the client read it here.
 */
export function issueAccess(projectRole: number | null | undefined, guestViewAllFeatures: boolean): RowAccess {
  return guestRowAccess(projectRole, guestViewAllFeatures);
}

/** A draft is its creator's and the project admins' only, until it is published (reference §1.6.13). */
export function draftVisibleTo(issue: IssueRow, userId: string, projectRole: number | null): boolean {
  return !issue.is_draft || issue.created_by === userId || hasRole(projectRole, Role.ADMIN);
}

/**
 * True when the actor may see the issue: a member or above, or a guest to whom the guest rule shows
 * it. A draft is its creator's and the project admins' only, until it is published (reference §1.6.13).
 */
export function canReadIssue(actor: Actor, issue: IssueRow, guestViewAllFeatures: boolean): boolean {
  const role = projectRoleOf(actor);
  if (!draftVisibleTo(issue, actor.userId, role)) return false;
  return accessAllowsRow(issueAccess(role, guestViewAllFeatures), issue.created_by, actor.userId);
}
