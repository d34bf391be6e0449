// The permission rule model of spec §6: every route declares one rule, and one pure function decides it.
import { Role, RoleName, Scope, effectiveProjectRole, hasRole, isValidRole, roleFromName } from './roles';

/** Rules that do not depend on a membership. */
export const AccessLevel = {
  PUBLIC: 'public',
  AUTHENTICATED: 'authenticated',
  INSTANCE_ADMIN: 'instance-admin',
} as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

/** A role threshold at the workspace or project level. */
export interface RoleRule {
  scope: Scope;
  min: RoleName;
  /** Project rules only: a workspace admin passes without being a project member (project PATCH/DELETE). */
  workspaceAdminBypass?: boolean;
  /** Workspace rules only: outsiders get 404 rather than 403 (GET of the workspace itself). */
  hideFromOutsiders?: boolean;
}

/**
 * What a route (or action) requires: anyone, any signed-in user, an instance admin, or at least
 * `min` at the workspace or project level. Declared as `config.access` on each route.
 */
export type PermissionRule = AccessLevel | RoleRule;

/** The caller as far as permission rules are concerned; roles are `null` when not a member. */
export interface PermissionContext {
  isAuthenticated: boolean;
  isInstanceAdmin: boolean;
  workspaceRole: number | null;
  projectRole: number | null;
}

/** The context of a caller with no session and no API key. */
export const ANONYMOUS_CONTEXT: PermissionContext = Object.freeze({
  isAuthenticated: false,
  isInstanceAdmin: false,
  workspaceRole: null,
  projectRole: null,
});

/** Shorthand for `{ scope: 'workspace', min }`. */
export function workspaceRule<const M extends RoleName>(min: M, flags: Pick<RoleRule, 'hideFromOutsiders'> = {}) {
  return { scope: Scope.WORKSPACE, min, ...flags };
}

/** Shorthand for `{ scope: 'project', min }`. */
export function projectRule<const M extends RoleName>(min: M, flags: Pick<RoleRule, 'workspaceAdminBypass'> = {}) {
  return { scope: Scope.PROJECT, min, ...flags };
}

/** True when `value` is a well-formed rule (used to reject routes declared without a valid rule). */
export function isPermissionRule(value: unknown): value is PermissionRule {
  if (value === AccessLevel.PUBLIC || value === AccessLevel.AUTHENTICATED || value === AccessLevel.INSTANCE_ADMIN) {
    return true;
  }
  if (typeof value !== 'object' || value === null) return false;
  const { scope, min } = value as Record<string, unknown>;
  return (scope === Scope.WORKSPACE || scope === Scope.PROJECT) && typeof min === 'string' && roleFromName(min) !== null;
}

/**
 * The role a context has at a level. Project level uses the role stored for that project, where a
 * workspace admin who is a project member counts as project admin (reference §0.2).
 */
export function roleAt(scope: Scope, ctx: PermissionContext): Role | null {
  if (scope === Scope.WORKSPACE) return isValidRole(ctx.workspaceRole) ? ctx.workspaceRole : null;
  return effectiveProjectRole(ctx.projectRole, ctx.workspaceRole);
}

/**
 * Decides a rule for a caller. `public` always passes; every other rule needs a signed-in caller;
 * role rules need a membership at the rule's level at or above `min`.
 */
export function allows(rule: PermissionRule, ctx: PermissionContext): boolean {
  if (rule === AccessLevel.PUBLIC) return true;
  if (!ctx.isAuthenticated) return false;
  if (rule === AccessLevel.AUTHENTICATED) return true;
  if (rule === AccessLevel.INSTANCE_ADMIN) return ctx.isInstanceAdmin;
  const min = roleFromName(rule.min);
  if (min === null) return false;
  if (rule.scope === Scope.PROJECT && rule.workspaceAdminBypass && ctx.workspaceRole === Role.ADMIN) return true;
  return hasRole(roleAt(rule.scope, ctx), min);
}

/**
 * The spec's permission check: passes when the caller's role at `scope` is one of `allowedRoles`
 * and the optional extra `condition` holds.
 */
export function allowPermission(
  allowedRoles: readonly Role[],
  scope: Scope,
  ctx: PermissionContext,
  condition?: () => boolean,
): boolean {
  if (!ctx.isAuthenticated) return false;
  const role = roleAt(scope, ctx);
  if (role === null || !allowedRoles.includes(role)) return false;
  return condition ? condition() : true;
}

/** True when the project role allows creating items (Member or above). */
export function canCreateInProject(projectRole: number | null | undefined): boolean {
  return hasRole(projectRole, Role.MEMBER);
}

/**
 * The spec's `canPerformAnyCreateAction` flag: true if the user has a create-level role (Member+)
 * in any project. Takes project roles keyed by project id, or a plain list.
 */
export function canPerformAnyCreateAction(
  projectRoles: Readonly<Record<string, number | null | undefined>> | readonly (number | null | undefined)[],
): boolean {
  const roles = Array.isArray(projectRoles) ? projectRoles : Object.values(projectRoles);
  return roles.some((role) => canCreateInProject(role));
}

/** The project role granted when a user joins a project: their workspace role, defaulting to Member. */
export function roleOnJoin(workspaceRole: number | null | undefined): Role {
  return isValidRole(workspaceRole) ? workspaceRole : Role.MEMBER;
}
