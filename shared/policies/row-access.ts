// How much of one kind of a project's rows a person sees, as one answer shared by every reader: the
// REST policies and SQL scopes, the live filter, exports, collab and the client (issue #25 item 4).
// Each entity has one function of this shape (issueAccess, pageAccess); they all rest on the guest
// rule below, so "a guest sees only their own" is written once.
import { Role, isValidRole } from '../roles';

/** Nothing of the project, only the rows the person created or owns, or every row. */
export type RowAccess = 'none' | 'own' | 'full';

/**
 * The guest rule (reference §0.2): a member or above sees every row of the project; a guest only
 * their own, unless the project lets guests view all features; a non-member nothing.
 * `projectRole` is the effective one (effectiveProjectRole: a workspace admin counts as project admin).
 */
export function guestRowAccess(projectRole: number | null | undefined, guestViewAllFeatures: boolean): RowAccess {
  if (!isValidRole(projectRole)) return 'none';
  return projectRole >= Role.MEMBER || guestViewAllFeatures ? 'full' : 'own';
}

/** True when `access` lets the person see a row that `createdBy` created (or owns). */
export function accessAllowsRow(access: RowAccess, createdBy: string | null, userId: string): boolean {
  return access === 'full' || (access === 'own' && createdBy === userId);
}
