// Project memberships (reference §5.1): list, bulk add, read, re-role, remove, leave, join, and the
// caller's own legacy view settings. Removal deactivates the row (is_active=false), never deletes it.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { projectMembers, projects, users, workspaceMembers, type Project, type ProjectMember } from '../../../db/schema/index';
import { Role } from '../../../shared/roles';
import { roleOnJoin } from '../../../shared/permissions';
import type { AddProjectMembersBody } from '../../../shared/schemas/project-member';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { ProjectNetwork } from '../../../shared/visibility';
import { authorizeLeave, authorizeMemberRemoval, authorizeProjectRoleForWorkspaceRole, authorizeRoleChange } from './policies/project-member';
import { memberPreferences, presentMemberPreferences, presentProjectMember, presentProjectMemberRole } from './presenters/project-member';

function recordMember(tx: Db, member: ProjectMember, op: 'create' | 'update' | 'delete') {
  recordChange(tx, {
    workspaceId: member.workspaceId,
    projectId: member.projectId,
    entity: 'member',
    entityId: member.id,
    op,
    version: member.version,
    data: op === 'delete' ? deletion(member.id) : presentProjectMemberRole(member),
  });
}

// Built once (db/reusable-statement.ts): every project screen loads its members (the pickers).
const activeMembersOfProject = reusableStatement((db) =>
  db
    .select({ member: projectMembers })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.memberId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projectMembers.workspaceId), eq(workspaceMembers.memberId, projectMembers.memberId)),
    )
    .where(and(eq(projectMembers.projectId, sql.placeholder('projectId')), eq(projectMembers.isActive, true), eq(workspaceMembers.isActive, true), eq(users.isBot, false)))
    .orderBy(asc(projectMembers.createdAt))
    .prepare('active_members_of_project'),
);

/** Active members of the project whose workspace membership is active too (bots excluded). */
export async function listProjectMembers(ctx: ServerContext, actor: ProjectActor) {
  const rows = await activeMembersOfProject(ctx.db, { projectId: actor.project.id });
  return rows.map((row) => presentProjectMemberRole(row.member));
}

/** The active workspace role of each user id, for users who are active workspace members. */
async function workspaceRoles(db: Db, workspaceId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ memberId: workspaceMembers.memberId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.memberId, userIds), eq(workspaceMembers.isActive, true)));
  return new Map(rows.map((row) => [row.memberId, row.role]));
}

/**
 * Inserts or reactivates a membership with `role`. An active membership is left as it is (as the
 * reference's bulk add ignores it): roles change only through PATCH and its rules.
 */
async function upsertMembership(tx: Db, project: Project, userId: string, role: number, actorId: string) {
  const [existing] = await tx.select().from(projectMembers).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, userId)));
  if (existing?.isActive) return existing;
  if (existing) {
    const [row] = await tx
      .update(projectMembers)
      .set({ role, isActive: true, updatedBy: actorId, updatedAt: new Date(), version: sql`${projectMembers.version} + 1` })
      .where(eq(projectMembers.id, existing.id))
      .returning();
    recordMember(tx, row, 'create');
    return row;
  }
  const [row] = await tx.insert(projectMembers).values({ projectId: project.id, workspaceId: project.workspaceId, memberId: userId, role, createdBy: actorId }).returning();
  recordMember(tx, row, 'create');
  return row;
}

/**
 * `POST …/members/` — bulk add with the workspace-role rules; inactive rows are reactivated.
 * @throws BadRequestError (empty list, role rules), NotFoundError (not an active workspace member)
 */
export async function addProjectMembers(ctx: ServerContext, actor: ProjectActor, body: AddProjectMembersBody, options: WriteOptions) {
  const requested = body.members ?? [];
  if (requested.length === 0) throw new BadRequestError('At least one member is required');
  const project = actor.project;
  const roles = await workspaceRoles(ctx.db, project.workspaceId, requested.map((item) => item.member_id));
  for (const item of requested) {
    const workspaceRole = roles.get(item.member_id);
    if (workspaceRole === undefined) throw new NotFoundError('Workspace member not found');
    authorizeProjectRoleForWorkspaceRole(item.role ?? Role.MEMBER, workspaceRole);
  }
  return withTransaction(ctx, options, async (tx) => {
    const rows: ProjectMember[] = [];
    for (const item of requested) rows.push(await upsertMembership(tx, project, item.member_id, item.role ?? Role.MEMBER, actor.userId));
    return rows.map(presentProjectMemberRole);
  });
}

