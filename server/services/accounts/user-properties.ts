// The caller's saved list settings per cycle, module and workspace (reference §1.6.10): one row per
// user, created on first read; a PATCH replaces each sent JSON column wholesale.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

/** @throws NotFoundError (`message`) unless `id` is a live cycle or module of the actor's project. */
async function requireParent(ctx: ServerContext, actor: ProjectActor, parents: typeof cycles | typeof modules, id: string, message: string) {
  const [row] = await ctx.db
    .select({ id: parents.id })
    .from(parents)
    .where(and(eq(parents.id, id), eq(parents.projectId, actor.project.id), isNull(parents.deletedAt)));
  if (!row) throw new NotFoundError(message);
}

/** The three per-user settings tables this module keeps (the project's is in project-user-properties.ts). */
type SettingsTable = typeof cycleUserProperties | typeof moduleUserProperties | typeof workspaceUserProperties;

/**
 * The caller's one row of `table` (found by `where`), inserted from `values` on first use; `patch`
 * replaces the sent columns. The insert ignores a conflict, so two first reads create one row.
 */
async function settingsRowFor<Table extends SettingsTable>(
  ctx: ServerContext,
  table: Table,
  where: SQL | undefined,
  values: Table['$inferInsert'],
  actorId: string,
  patch?: UserPropertiesBody,
): Promise<Table['$inferSelect']> {
  // Drizzle cannot type one query over a union of tables; the three share every column used here.
  const settings = table as typeof cycleUserProperties;
  await ctx.db.insert(settings).values(values as typeof settings.$inferInsert).onConflictDoNothing();
  const [row] = patch
    ? await ctx.db.update(settings).set(changes(patch, actorId)).where(where).returning()
    : await ctx.db.select().from(settings).where(where);
  return row as Table['$inferSelect'];
}

/**
 * The caller's settings for a cycle of the actor's project, created on first use; `patch` updates them.
 * @throws NotFoundError when the cycle is not in the project.
 */
export async function cycleUserPropertiesFor(ctx: ServerContext, actor: ProjectActor, cycleId: string, patch?: UserPropertiesBody) {
  await requireParent(ctx, actor, cycles, cycleId, 'Cycle not found');
  const where = and(eq(cycleUserProperties.cycleId, cycleId), eq(cycleUserProperties.userId, actor.userId));
  const values = { cycleId, projectId: actor.project.id, workspaceId: actor.workspace.id, userId: actor.userId, createdBy: actor.userId };
  return presentCycleUserProperties(await settingsRowFor(ctx, cycleUserProperties, where, values, actor.userId, patch));
}

/**
 * The caller's settings for a module of the actor's project, created on first use; `patch` updates them.
 * @throws NotFoundError when the module is not in the project.
 */
export async function moduleUserPropertiesFor(ctx: ServerContext, actor: ProjectActor, moduleId: string, patch?: UserPropertiesBody) {
  await requireParent(ctx, actor, modules, moduleId, 'Module not found');
  const where = and(eq(moduleUserProperties.moduleId, moduleId), eq(moduleUserProperties.userId, actor.userId));
  const values = { moduleId, projectId: actor.project.id, workspaceId: actor.workspace.id, userId: actor.userId, createdBy: actor.userId };
  return presentModuleUserProperties(await settingsRowFor(ctx, moduleUserProperties, where, values, actor.userId, patch));
}

/** The caller's workspace (global views) settings, created on first use; `patch` updates them. */
export async function workspaceUserPropertiesFor(ctx: ServerContext, actor: WorkspaceActor, patch?: UserPropertiesBody) {
  const workspaceId = actor.workspace.id;
  const where = and(eq(workspaceUserProperties.workspaceId, workspaceId), eq(workspaceUserProperties.userId, actor.userId));
  const values = { workspaceId, userId: actor.userId, createdBy: actor.userId };
  return presentWorkspaceUserProperties(await settingsRowFor(ctx, workspaceUserProperties, where, values, actor.userId, patch));
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
