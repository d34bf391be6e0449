// Saved views (reference §4, API.md "Views", spec §4 Views): project views and workspace (global)
// views. Lists show public views and the caller's own (restricted guests only their own); only the
// owner updates, locks or changes access; a locked view refuses PATCH; delete is for the owner or an
// admin. A view's filters are checked by the list engine before they are saved, and its issue list
// is the list engine run with them. Every write records the view through the change log; the live
// filter sends a private view's events to its owner only.
import { and, asc, desc, eq, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { favoritedAmong } from '../accounts/favorited';
import { views, type View } from '../../../db/schema/index';
import type { CreateViewBody, UpdateViewBody } from '../../../shared/schemas/view';
import { Role, effectiveProjectRole } from '../../../shared/roles';
import { viewAccess } from '../../../shared/policies/view';
import { ViewAccess } from '../../../shared/visibility';
import type { ServerContext } from '../../context';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { hasProject } from '../../actor';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { allOf } from '../../list-engine/conditions';
import { listIssues, type ListResult } from '../../list-engine/list-issues';
import { listWorkspaceIssues, savedViewCondition } from '../../list-engine/issue-lists';
import { parseListRequest, type RawQuery } from '../../list-engine/params';
import { projectIssueScope } from '../../list-engine/scope';
import { sortKeys } from '../../list-engine/order';
import { presentView } from './presenters/view';
import { createFavorite, removeEntityFavorites, removeOwnEntityFavorite } from './favorite';

/** A view row with the caller's favorite flag (null for shared change events). */
interface ViewRow extends View {
  isFavorite: boolean | null;
}

/** A project view's caller (project actor) or a workspace view's (workspace actor). */
type ViewActor = ProjectActor | WorkspaceActor;

const projectOf = (actor: ViewActor) => (hasProject(actor) ? actor.project.id : null);

/** True when the actor sees only what they created (a guest without guest_view_all; a workspace guest for global views). */
function seesOwnOnly(actor: ViewActor): boolean {
  const project = hasProject(actor)
    ? { projectRole: effectiveProjectRole(actor.projectRole, actor.workspaceRole), guestViewAllFeatures: actor.project.guestViewAllFeatures }
    : undefined;
  return viewAccess(actor.workspaceRole, project) !== 'full';
}

function isAdmin(actor: ViewActor): boolean {
  return hasProject(actor) ? (actor.projectRole ?? 0) >= Role.ADMIN || actor.workspaceRole >= Role.ADMIN : actor.workspaceRole >= Role.ADMIN;
}

/** The views of the actor's scope (project, or the workspace's global views) the actor may see. */
function visibleViews(actor: ViewActor): SQL {
  const projectId = projectOf(actor);
  return and(
    eq(views.workspaceId, actor.workspace.id),
    projectId ? eq(views.projectId, projectId) : isNull(views.projectId),
    isNull(views.deletedAt),
    seesOwnOnly(actor) ? eq(views.ownedById, actor.userId) : or(eq(views.access, ViewAccess.PUBLIC), eq(views.ownedById, actor.userId)),
  )!;
}

async function withFavorites(db: Db, rows: View[], userId: string): Promise<ViewRow[]> {
  if (rows.length === 0) return [];
  const ids = await favoritedAmong(db, userId, 'view', rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, isFavorite: ids.has(row.id) }));
}

function recordView(tx: Db, row: View, op: 'create' | 'update' | 'delete') {
  recordChange(tx, {
    workspaceId: row.workspaceId,
    projectId: row.projectId,
    entity: 'view',
    entityId: row.id,
    op,
    version: row.version,
    data: op === 'delete' ? deletion(row.id) : presentView({ ...row, isFavorite: null }),
  });
}

const ORDERS: Record<string, SQL[]> = {
  name: [asc(views.name)],
  '-name': [desc(views.name)],
  created_at: [asc(views.createdAt)],
  '-created_at': [desc(views.createdAt)],
  updated_at: [asc(views.updatedAt)],
  '-updated_at': [desc(views.updatedAt)],
};

/** The views the actor may see: favorites first, then by `orderBy` (default: name). */
export async function listViews(ctx: ServerContext, actor: ViewActor, orderBy = 'name'): Promise<ViewRow[]> {
  const rows = await ctx.db
    .select()
    .from(views)
    .where(visibleViews(actor))
    .orderBy(...(ORDERS[orderBy] ?? ORDERS.name), asc(views.id));
  const list = await withFavorites(ctx.db, rows, actor.userId);
  return [...list.filter((row) => row.isFavorite), ...list.filter((row) => !row.isFavorite)];
}

