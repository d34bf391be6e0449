// Modules (reference §3, spec §4 Modules): list, create, update, delete, archive/restore, favorites
// and the workspace list. Every write records the module (and the issues it touches) through the
// change log in the same transaction, so every open list follows.
import { and, desc, eq, gte, inArray, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatements } from '../../../db/reusable-statement';
import { moduleIssues, moduleMembers, modules, projectMembers, projects, type Module } from '../../../db/schema/index';
import { ARCHIVABLE_MODULE_STATUSES, MODULE_DATES_MESSAGE, type CreateModuleBody, type ModuleStatus, type UpdateModuleBody } from '../../../shared/schemas/module';
import { Role } from '../../../shared/roles';
import { canDeletePlanningRow } from '../../../shared/policies/planning';
import { applySetDelta } from '../../../shared/set-delta';
import type { ServerContext } from '../../context';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { BadRequestError, ForbiddenError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { changedFields, sentKeys } from '../../live/changed-fields';
import { presentModule, type ModuleView } from './presenters/module';
import { createFavorite, removeEntityFavorites, removeOwnEntityFavorite } from './favorite';
import { touchIssues } from '../work-items/issue-change';
import { findModule, loadModuleExtras, toModuleViews, withModuleExtras } from './module-read';
import { isUniqueViolation } from '../work-items/project';

const DUPLICATE_NAME = 'Module with this name already exists';

/** Records a module change carrying the module as every project member sees it (no `is_favorite`). */
async function recordModuleChange(tx: Db, row: Module, op: 'create' | 'update' | 'delete', changed?: { keys: string[]; before: Record<string, unknown> }): Promise<void> {
  const data = op === 'delete' ? deletion(row.id) : await presentModuleRow(tx, row);
  const fields = changed && changedFields(changed.keys, changed.before, data);
  recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'module', entityId: row.id, op, version: row.version, data, fields });
}

/** The module as its change events carry it. */
async function presentModuleRow(tx: Db, row: Module) {
  return presentModule((await toModuleViews(tx, [row], null))[0]);
}

