// Workspace membership (reference §4.2): list, read, change role, remove, leave, and the caller's own
// membership and project roles. Membership rows are never deleted: `is_active=false` means removed.
import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues, projectMembers, projects, users, workspaceMembers, type WorkspaceMember } from '../../../db/schema/index';
import { Role } from '../../../shared/roles';
import type { UpdateMemberBody } from '../../../shared/schemas/workspace';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import type { LiveData } from '../../../shared/live-protocol';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { WorkspaceActor } from '../../actor';
import { authorizeRemoval, authorizeRoleUpdate, soleAdminProjects, soleAdminWorkspaces } from './policies/workspace-member';
import { presentProjectMemberRole } from './presenters/project-member';
import { presentMyWorkspaceMember, presentWorkspaceMember, type MemberDetail } from './presenters/workspace-member';
import { escapeLike } from './workspace';

const MEMBER_NOT_FOUND = 'Workspace member not found';

/** Callers above guest see members' emails (reference §4.2). */
function detailFor(actor: WorkspaceActor): MemberDetail {
  return (actor.workspaceRole ?? 0) > Role.GUEST ? 'admin' : 'lite';
}

/** The user columns a member's UserLite / UserAdminLite shows (selecting whole user rows costs 3× the mapping). */
const memberUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  isBot: users.isBot,
  displayName: users.displayName,
  email: users.email,
  lastLoginMedium: users.lastLoginMedium,
};

/** Every membership row of the workspace (inactive ones too: the client shows them as suspended), bots excluded. */
export async function listMembers(db: Db, actor: WorkspaceActor, search?: string) {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const rows = await db
    .select({ member: workspaceMembers, user: memberUserColumns })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, actor.workspace.id),
        eq(users.isBot, false),
        pattern ? or(ilike(users.displayName, pattern), ilike(users.firstName, pattern)) : undefined,
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.id));
  const detail = detailFor(actor);
  return rows.map((row) => presentWorkspaceMember(row.member, row.user, detail));
}

async function loadMember(db: Db, actor: WorkspaceActor, memberId: string, activeOnly: boolean) {
  const [row] = await db
    .select({ member: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.id, memberId),
        eq(workspaceMembers.workspaceId, actor.workspace.id),
        eq(users.isBot, false),
        activeOnly ? eq(workspaceMembers.isActive, true) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError(MEMBER_NOT_FOUND);
  return row;
}

/** @throws NotFoundError "Workspace member not found". */
export async function getMember(db: Db, actor: WorkspaceActor, memberId: string) {
  const row = await loadMember(db, actor, memberId, false);
  return presentWorkspaceMember(row.member, row.user, detailFor(actor));
}

/**
 * Changes a member's role (admin only, never one's own). Demoting to guest also makes the user a
 * guest in every project of the workspace, as in the reference.
 * @throws BadRequestError for one's own role; NotFoundError for an inactive or unknown member.
 */
export async function updateMember(ctx: ServerContext, actor: WorkspaceActor, memberId: string, body: UpdateMemberBody, options: WriteOptions) {
  const target = await loadMember(ctx.db, actor, memberId, true);
  if (body.role !== undefined) authorizeRoleUpdate(actor.userId, target.member);
  return withTransaction(ctx, options, async (tx) => {
    const [member] = await tx
      .update(workspaceMembers)
      .set({
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.company_role !== undefined ? { companyRole: body.company_role } : {}),
        updatedAt: new Date(),
        updatedBy: actor.userId,
        version: target.member.version + 1,
      })
      .where(eq(workspaceMembers.id, memberId))
      .returning();
    if (body.role === Role.GUEST) {
      await updateProjectMemberships(tx, actor, target.member.memberId, { role: Role.GUEST });
    }
    const data = presentWorkspaceMember(member, target.user);
    recordMemberChange(tx, member, data, 'update');
    return data;
  });
}

/**
 * Removes a member: the membership and all the user's project memberships become inactive.
 * @throws BadRequestError for oneself, a higher role, or the last admin of a project.
 */
export async function removeMember(ctx: ServerContext, actor: WorkspaceActor, memberId: string, options: WriteOptions): Promise<void> {
  const target = await loadMember(ctx.db, actor, memberId, true);
  authorizeRemoval(actor.userId, actor.workspaceRole ?? 0, target.member);
  const soleAdmin = await soleAdminProjects(ctx.db, target.member.memberId, { workspaceId: actor.workspace.id });
  if (soleAdmin.length > 0) {
    throw new BadRequestError(
      'User is a part of some projects where they are the only admin, they should either leave that project or promote another user to admin.',
    );
  }
  await deactivate(ctx, actor, target.member, target.user, options);
}

/**
 * The caller leaves the workspace.
 * @throws BadRequestError when the caller is its last admin or the last admin of one of its projects.
 */
