// Member roles and permission scopes of spec §6, so server, collab and client compare roles the same way.

/** Numeric member roles; workspace and project memberships use the same numbers (spec §6). */
export const Role = { ADMIN: 20, MEMBER: 15, GUEST: 5 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Lower-case role names, as used in permission rules (`{ scope, min: 'member' }`). */
export const RoleName = { ADMIN: 'admin', MEMBER: 'member', GUEST: 'guest' } as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];

/** The level a role is read from: the workspace membership or the membership of one project. */
export const Scope = { WORKSPACE: 'workspace', PROJECT: 'project' } as const;
export type Scope = (typeof Scope)[keyof typeof Scope];

/** Every role, highest first. */
export const ROLES: readonly Role[] = [Role.ADMIN, Role.MEMBER, Role.GUEST];

const NAME_BY_ROLE: Record<Role, RoleName> = {
  [Role.ADMIN]: RoleName.ADMIN,
  [Role.MEMBER]: RoleName.MEMBER,
  [Role.GUEST]: RoleName.GUEST,
};

const ROLE_BY_NAME: Record<RoleName, Role> = {
  [RoleName.ADMIN]: Role.ADMIN,
  [RoleName.MEMBER]: Role.MEMBER,
  [RoleName.GUEST]: Role.GUEST,
};

/** True when `value` is one of the three role numbers (20, 15, 5). */
export function isValidRole(value: unknown): value is Role {
  return value === Role.ADMIN || value === Role.MEMBER || value === Role.GUEST;
}

/**
 * True when `actual` is at or above `min`. Roles are ordered (GUEST < MEMBER < ADMIN);
 * no membership (`null`/`undefined`) never passes.
 */
export function hasRole(actual: number | null | undefined, min: Role): boolean {
  return typeof actual === 'number' && isValidRole(actual) && actual >= min;
}

/** The role for a name such as `'member'` (case-insensitive), or `null` for an unknown name. */
export function roleFromName(name: string): Role | null {
  const key = name.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(ROLE_BY_NAME, key) ? ROLE_BY_NAME[key as RoleName] : null;
}

/** The lower-case name of a role (`20` → `'admin'`). */
export function roleName(role: Role): RoleName {
  return NAME_BY_ROLE[role];
}

/**
 * The role that project-level checks use. A workspace admin who is a member of the project (with any
 * project role) counts as a project admin, as in the reference's `allow_permission`; a non-member
 * (`projectRole` null) stays a non-member whatever the workspace role.
 */
export function effectiveProjectRole(
  projectRole: number | null | undefined,
  workspaceRole: number | null | undefined,
): Role | null {
  if (!isValidRole(projectRole)) return null;
  return workspaceRole === Role.ADMIN ? Role.ADMIN : projectRole;
}