async function loadMember(db: Db, projectId: string, memberId: string) {
  const [member] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.id, memberId), eq(projectMembers.projectId, projectId), eq(projectMembers.isActive, true)));
  if (!member) throw new NotFoundError('Project member not found');
  return member;
}

async function presentFull(db: Db, actor: ProjectActor, member: ProjectMember, adminView: boolean) {
  const [user] = await db.select().from(users).where(eq(users.id, member.memberId));
  return presentProjectMember(member, { workspace: actor.workspace, project: actor.project, user }, adminView);
}

/** `GET …/members/:memberId/` — full shape for admins and members, the role shape for guests. @throws NotFoundError */
export async function getProjectMember(ctx: ServerContext, actor: ProjectActor, memberId: string) {
  const member = await loadMember(ctx.db, actor.project.id, memberId);
  if ((actor.projectRole ?? 0) <= Role.GUEST) return presentProjectMemberRole(member);
  return presentFull(ctx.db, actor, member, true);
}

/** `GET …/project-members/me/` — the caller's full membership. */
export async function getMyProjectMembership(ctx: ServerContext, actor: ProjectActor) {
  const [member] = await ctx.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, actor.project.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)));
  if (!member) throw new NotFoundError('Project member not found');
  return presentFull(ctx.db, actor, member, true);
}

