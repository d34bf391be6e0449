// Pure issue rules (create, edit, delete, comment, guest visibility) shared by REST, live filtering and the client.
import { Role, hasRole, isValidRole } from '../roles';
import { hasProjectRole, isProjectMember, projectRoleOf, type Actor } from './actor';

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

/** The guest visibility rule: a guest sees only issues they created, unless the project allows all. */
export function guestSeesIssue(guestViewAllFeatures: boolean, createdBy: string | null, userId: string): boolean {
  return guestViewAllFeatures || createdBy === userId;
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
  if (role === null) return false;
  if (!draftVisibleTo(issue, actor.userId, role)) return false;
  if (role >= Role.MEMBER) return true;
  return guestSeesIssue(guestViewAllFeatures, issue.created_by, actor.userId);
}
