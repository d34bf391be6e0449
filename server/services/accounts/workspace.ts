// Workspaces (reference §4.1): create with the creator as admin, list the caller's, check slugs,
// update and soft-delete. Owns the transactions and records the live change events.
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens, profiles, users, workspaceMembers, workspaces, type Workspace } from '../../../db/schema/index';
import { isReservedSlug } from '../../../shared/schemas/common';
import type { CreateWorkspaceBody, UpdateWorkspaceBody } from '../../../shared/schemas/workspace';
import { WORKSPACE_NAME_MAX_LENGTH } from '../../../shared/schemas/workspace';
import { containsUrl } from '../../../shared/schemas/user';
import { Role } from '../../../shared/roles';
import type { ServerContext } from '../../context';
import { BadRequestError, ConflictError, ForbiddenError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { WorkspaceActor } from '../../actor';
import { presentWorkspace } from './presenters/workspace';
import { presentWorkspaceMember } from './presenters/workspace-member';
import { getInstanceSettings } from '../ops/instance';
import { recordWorkspaceStep } from './onboarding';

const SLUG_MAX_LENGTH = 48;
const SLUG_PATTERN = /^[a-zA-Z0-9_-]+$/;
const SLUG_TAKEN = 'Workspace with this slug already exists.';

/** Active, non-bot members per workspace. */
async function countMembers(db: Db, workspaceIds: string[]): Promise<Map<string, number>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId, total: count() })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(and(inArray(workspaceMembers.workspaceId, workspaceIds), eq(workspaceMembers.isActive, true), eq(users.isBot, false)))
    .groupBy(workspaceMembers.workspaceId);
  return new Map(rows.map((row) => [row.workspaceId, Number(row.total)]));
}

async function isSlugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(sql`lower(${workspaces.slug}) = ${slug.toLowerCase()}`, isNull(workspaces.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** `{status: true}` when the slug is well-formed, not reserved and not used by a live workspace. */
export async function isSlugAvailable(db: Db, slug: string): Promise<boolean> {
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return false;
  return !(await isSlugTaken(db, slug));
}

function checkName(name: string): void {
  if (name.length > WORKSPACE_NAME_MAX_LENGTH) {
    throw new BadRequestError('The maximum length for name is 80 and for slug is 48');
  }
  if (containsUrl(name)) throw new BadRequestError('Name cannot contain a URL');
}

/** Validates name and slug with the reference's messages (§4.1), in its order. */
async function checkNewWorkspace(db: Db, name: string, slug: string): Promise<void> {
  if (!name || !slug) throw new BadRequestError('Both name and slug are required');
  if (name.length > WORKSPACE_NAME_MAX_LENGTH || slug.length > SLUG_MAX_LENGTH) {
    throw new BadRequestError('The maximum length for name is 80 and for slug is 48');
  }
  checkName(name);
  if (!SLUG_PATTERN.test(slug)) {
    throw ValidationError.field('slug', 'Slug can only contain letters, numbers, hyphens (-), and underscores (_)');
  }
  if (isReservedSlug(slug)) throw ValidationError.field('slug', 'Slug is not valid');
  if (await isSlugTaken(db, slug)) throw ValidationError.field('slug', SLUG_TAKEN);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * Creates a workspace with the caller as its admin member.
 * @throws ForbiddenError when the instance disallows workspace creation; BadRequestError /
 * ValidationError for bad names and slugs; ConflictError when a concurrent create took the slug.
 */
export async function createWorkspace(ctx: ServerContext, user: typeof users.$inferSelect, body: CreateWorkspaceBody, options: WriteOptions) {
  const settings = await getInstanceSettings(ctx);
  if (settings.isWorkspaceCreationDisabled) throw new ForbiddenError('Workspace creation is not allowed');
  const name = (body.name ?? '').trim();
  const slug = (body.slug ?? '').trim();
  await checkNewWorkspace(ctx.db, name, slug);
  try {
    return await withTransaction(ctx, options, async (tx) => {
      const [workspace] = await tx
        .insert(workspaces)
        .values({
          name,
          slug,
          ownerId: user.id,
          organizationSize: body.organization_size ?? null,
          timezone: body.timezone ?? 'UTC',
          createdBy: user.id,
          updatedBy: user.id,
        })
        .returning();
      const [member] = await tx
        .insert(workspaceMembers)
        .values({ workspaceId: workspace.id, memberId: user.id, role: Role.ADMIN, companyRole: body.company_role ?? null, createdBy: user.id })
        .returning();
      const data = presentWorkspace(workspace, user, { totalMembers: 1, role: Role.ADMIN });
      recordChange(tx, { workspaceId: workspace.id, entity: 'workspace', entityId: workspace.id, op: 'create', version: versionOf(workspace), data });
      recordChange(tx, {
        workspaceId: workspace.id,
        entity: 'member',
        entityId: member.id,
        op: 'create',
        version: member.version,
        data: presentWorkspaceMember(member, user),
      });
      await recordWorkspaceStep(tx, user.id, 'workspace_create', workspace.id);
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(SLUG_TAKEN, { slug: 'The workspace with the slug already exists' });
    throw error;
  }
}

/** Workspaces have no version column; their update time in ms only grows, so it orders events. */
function versionOf(workspace: Workspace): number {
  return workspace.updatedAt.getTime();
}

/** The caller's workspaces (active memberships), by name, with `role` and `total_members`. */
export async function listMyWorkspaces(db: Db, userId: string, search?: string) {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceMembers.role, owner: users })
    .from(workspaceMembers)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)))
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(
      and(
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
        search ? ilike(workspaces.name, `%${escapeLike(search)}%`) : undefined,
      ),
    )
    .orderBy(asc(workspaces.name), asc(workspaces.createdAt));
  const totals = await countMembers(db, rows.map((row) => row.workspace.id));
  return rows.map((row) => presentWorkspace(row.workspace, row.owner, { totalMembers: totals.get(row.workspace.id) ?? 0, role: row.role }));
}