/**
 * One view of the actor's scope they may see.
 * @throws NotFoundError "View not found" (unknown, deleted, or someone else's private view); ForbiddenError for a restricted guest's.
 */
export async function loadView(db: Db, actor: ViewActor, viewId: string): Promise<View> {
  const projectId = projectOf(actor);
  const [row] = await db
    .select()
    .from(views)
    .where(and(eq(views.id, viewId), eq(views.workspaceId, actor.workspace.id), projectId ? eq(views.projectId, projectId) : isNull(views.projectId), isNull(views.deletedAt)));
  if (!row || (row.access === ViewAccess.PRIVATE && row.ownedById !== actor.userId)) throw new NotFoundError('View not found');
  if (seesOwnOnly(actor) && row.ownedById !== actor.userId) throw new ForbiddenError();
  return row;
}

/** One view with the caller's favorite flag. */
export async function getView(ctx: ServerContext, actor: ViewActor, viewId: string): Promise<ViewRow> {
  return (await withFavorites(ctx.db, [await loadView(ctx.db, actor, viewId)], actor.userId))[0];
}

/**
 * Checks that the list engine can run a view: its filters, and the order and grouping of its
 * display filters. @throws BadRequestError / ValidationError in the contract's format.
 */
function checkRunnable(view: { filters: unknown; richFilters: unknown; displayFilters: unknown }, actor: ViewActor) {
  savedViewCondition(view, actor.timeZone);
  const display = (view.displayFilters ?? {}) as Record<string, unknown>;
  const query: RawQuery = {};
  for (const key of ['order_by', 'group_by', 'sub_group_by'] as const) {
    if (typeof display[key] === 'string' && display[key] !== '') query[key] = display[key] as string;
  }
  sortKeys(parseListRequest(query, { allowGrouping: true, timeZone: actor.timeZone }).orderBy);
}