export async function leaveWorkspace(ctx: ServerContext, actor: WorkspaceActor, options: WriteOptions): Promise<void> {
  const workspaceId = actor.workspace.id;
  const [row] = await ctx.db
    .select({ member: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, actor.userId)))
    .limit(1);
  if ((await soleAdminWorkspaces(ctx.db, actor.userId, { workspaceId })).length > 0) {
    throw new BadRequestError(
      'You cannot leave the workspace as you are the only admin of the workspace you will have to either delete the workspace or promote another user to admin.',
    );
  }
  if ((await soleAdminProjects(ctx.db, actor.userId, { workspaceId })).length > 0) {
    throw new BadRequestError(
      'You are a part of some projects where you are the only admin, you should either leave the project or promote another user to admin.',
    );
  }
  await deactivate(ctx, actor, row.member, row.user, options);
}

async function deactivate(ctx: ServerContext, actor: WorkspaceActor, target: WorkspaceMember, user: typeof users.$inferSelect, options: WriteOptions) {
  await withTransaction(ctx, options, async (tx) => {
    const [member] = await tx
      .update(workspaceMembers)
      .set({ isActive: false, updatedAt: new Date(), updatedBy: actor.userId, version: target.version + 1 })
      .where(eq(workspaceMembers.id, target.id))
      .returning();
    await updateProjectMemberships(tx, actor, target.memberId, { isActive: false });
    recordMemberChange(tx, member, presentWorkspaceMember(member, user), 'update');
  });
}

/** Applies a change to every active project membership of a user in the actor's workspace. */
async function updateProjectMemberships(tx: Db, actor: WorkspaceActor, userId: string, change: { role?: number; isActive?: boolean }) {
  const memberships = await tx
    .select()
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.workspaceId, actor.workspace.id),
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
        change.role !== undefined ? ne(projectMembers.role, change.role) : undefined,
      ),
    );
  for (const membership of memberships) {
    const [row] = await tx
      .update(projectMembers)
      .set({ ...change, updatedAt: new Date(), updatedBy: actor.userId, version: membership.version + 1 })
      .where(eq(projectMembers.id, membership.id))
      .returning();
    recordChange(tx, {
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      entity: 'member',
      entityId: row.id,
      op: change.isActive === false ? 'delete' : 'update',
      version: row.version,
      data: change.isActive === false ? deletion(row.id) : presentProjectMemberRole(row),
    });
  }
}

/** Records a workspace membership change (entity `member`, no project). */
function recordMemberChange(tx: Db, member: WorkspaceMember, data: LiveData<'member'>, op: 'create' | 'update') {
  recordChange(tx, { workspaceId: member.workspaceId, projectId: null, entity: 'member', entityId: member.id, op, version: member.version, data });
}

/** Stores the caller's workspace view props on their own membership (reference §4.2 `workspace-views/`). */
export async function saveMyViewProps(ctx: ServerContext, actor: WorkspaceActor, viewProps: Record<string, unknown>, options: WriteOptions): Promise<void> {
  await withTransaction(ctx, options, async (tx) => {
    const [member] = await tx
      .update(workspaceMembers)
      .set({ viewProps, updatedAt: new Date(), updatedBy: actor.userId, version: sql`${workspaceMembers.version} + 1` })
      .where(and(eq(workspaceMembers.workspaceId, actor.workspace.id), eq(workspaceMembers.memberId, actor.userId)))
      .returning();
    const [user] = await tx.select(memberUserColumns).from(users).where(eq(users.id, actor.userId)).limit(1);
    recordMemberChange(tx, member, presentWorkspaceMember(member, user), 'update');
  });
}

/** The caller's own membership with the count of their draft issues. */
export async function getMyMembership(db: Db, actor: WorkspaceActor) {
  const workspaceId = actor.workspace.id;
  const [member] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, actor.userId)))
    .limit(1);
  const [drafts] = await db
    .select({ total: count() })
    .from(issues)
    .where(and(eq(issues.workspaceId, workspaceId), eq(issues.createdBy, actor.userId), eq(issues.isDraft, true), isNull(issues.deletedAt)));
  return presentMyWorkspaceMember(member, Number(drafts?.total ?? 0));
}

/** `{ "<project_id>": role }` for the caller's active memberships of live projects. */
export async function getMyProjectRoles(db: Db, actor: WorkspaceActor): Promise<Record<string, number>> {
  const rows = await db
    .select({ projectId: projectMembers.projectId, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, and(eq(projects.id, projectMembers.projectId), isNull(projects.deletedAt)))
    .where(and(eq(projectMembers.workspaceId, actor.workspace.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)));
  return Object.fromEntries(rows.map((row) => [row.projectId, row.role]));
}
