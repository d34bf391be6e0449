// Membership rules that need the database: who is the last admin of a workspace or project. Used by
// member removal, leaving a workspace and account deactivation, so all three read "sole admin" alike.
import { and, eq, exists, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../db/client';
import { projectMembers, projects, workspaceMembers, workspaces } from '../../../../db/schema/index';
import { Role } from '../../../../shared/roles';
import { BadRequestError } from '../../../errors';

const otherProjectMember = alias(projectMembers, 'other_project_member');
const otherWorkspaceMember = alias(workspaceMembers, 'other_workspace_member');

interface SoleAdminOptions {
  /** Restrict to one workspace. */
  workspaceId?: string;
  /** Only count projects/workspaces where someone else is still an active member. */
  onlyWithOtherMembers?: boolean;
}

/** Other active members (optionally only admins) of the project row being filtered. */
function otherActiveProjectMembers(db: Db, userId: string, { adminsOnly }: { adminsOnly: boolean }) {
  return db
    .select({ one: sql`1` })
    .from(otherProjectMember)
    .where(
      and(
        eq(otherProjectMember.projectId, projectMembers.projectId),
        eq(otherProjectMember.isActive, true),
        adminsOnly ? eq(otherProjectMember.role, Role.ADMIN) : undefined,
        ne(otherProjectMember.memberId, userId),
      ),
    );
}

/** Other active members (optionally only admins) of the workspace row being filtered. */
function otherActiveWorkspaceMembers(db: Db, userId: string, { adminsOnly }: { adminsOnly: boolean }) {
  return db
    .select({ one: sql`1` })
    .from(otherWorkspaceMember)
    .where(
      and(
        eq(otherWorkspaceMember.workspaceId, workspaceMembers.workspaceId),
        eq(otherWorkspaceMember.isActive, true),
        adminsOnly ? eq(otherWorkspaceMember.role, Role.ADMIN) : undefined,
        ne(otherWorkspaceMember.memberId, userId),
      ),
    );
}

/** Live projects where `userId` is the only active project admin. */
export async function soleAdminProjects(db: Db, userId: string, options: SoleAdminOptions = {}): Promise<string[]> {
  const rows = await db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .innerJoin(projects, and(eq(projects.id, projectMembers.projectId), isNull(projects.deletedAt)))
    .where(
      and(
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
        eq(projectMembers.role, Role.ADMIN),
        options.workspaceId ? eq(projectMembers.workspaceId, options.workspaceId) : undefined,
        notExists(otherActiveProjectMembers(db, userId, { adminsOnly: true })),
        options.onlyWithOtherMembers ? exists(otherActiveProjectMembers(db, userId, { adminsOnly: false })) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** Live workspaces where `userId` is the only active admin. */
export async function soleAdminWorkspaces(db: Db, userId: string, options: SoleAdminOptions = {}): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)))
    .where(
      and(
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
        eq(workspaceMembers.role, Role.ADMIN),
        options.workspaceId ? eq(workspaceMembers.workspaceId, options.workspaceId) : undefined,
        notExists(otherActiveWorkspaceMembers(db, userId, { adminsOnly: true })),
        options.onlyWithOtherMembers ? exists(otherActiveWorkspaceMembers(db, userId, { adminsOnly: false })) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** A membership as the role rules see it. */
interface MembershipRef {
  id: string;
  memberId: string;
  role: number;
}

/**
 * Reference §4.2 PATCH rule: an admin may not change their own role.
 * @throws BadRequestError 400 "You cannot update your own role".
 */
export function authorizeRoleUpdate(callerId: string, target: MembershipRef): void {
  if (target.memberId === callerId) throw new BadRequestError('You cannot update your own role');
}

/**
 * Reference §4.2 DELETE rules: not yourself (use leave), not someone above you.
 * @throws BadRequestError with the reference's messages.
 */
export function authorizeRemoval(callerId: string, callerRole: number, target: MembershipRef): void {
  if (target.memberId === callerId) {
    throw new BadRequestError('You cannot remove yourself from the workspace. Please use leave workspace');
  }
  if (callerRole < target.role) throw new BadRequestError('You cannot remove a user having role higher than you');
}