/** Creates a view owned by the caller; new views sort last (max + 10000). */
export async function createView(ctx: ServerContext, actor: ViewActor, body: CreateViewBody, options: WriteOptions): Promise<ViewRow> {
  const values = {
    filters: body.filters ?? {},
    richFilters: body.rich_filters ?? {},
    displayFilters: body.display_filters ?? {},
    displayProperties: body.display_properties ?? {},
  };
  checkRunnable(values, actor);
  const projectId = projectOf(actor);
  const row = await withTransaction(ctx, options, async (tx) => {
    const [{ highest }] = await tx
      .select({ highest: max(views.sortOrder) })
      .from(views)
      .where(and(eq(views.workspaceId, actor.workspace.id), projectId ? eq(views.projectId, projectId) : isNull(views.projectId), isNull(views.deletedAt)));
    const [created] = await tx
      .insert(views)
      .values({
        workspaceId: actor.workspace.id,
        projectId,
        name: body.name,
        description: body.description ?? '',
        query: values.filters,
        ...values,
        access: body.access ?? ViewAccess.PUBLIC,
        ownedById: actor.userId,
        sortOrder: body.sort_order ?? (highest === null ? 65535 : Number(highest) + 10000),
        logoProps: body.logo_props ?? {},
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    recordView(tx, created, 'create');
    return created;
  });
  return { ...row, isFavorite: false };
}

async function updateRow(ctx: ServerContext, actor: ViewActor, current: View, values: Partial<View>, options: WriteOptions): Promise<ViewRow> {
  const row = await withTransaction(ctx, options, async (tx) => {
    const [updated] = await tx
      .update(views)
      .set({ ...values, version: sql`${views.version} + 1`, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(views.id, current.id))
      .returning();
    recordView(tx, updated, 'update');
    return updated;
  });
  return (await withFavorites(ctx.db, [row], actor.userId))[0];
}

/**
 * Partial update by the owner of an unlocked view.
 * @throws BadRequestError "Only the owner of the view can update the view" / "view is locked", or for filters the list refuses.
 */
export async function updateView(ctx: ServerContext, actor: ViewActor, viewId: string, body: UpdateViewBody, options: WriteOptions): Promise<ViewRow> {
  const current = await loadView(ctx.db, actor, viewId);
  if (current.ownedById !== actor.userId) throw new BadRequestError('Only the owner of the view can update the view');
  if (current.isLocked) throw new BadRequestError('view is locked');
  const next = {
    filters: body.filters ?? current.filters,
    richFilters: body.rich_filters ?? current.richFilters,
    displayFilters: body.display_filters ?? current.displayFilters,
  };
  checkRunnable(next, actor);
  return updateRow(ctx, actor, current, {
    name: body.name,
    description: body.description,
    filters: body.filters,
    query: body.filters,
    richFilters: body.rich_filters,
    displayFilters: body.display_filters,
    displayProperties: body.display_properties,
    logoProps: body.logo_props,
    sortOrder: body.sort_order,
  }, options);
}

/** Locks or unlocks a view (owner only; nothing when unchanged). @throws ForbiddenError for anyone else. */
export async function setViewLocked(ctx: ServerContext, actor: ViewActor, viewId: string, locked: boolean, options: WriteOptions): Promise<void> {
  const current = await loadView(ctx.db, actor, viewId);
  if (current.ownedById !== actor.userId) throw new ForbiddenError();
  if (current.isLocked === locked) return;
  await updateRow(ctx, actor, current, { isLocked: locked }, options);
}

/**
 * Makes a view public (0) or private (1); others' favorites of a view made private go.
 * @throws BadRequestError unless the caller owns it.
 */
export async function setViewAccess(ctx: ServerContext, actor: ViewActor, viewId: string, access: ViewAccess, options: WriteOptions): Promise<void> {
  const current = await loadView(ctx.db, actor, viewId);
  if (current.ownedById !== actor.userId) throw new BadRequestError('Access cannot be updated since this view is owned by someone else');
  if (current.access === access) return;
  await updateRow(ctx, actor, current, { access }, options);
}

/** Soft-deletes a view and its favorites. @throws BadRequestError "Only admin or owner can delete the view". */
export async function deleteView(ctx: ServerContext, actor: ViewActor, viewId: string, options: WriteOptions): Promise<void> {
  const current = await loadView(ctx.db, actor, viewId);
  if (current.ownedById !== actor.userId && !isAdmin(actor)) throw new BadRequestError('Only admin or owner can delete the view');
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx.update(views).set({ deletedAt: new Date(), version: current.version + 1, updatedBy: actor.userId }).where(eq(views.id, current.id)).returning();
    await removeEntityFavorites(tx, 'view', [current.id]);
    recordView(tx, row, 'delete');
  });
}

/** Adds a view the caller can see to their favorites (idempotent). */
export async function favoriteView(ctx: ServerContext, actor: ViewActor, viewId: string, options: WriteOptions): Promise<void> {
  const view = await loadView(ctx.db, actor, viewId);
  await createFavorite(ctx, actor, { entity_type: 'view', entity_identifier: view.id, project_id: view.projectId }, options);
}

/** Removes a view from the caller's favorites (idempotent). */
export async function unfavoriteView(ctx: ServerContext, actor: ViewActor, viewId: string, options: WriteOptions): Promise<void> {
  const view = await loadView(ctx.db, actor, viewId);
  await removeOwnEntityFavorite(ctx, actor, 'view', view.id, options);
}

/**
 * A view's issue list: the list engine with the view's filters ANDed to the request's, its
 * display filters' order_by and group_by as defaults. Global views run the workspace list.
 */
export async function listViewIssues(ctx: ServerContext, actor: ViewActor, viewId: string, query: RawQuery): Promise<ListResult> {
  const view = await loadView(ctx.db, actor, viewId);
  if (!hasProject(actor)) return listWorkspaceIssues(ctx, actor, { ...query, global_view_id: view.id });
  const { filter, orderBy } = savedViewCondition(view, actor.timeZone);
  const display = (view.displayFilters ?? {}) as Record<string, unknown>;
  const defaults: RawQuery = {};
  for (const key of ['group_by', 'sub_group_by'] as const) {
    if (typeof display[key] === 'string' && display[key] !== '' && query[key] === undefined) defaults[key] = display[key] as string;
  }
  const request = parseListRequest({ ...defaults, ...query }, { allowGrouping: true, defaultOrderBy: orderBy, timeZone: actor.timeZone });
  return listIssues(ctx.database, projectIssueScope(actor), { ...request, filter: allOf([request.filter, filter]) });
}
