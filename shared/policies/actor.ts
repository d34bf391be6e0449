// The caller as row rules see it, shared by every file in policies/ so they all read roles one way.
import { Role, effectiveProjectRole, hasRole } from '../roles';

/** A user acting inside one project; roles are `null` when the user is not a member. */
export interface Actor {
  userId: string;
  projectRole: number | null;
  workspaceRole: number | null;
}

/**
 * The actor's role in the project for row rules, or `null` for a non-member. A workspace admin who
 * is a project member counts as project admin, matching the route rules in permissions.ts.
 */
export function projectRoleOf(actor: Actor): Role | null {
  return effectiveProjectRole(actor.projectRole, actor.workspaceRole);
}

/** True when the actor is a member of the project with any role. */
export function isProjectMember(actor: Actor): boolean {
  return projectRoleOf(actor) !== null;
}

/** True when the actor's project role is at or above `min`. */
export function hasProjectRole(actor: Actor, min: Role): boolean {
  return hasRole(projectRoleOf(actor), min);
}