/** Bumps a module's version (its counts or links changed) and records it. */
export async function touchModule(tx: Db, moduleId: string, actorId: string | null): Promise<void> {
  const [row] = await tx
    .update(modules)
    .set({ version: sql`${modules.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
    .where(eq(modules.id, moduleId))
    .returning();
  if (row) await recordModuleChange(tx, row, 'update');
}

/** One module the caller may read, as a ModuleView with their favorite flag. @throws NotFoundError */
export async function getModule(ctx: ServerContext, actor: ProjectActor, moduleId: string): Promise<ModuleView> {
  // Its members, statistics and favourite flag are read beside the module; answered only if it is the project's.
  const [row, extras] = await Promise.all([findModule(ctx.db, actor.project.id, moduleId), loadModuleExtras(ctx.db, [moduleId], actor.userId)]);
  return withModuleExtras([row], extras)[0];
}

// The project's live and archived modules, each built once (db/reusable-statement.ts): every
// project screen loads the live ones (the pickers, the filters).
const modulesOfProject = reusableStatements((db, archive) =>
  db
    .select()
    .from(modules)
    .where(and(eq(modules.projectId, sql.placeholder('projectId')), isNull(modules.deletedAt), archive === 'archived' ? isNotNull(modules.archivedAt) : isNull(modules.archivedAt)))
    .orderBy(desc(modules.createdAt))
    .prepare(`modules_of_project_${archive}`),
);

/** The project's modules, live or archived: favorites first, then newest first (reference §3). */
export async function listModules(ctx: ServerContext, actor: ProjectActor, options: { archived: boolean }): Promise<ModuleView[]> {
  const rows = await modulesOfProject(ctx.db, options.archived ? 'archived' : 'live', { projectId: actor.project.id });
  const views = await toModuleViews(ctx.db, rows, actor.userId);
  return [...views.filter((view) => view.isFavorite), ...views.filter((view) => !view.isFavorite)];
}

/** `GET /api/workspaces/:slug/modules/`: the live modules of every project the caller belongs to. */
export async function listWorkspaceModules(ctx: ServerContext, actor: WorkspaceActor): Promise<ModuleView[]> {
  const myProjects = ctx.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true), eq(projects.workspaceId, actor.workspace.id), isNull(projects.deletedAt)));
  const rows = await ctx.db
    .select()
    .from(modules)
    .where(and(eq(modules.workspaceId, actor.workspace.id), isNull(modules.deletedAt), isNull(modules.archivedAt), inArray(modules.projectId, myProjects)))
    .orderBy(desc(modules.createdAt));
  return toModuleViews(ctx.db, rows, actor.userId);
}

/** The ids among `userIds` that are active members of the project (any role). */
async function activeMembers(tx: Db, projectId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: projectMembers.memberId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.isActive, true), gte(projectMembers.role, Role.GUEST), inArray(projectMembers.memberId, userIds)));
  return new Set(rows.map((row) => row.id));
}

/** Checks the lead and members are people of the project. @throws ValidationError */
async function checkPeople(tx: Db, projectId: string, leadId: string | null | undefined, memberIds: string[] | undefined): Promise<string[] | undefined> {
  const unique = memberIds ? [...new Set(memberIds)] : undefined;
  const known = await activeMembers(tx, projectId, [...(leadId ? [leadId] : []), ...(unique ?? [])]);
  if (leadId && !known.has(leadId)) throw ValidationError.field('lead_id', 'The lead must be a member of the project.');
  if (unique?.some((id) => !known.has(id))) throw ValidationError.field('member_ids', 'Every member must be a member of the project.');
  return unique;
}

async function assertUniqueName(tx: Db, projectId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: modules.id })
    .from(modules)
    .where(and(eq(modules.projectId, projectId), eq(modules.name, name), isNull(modules.deletedAt)));
  if (clash && clash.id !== exceptId) throw new BadRequestError(DUPLICATE_NAME);
}

async function currentMemberIds(tx: Db, moduleId: string): Promise<string[]> {
  const rows = await tx.select({ memberId: moduleMembers.memberId }).from(moduleMembers).where(and(eq(moduleMembers.moduleId, moduleId), isNull(moduleMembers.deletedAt)));
  return rows.map((row) => row.memberId);
}

async function replaceMembers(tx: Db, module: Module, memberIds: string[], actorId: string) {
  await tx.update(moduleMembers).set({ deletedAt: new Date() }).where(and(eq(moduleMembers.moduleId, module.id), isNull(moduleMembers.deletedAt)));
  if (memberIds.length === 0) return;
  await tx
    .insert(moduleMembers)
    .values(memberIds.map((memberId) => ({ moduleId: module.id, memberId, projectId: module.projectId, workspaceId: module.workspaceId, createdBy: actorId })));
}

/** Runs a write that may hit the unique name index, answering the reference's business error. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BadRequestError(DUPLICATE_NAME);
    throw error;
  }
}

/**
 * Creates a module; new modules sort first (min − 10000).
 * @throws BadRequestError for a duplicate name; ValidationError for unknown people.
 */
export async function createModule(ctx: ServerContext, actor: ProjectActor, body: CreateModuleBody, options: WriteOptions): Promise<ModuleView> {
  const project = actor.project;
  const row = await withUniqueName(() =>
    withTransaction(ctx, options, async (tx) => {
      await assertUniqueName(tx, project.id, body.name);
      const memberIds = (await checkPeople(tx, project.id, body.lead_id, body.member_ids)) ?? [];
      const [{ lowest }] = await tx.select({ lowest: min(modules.sortOrder) }).from(modules).where(and(eq(modules.projectId, project.id), isNull(modules.deletedAt)));
      const [created] = await tx
        .insert(modules)
        .values({
          projectId: project.id,
          workspaceId: project.workspaceId,
          name: body.name,
          description: body.description ?? '',
          descriptionHtml: body.description_html ?? '<p></p>',
          startDate: body.start_date ?? null,
          targetDate: body.target_date ?? null,
          status: body.status ?? 'planned',
          leadId: body.lead_id ?? null,
          sortOrder: body.sort_order ?? (lowest === null ? 65535 : Number(lowest) - 10000),
          viewProps: body.view_props ?? {},
          logoProps: body.logo_props ?? {},
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      await replaceMembers(tx, created, memberIds, actor.userId);
      await recordModuleChange(tx, created, 'create');
      return created;
    }),
  );
  return (await toModuleViews(ctx.db, [row], actor.userId))[0];
}

/**
 * Partial update; `member_ids` replaces the set, `member_ids_add` / `member_ids_remove` change it by intent.
 * @throws BadRequestError when archived, for a duplicate name or dates out of order.
 */
export async function updateModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, body: UpdateModuleBody, options: WriteOptions): Promise<ModuleView> {
  const current = await findModule(ctx.db, actor.project.id, moduleId);
  if (current.archivedAt) throw new BadRequestError('Archived module cannot be updated');
  const start = body.start_date !== undefined ? body.start_date : current.startDate;
  const target = body.target_date !== undefined ? body.target_date : current.targetDate;
  if (start && target && start > target) throw ValidationError.field('non_field_errors', MODULE_DATES_MESSAGE);
  const row = await withUniqueName(() =>
    withTransaction(ctx, options, async (tx) => {
      if (body.name !== undefined && body.name !== current.name) await assertUniqueName(tx, current.projectId, body.name, current.id);
      const memberIds = await checkPeople(tx, current.projectId, body.lead_id, body.member_ids);
      const before = await presentModuleRow(tx, current);
      const [updated] = await tx
        .update(modules)
        .set({
          name: body.name,
          description: body.description,
          descriptionHtml: body.description_html,
          startDate: body.start_date,
          targetDate: body.target_date,
          status: body.status,
          leadId: body.lead_id,
          sortOrder: body.sort_order,
          viewProps: body.view_props,
          logoProps: body.logo_props,
          version: sql`${modules.version} + 1`,
          updatedAt: new Date(),
          updatedBy: actor.userId,
        })
        .where(eq(modules.id, current.id))
        .returning();
      if (memberIds) await replaceMembers(tx, updated, memberIds, actor.userId);
      // Read under the row lock the update above took: a concurrent change to the set is merged, not lost.
      if (body.member_ids_add || body.member_ids_remove) {
        const merged = applySetDelta(memberIds ?? (await currentMemberIds(tx, updated.id)), { add: body.member_ids_add ?? [], remove: body.member_ids_remove ?? [] });
        await replaceMembers(tx, updated, (await checkPeople(tx, current.projectId, undefined, merged)) ?? [], actor.userId);
      }
      const keys = sentKeys(body);
      await recordModuleChange(tx, updated, 'update', { keys: body.member_ids_add || body.member_ids_remove ? [...keys, 'member_ids'] : keys, before });
      return updated;
    }),
  );
  return (await toModuleViews(ctx.db, [row], actor.userId))[0];
}

/** Issue ids currently in a module (live bridge rows). */
async function moduleIssueIds(tx: Db, moduleId: string): Promise<string[]> {
  const rows = await tx.select({ id: moduleIssues.issueId }).from(moduleIssues).where(and(eq(moduleIssues.moduleId, moduleId), isNull(moduleIssues.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * Soft-deletes a module with its issue rows; its favorites go and its issues are re-announced
 * (their `module_ids` changed). @throws ForbiddenError unless a project admin or the creator.
 */
export async function deleteModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, options: WriteOptions): Promise<void> {
  const current = await findModule(ctx.db, actor.project.id, moduleId);
  if (!canDeletePlanningRow(actor, { created_by: current.createdBy })) throw new ForbiddenError();
  await withTransaction(ctx, options, async (tx) => {
    const issueIds = await moduleIssueIds(tx, current.id);
    const now = new Date();
    await tx.update(moduleIssues).set({ deletedAt: now }).where(and(eq(moduleIssues.moduleId, current.id), isNull(moduleIssues.deletedAt)));
    await tx.update(moduleMembers).set({ deletedAt: now }).where(and(eq(moduleMembers.moduleId, current.id), isNull(moduleMembers.deletedAt)));
    const [row] = await tx.update(modules).set({ deletedAt: now, version: current.version + 1, updatedBy: actor.userId }).where(eq(modules.id, current.id)).returning();
    await removeEntityFavorites(tx, 'module', [current.id]);
    await touchIssues(tx, issueIds, actor.userId);
    await recordModuleChange(tx, row, 'delete');
  });
}

/**
 * Archives a completed or cancelled module and removes it from favorites; already archived keeps
 * its date. @throws BadRequestError for any other status.
 */
export async function archiveModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, options: WriteOptions): Promise<Date> {
  const current = await findModule(ctx.db, actor.project.id, moduleId);
  if (current.archivedAt) return current.archivedAt;
  if (!ARCHIVABLE_MODULE_STATUSES.includes(current.status as ModuleStatus)) throw new BadRequestError('Only completed or cancelled modules can be archived');
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(modules)
      .set({ archivedAt: new Date(), version: current.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(modules.id, current.id))
      .returning();
    await removeEntityFavorites(tx, 'module', [current.id]);
    // Archived modules leave their issues' module_ids (they are no longer a live module).
    await touchIssues(tx, await moduleIssueIds(tx, current.id), actor.userId);
    await recordModuleChange(tx, row, 'update');
    return row.archivedAt!;
  });
}

/** Restores an archived module (nothing when it is not archived). */
export async function restoreModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, options: WriteOptions): Promise<void> {
  const current = await findModule(ctx.db, actor.project.id, moduleId);
  if (!current.archivedAt) return;
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(modules)
      .set({ archivedAt: null, version: current.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(modules.id, current.id))
      .returning();
    await touchIssues(tx, await moduleIssueIds(tx, current.id), actor.userId);
    await recordModuleChange(tx, row, 'update');
  });
}

/** Adds a live module to the caller's favorites (idempotent). @throws NotFoundError; BadRequestError when archived. */
export async function favoriteModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, options: WriteOptions): Promise<void> {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  if (module.archivedAt) throw new BadRequestError('Archived module cannot be updated');
  await createFavorite(ctx, actor, { entity_type: 'module', entity_identifier: module.id, project_id: module.projectId }, options);
}

/** Removes a module from the caller's favorites (idempotent). @throws NotFoundError */
export async function unfavoriteModule(ctx: ServerContext, actor: ProjectActor, moduleId: string, options: WriteOptions): Promise<void> {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  await removeOwnEntityFavorite(ctx, actor, 'module', module.id, options);
}
