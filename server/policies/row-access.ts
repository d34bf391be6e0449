// The row-access rule of shared/policies/row-access.ts in SQL, for statements that decide it per
// project over many memberships at once (workspace lists, search, the dashboard). Held to the pure
// function by row-access.test.ts, which evaluates both for every role and setting. It stays outside
// the domains (README.md): the list engine's scopes apply it to every domain's lists.
import { sql, type SQL } from 'drizzle-orm';
import { Role, effectiveProjectRole } from '../../shared/roles';

/**
 * True in SQL where guestRowAccess(effectiveProjectRole(role, workspaceRole), guestViewAll) is
 * 'full', for a membership row whose project role and project guest setting are the given columns.
 */
export function fullAccessSql(projectRole: SQL, guestViewAllFeatures: SQL, workspaceRole: number | null): SQL {
  // A workspace admin's effective project role is admin (effectiveProjectRole): full wherever a member.
  if (effectiveProjectRole(Role.GUEST, workspaceRole) === Role.ADMIN) return sql`true`;
  return sql`(${projectRole} >= ${Role.MEMBER} or ${guestViewAllFeatures})`;
}
