// The caller's saved list settings per cycle, module and workspace (reference §1.6.10): one row per
// user, created on first read; a PATCH replaces each sent JSON column wholesale.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { cycleUserProperties, cycles, moduleUserProperties, modules, workspaceUserProperties } from '../../../db/schema/index';
import type { UserPropertiesBody } from '../../../shared/schemas/user-properties';
import type { ServerContext } from '../../context';
import { NotFoundError } from '../../errors';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { presentCycleUserProperties, presentModuleUserProperties, presentWorkspaceUserProperties } from './presenters/user-properties';
import { getProjectUserProperties, updateProjectUserProperties } from './project-user-properties';
import type { WriteOptions } from '../../live/record-change';

function changes(body: UserPropertiesBody, userId: string) {
  return {
    filters: body.filters,
    displayFilters: body.display_filters,
    displayProperties: body.display_properties,
    richFilters: body.rich_filters,
    updatedBy: userId,
    updatedAt: sql`now()`,
  };
}

async function requireCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string) {
  const [row] = await ctx.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), eq(cycles.projectId, actor.project.id), isNull(cycles.deletedAt)));
  if (!row) throw new NotFoundError('Cycle not found');
}

async function requireModule(ctx: ServerContext, actor: ProjectActor, moduleId: string) {
  const [row] = await ctx.db
    .select({ id: modules.id })
    .from(modules)
    .where(and(eq(modules.id, moduleId), eq(modules.projectId, actor.project.id), isNull(modules.deletedAt)));
  if (!row) throw new NotFoundError('Module not found');
}

/**
 * The caller's settings for a cycle of the actor's project, created on first use; `patch` updates them.
 * @throws NotFoundError when the cycle is not in the project.
 */
export async function cycleUserPropertiesFor(ctx: ServerContext, actor: ProjectActor, cycleId: string, patch?: UserPropertiesBody) {
  await requireCycle(ctx, actor, cycleId);
  const where = and(eq(cycleUserProperties.cycleId, cycleId), eq(cycleUserProperties.userId, actor.userId));
  await ctx.db
    .insert(cycleUserProperties)
    .values({ cycleId, projectId: actor.project.id, workspaceId: actor.workspace.id, userId: actor.userId, createdBy: actor.userId })
    .onConflictDoNothing();
  const [row] = patch
    ? await ctx.db.update(cycleUserProperties).set(changes(patch, actor.userId)).where(where).returning()
    : await ctx.db.select().from(cycleUserProperties).where(where);
  return presentCycleUserProperties(row);
}

/**
 * The caller's settings for a module of the actor's project, created on first use; `patch` updates them.
 * @throws NotFoundError when the module is not in the project.
 */
export async function moduleUserPropertiesFor(ctx: ServerContext, actor: ProjectActor, moduleId: string, patch?: UserPropertiesBody) {
  await requireModule(ctx, actor, moduleId);
  const where = and(eq(moduleUserProperties.moduleId, moduleId), eq(moduleUserProperties.userId, actor.userId));
  await ctx.db
    .insert(moduleUserProperties)
    .values({ moduleId, projectId: actor.project.id, workspaceId: actor.workspace.id, userId: actor.userId, createdBy: actor.userId })
    .onConflictDoNothing();
  const [row] = patch
    ? await ctx.db.update(moduleUserProperties).set(changes(patch, actor.userId)).where(where).returning()
    : await ctx.db.select().from(moduleUserProperties).where(where);
  return presentModuleUserProperties(row);
}

/** The caller's workspace (global views) settings, created on first use; `patch` updates them. */
export async function workspaceUserPropertiesFor(ctx: ServerContext, actor: WorkspaceActor, patch?: UserPropertiesBody) {
  const workspaceId = actor.workspace.id;
  const where = and(eq(workspaceUserProperties.workspaceId, workspaceId), eq(workspaceUserProperties.userId, actor.userId));
  await ctx.db.insert(workspaceUserProperties).values({ workspaceId, userId: actor.userId, createdBy: actor.userId }).onConflictDoNothing();
  const [row] = patch
    ? await ctx.db.update(workspaceUserProperties).set(changes(patch, actor.userId)).where(where).returning()
    : await ctx.db.select().from(workspaceUserProperties).where(where);
  return presentWorkspaceUserProperties(row);
}

/** `issue-display-properties/` (API.md): the project user-properties with `properties` = display_properties, and the base columns. */
function asDisplayProperties(presented: Awaited<ReturnType<typeof getProjectUserProperties>>) {
  const { id, user, project, workspace, display_properties: properties, created_at, updated_at, deleted_at, created_by, updated_by } = presented;
  return { id, user, project, workspace, properties, created_at, updated_at, deleted_at, created_by, updated_by };
}

/** Reads the caller's display properties of the actor's project. */
export async function getIssueDisplayProperties(ctx: ServerContext, actor: ProjectActor) {
  return asDisplayProperties(await getProjectUserProperties(ctx, actor));
}

/** Replaces the caller's display properties of the actor's project. */
export async function setIssueDisplayProperties(ctx: ServerContext, actor: ProjectActor, properties: Record<string, unknown>, options: WriteOptions) {
  return asDisplayProperties(await updateProjectUserProperties(ctx, actor, { display_properties: properties }, options));
}