/** `PATCH …/members/:memberId/` `{role}` — see policies/project-member.ts. @throws NotFoundError, BadRequestError, ForbiddenError */
export async function updateProjectMember(ctx: ServerContext, actor: ProjectActor, memberId: string, role: number, options: WriteOptions) {
  const target = await loadMember(ctx.db, actor.project.id, memberId);
  const roles = await workspaceRoles(ctx.db, target.workspaceId, [target.memberId]);
  authorizeRoleChange({
    callerId: actor.userId,
    callerProjectRole: actor.projectRole,
    callerIsWorkspaceAdmin: actor.workspaceRole === Role.ADMIN,
    targetUserId: target.memberId,
    targetRole: target.role,
    targetWorkspaceRole: roles.get(target.memberId) ?? Role.GUEST,
    newRole: role,
  });
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(projectMembers)
      .set({ role, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${projectMembers.version} + 1` })
      .where(eq(projectMembers.id, target.id))
      .returning();
    recordMember(tx, row, 'update');
    return presentFull(tx, actor, row, false);
  });
}

async function deactivate(tx: Db, member: ProjectMember, actorId: string) {
  const [row] = await tx
    .update(projectMembers)
    .set({ isActive: false, updatedBy: actorId, updatedAt: new Date(), version: sql`${projectMembers.version} + 1` })
    .where(eq(projectMembers.id, member.id))
    .returning();
  recordMember(tx, row, 'delete');
}

/** `DELETE …/members/:memberId/` — deactivates the membership. @throws NotFoundError, BadRequestError */
export async function removeProjectMember(ctx: ServerContext, actor: ProjectActor, memberId: string, options: WriteOptions) {
  const target = await loadMember(ctx.db, actor.project.id, memberId);
  authorizeMemberRemoval(actor.userId, actor.projectRole ?? 0, target.memberId, target.role);
  await withTransaction(ctx, options, (tx) => deactivate(tx, target, actor.userId));
}

/** `POST …/members/leave/` — the caller leaves, unless they are its only admin. @throws BadRequestError */
export async function leaveProject(ctx: ServerContext, actor: ProjectActor, options: WriteOptions) {
  const project = actor.project;
  const [mine] = await ctx.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)));
  if (!mine) throw new NotFoundError('Project member not found');
  const otherAdmins = await ctx.db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.role, Role.ADMIN), eq(projectMembers.isActive, true), ne(projectMembers.id, mine.id)));
  authorizeLeave(mine.role, otherAdmins.length);
  await withTransaction(ctx, options, (tx) => deactivate(tx, mine, actor.userId));
}

/**
 * `POST /api/users/me/workspaces/:slug/projects/invitations/` — the caller joins projects with
 * their workspace role; only workspace admins may join secret projects.
 * @throws NotFoundError (unknown project), ForbiddenError (secret project)
 */
export async function joinProjects(ctx: ServerContext, actor: WorkspaceActor, projectIds: string[], options: WriteOptions) {
  const ids = [...new Set(projectIds)];
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(projects)
        .where(and(inArray(projects.id, ids), eq(projects.workspaceId, actor.workspace.id), isNull(projects.deletedAt)))
    : [];
  if (rows.length !== ids.length) throw new NotFoundError('Project does not exist');
  if (actor.workspaceRole !== Role.ADMIN && rows.some((project) => project.network !== ProjectNetwork.PUBLIC)) {
    throw new ForbiddenError('Only workspace admins can join private project');
  }
  const role = roleOnJoin(actor.workspaceRole);
  await withTransaction(ctx, options, async (tx) => {
    // A project the caller already belongs to keeps its membership as it is.
    for (const project of rows) await upsertMembership(tx, project, actor.userId, role, actor.userId);
  });
  return { message: 'Projects joined successfully' };
}

/** `GET /api/workspaces/:slug/project-members/` — `{project_id: [role shape…]}` for the caller's projects. */
export async function listWorkspaceProjectMembers(ctx: ServerContext, actor: WorkspaceActor) {
  const mine = ctx.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)));
  const rows = await ctx.db
    .select({ member: projectMembers })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.workspaceId, actor.workspace.id),
        eq(projectMembers.isActive, true),
        isNull(projects.deletedAt),
        inArray(projectMembers.projectId, mine),
      ),
    )
    .orderBy(asc(projectMembers.createdAt));
  const grouped: Record<string, ReturnType<typeof presentProjectMemberRole>[]> = {};
  for (const { member } of rows) (grouped[member.projectId] ??= []).push(presentProjectMemberRole(member));
  return grouped;
}

/** The active membership of user `userId` in the actor's project. @throws NotFoundError */
async function loadMembershipOfUser(db: Db, actor: ProjectActor, userId: string) {
  const [member] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, actor.project.id), eq(projectMembers.memberId, userId), eq(projectMembers.isActive, true)));
  if (!member) throw new NotFoundError();
  return member;
}

/** `GET …/preferences/member/:userId/` — a member's project preferences. @throws NotFoundError */
export async function getMemberPreferences(ctx: ServerContext, actor: ProjectActor, userId: string) {
  return presentMemberPreferences(await loadMembershipOfUser(ctx.db, actor, userId));
}

/**
 * `PATCH …/preferences/member/:userId/` — merges the sent top-level keys into the caller's own
 * preferences; nobody edits another member's.
 * @throws NotFoundError (not a member), ForbiddenError (someone else's)
 */
export async function updateMemberPreferences(ctx: ServerContext, actor: ProjectActor, userId: string, patch: Record<string, unknown>, options: WriteOptions) {
  const mine = await loadMembershipOfUser(ctx.db, actor, userId);
  if (mine.memberId !== actor.userId) throw new ForbiddenError();
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(projectMembers)
      .set({ preferences: { ...memberPreferences(mine), ...patch }, updatedAt: new Date(), version: sql`${projectMembers.version} + 1` })
      .where(eq(projectMembers.id, mine.id))
      .returning();
    recordMember(tx, row, 'update');
    return { preferences: memberPreferences(row) };
  });
}

/**
 * The caller's active membership of a live project of their workspace, or undefined: the one
 * check behind "only a member may change their own view of (or favorite something in) a project".
 */
export async function findMyProjectMembership(db: Db, actor: WorkspaceActor, projectId: string): Promise<{ id: string } | undefined> {
  const [membership] = await db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.memberId, actor.userId),
        eq(projectMembers.isActive, true),
        eq(projects.workspaceId, actor.workspace.id),
        isNull(projects.deletedAt),
      ),
    );
  return membership;
}

/**
 * `POST …/project-views/` — legacy: stores view settings on the caller's own membership.
 * @throws ForbiddenError `{"error":"Forbidden"}` when the caller is not a member
 */
export async function updateMyProjectView(
  ctx: ServerContext,
  actor: WorkspaceActor,
  projectId: string,
  body: { view_props?: object; default_props?: object; preferences?: object; sort_order?: number },
  options: WriteOptions,
) {
  const mine = await findMyProjectMembership(ctx.db, actor, projectId);
  if (!mine) throw new ForbiddenError('Forbidden');
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(projectMembers)
      .set({
        viewProps: body.view_props,
        defaultProps: body.default_props,
        preferences: body.preferences,
        sortOrder: body.sort_order,
        updatedAt: new Date(),
        version: sql`${projectMembers.version} + 1`,
      })
      .where(eq(projectMembers.id, mine.id))
      .returning();
    recordMember(tx, row, 'update');
  });
}