/** Escapes LIKE wildcards so a search for `50%` matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The workspace the access plugin resolved, with its member count. */
export async function getWorkspace(db: Db, actor: WorkspaceActor) {
  const workspace = actor.workspace;
  const [owner] = await db.select().from(users).where(eq(users.id, workspace.ownerId)).limit(1);
  const totals = await countMembers(db, [workspace.id]);
  return presentWorkspace(workspace, owner ?? null, { totalMembers: totals.get(workspace.id) ?? 0 });
}

/**
 * Updates name, logo, organization size, timezone or background colour (the slug is read-only).
 * @throws BadRequestError for a name that is blank, too long or contains a URL.
 */
export async function updateWorkspace(ctx: ServerContext, actor: WorkspaceActor, body: UpdateWorkspaceBody, options: WriteOptions) {
  const patch: Partial<typeof workspaces.$inferInsert> = { updatedAt: new Date(), updatedBy: actor.userId };
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw ValidationError.field('name', 'This field may not be blank.');
    checkName(name);
    patch.name = name;
  }
  if (body.logo !== undefined) patch.logo = body.logo;
  if (body.organization_size !== undefined) patch.organizationSize = body.organization_size;
  if (body.timezone !== undefined) patch.timezone = body.timezone;
  if (body.background_color !== undefined) patch.backgroundColor = body.background_color;
  return withTransaction(ctx, options, async (tx) => {
    const [workspace] = await tx.update(workspaces).set(patch).where(eq(workspaces.id, actor.workspace.id)).returning();
    const [owner] = await tx.select().from(users).where(eq(users.id, workspace.ownerId)).limit(1);
    const totals = await countMembers(tx, [workspace.id]);
    const data = presentWorkspace(workspace, owner ?? null, { totalMembers: totals.get(workspace.id) ?? 0 });
    recordChange(tx, { workspaceId: workspace.id, entity: 'workspace', entityId: workspace.id, op: 'update', version: versionOf(workspace), data });
    return data;
  });
}

/**
 * Soft-deletes the workspace: the slug becomes `<slug>__<epoch>` so it can be reused, profiles
 * forget it as their last workspace, and its API tokens stop working.
 */
export async function deleteWorkspace(ctx: ServerContext, actor: WorkspaceActor, options: WriteOptions): Promise<void> {
  const workspace = actor.workspace;
  const now = new Date();
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(workspaces)
      .set({ deletedAt: now, updatedAt: now, updatedBy: actor.userId, slug: `${workspace.slug}__${Math.floor(now.getTime() / 1000)}` })
      .where(eq(workspaces.id, workspace.id))
      .returning();
    await tx.update(profiles).set({ lastWorkspaceId: null, updatedAt: now }).where(eq(profiles.lastWorkspaceId, workspace.id));
    // Security: a deleted workspace's keys must not authenticate anything any more.
    await tx
      .update(apiTokens)
      .set({ isActive: false, deletedAt: now, updatedAt: now })
      .where(and(eq(apiTokens.workspaceId, workspace.id), isNull(apiTokens.deletedAt)));
    recordChange(tx, { workspaceId: workspace.id, entity: 'workspace', entityId: workspace.id, op: 'delete', version: versionOf(row), data: deletion(workspace.id) });
  });
}
