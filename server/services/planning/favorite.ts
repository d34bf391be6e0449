// A user's favorites and folders (reference §9, spec §4 Favorites): list, add (idempotent per
// entity), move/reorder/rename, delete (a folder's children go with it), and the legacy project calls.
import { and, desc, eq, inArray, isNull, max, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cycles, favorites, issues, modules, pages, projectMembers, projects, views, type Favorite } from '../../../db/schema/index';
import type { CreateFavoriteBody, UpdateFavoriteBody } from '../../../shared/schemas/favorite';
import { nextSortOrder } from '../../../shared/sort-order';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { WorkspaceActor } from '../../actor';
import { presentFavorite, type FavoriteEntityData } from './presenters/favorite';
import { isUniqueViolation } from '../work-items/project';
import { findMyProjectMembership } from '../accounts/project-member';

/** Entity tables a favorite may point to, with the columns its `entity_data` needs. */
const ENTITY_TABLES = { cycle: cycles, module: modules, view: views } as const;

type EntityInfo = { name: string; logoProps: unknown; projectId: string | null };

/** Looks up the favorited entities of the given favorites (live rows only), keyed by entity id. */
async function loadEntities(db: Db, rows: Favorite[]): Promise<Map<string, EntityInfo>> {
  const result = new Map<string, EntityInfo>();
  const idsOf = (type: string) => rows.filter((row) => row.entityType === type && row.entityIdentifier).map((row) => row.entityIdentifier!);
  const projectIds = idsOf('project');
  if (projectIds.length) {
    const found = await db.select().from(projects).where(and(inArray(projects.id, projectIds), isNull(projects.deletedAt)));
    for (const row of found) result.set(row.id, { name: row.name, logoProps: row.logoProps, projectId: row.id });
  }
  for (const [type, table] of Object.entries(ENTITY_TABLES)) {
    const ids = idsOf(type);
    if (!ids.length) continue;
    const found = await db
      .select({ id: table.id, name: table.name, logoProps: table.logoProps, projectId: table.projectId })
      .from(table)
      .where(and(inArray(table.id, ids), isNull(table.deletedAt)));
    for (const row of found) result.set(row.id, row);
  }
  const pageIds = idsOf('page');
  if (pageIds.length) {
    const found = await db.select().from(pages).where(and(inArray(pages.id, pageIds), isNull(pages.deletedAt)));
    for (const row of found) result.set(row.id, { name: row.name, logoProps: row.logoProps, projectId: null });
  }
  const issueIds = idsOf('issue');
  if (issueIds.length) {
    const found = await db.select({ id: issues.id, name: issues.name, projectId: issues.projectId }).from(issues).where(and(inArray(issues.id, issueIds), isNull(issues.deletedAt)));
    for (const row of found) result.set(row.id, { name: row.name, logoProps: {}, projectId: row.projectId });
  }
  return result;
}

function entityData(row: Favorite, entities: Map<string, EntityInfo>): FavoriteEntityData {
  if (row.isFolder || row.entityType === 'issue' || !row.entityIdentifier) return null;
  const entity = entities.get(row.entityIdentifier);
  if (!entity) return null;
  if (row.entityType === 'project') return { id: row.entityIdentifier, name: entity.name, logo_props: entity.logoProps };
  return { id: row.entityIdentifier, name: entity.name, logo_props: entity.logoProps, project_id: row.projectId };
}

async function presentMany(db: Db, rows: Favorite[]) {
  const entities = await loadEntities(db, rows);
  return rows.map((row) => presentFavorite(row, entityData(row, entities)));
}

async function recordFavorite(tx: Db, favorite: Favorite, op: 'create' | 'update' | 'delete') {
  const data = op === 'delete' ? deletion(favorite.id) : (await presentMany(tx, [favorite]))[0];
  recordChange(tx, {
    workspaceId: favorite.workspaceId,
    projectId: favorite.projectId,
    audienceUserId: favorite.userId,
    entity: 'favorite',
    entityId: favorite.id,
    op,
    version: favorite.version,
    data,
  });
  return data;
}

/** The caller's favorites they may still see: workspace-level ones except pages, and those of their projects. */
function visibleFavorites(actor: WorkspaceActor): SQL {
  const myProjects = sql`(select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.memberId} = ${actor.userId} and ${projectMembers.isActive} = true)`;
  return and(
    eq(favorites.workspaceId, actor.workspace.id),
    eq(favorites.userId, actor.userId),
    or(and(isNull(favorites.projectId), ne(favorites.entityType, 'page')), inArray(favorites.projectId, myProjects)),
  )!;
}

/** `GET …/user-favorites/` — top-level favorites, highest sequence first. */
export async function listFavorites(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db.select().from(favorites).where(and(visibleFavorites(actor), isNull(favorites.parentId))).orderBy(desc(favorites.sequence));
  return presentMany(ctx.db, rows);
}

async function loadOwnFavorite(db: Db, actor: WorkspaceActor, favoriteId: string) {
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.id, favoriteId), eq(favorites.userId, actor.userId), eq(favorites.workspaceId, actor.workspace.id)));
  if (!row) throw new NotFoundError('Favorite not found');
  return row;
}

/** `GET …/user-favorites/:favoriteId/group/` — a folder's children. @throws NotFoundError */
export async function listFolderChildren(ctx: ServerContext, actor: WorkspaceActor, favoriteId: string) {
  const folder = await loadOwnFavorite(ctx.db, actor, favoriteId);
  const rows = await ctx.db.select().from(favorites).where(and(visibleFavorites(actor), eq(favorites.parentId, folder.id))).orderBy(desc(favorites.sequence));
  return presentMany(ctx.db, rows);
}

/**
 * A parent must be one of the caller's folders in this workspace, and neither the favorite itself
 * nor a folder inside it (a loop would hide both from every list).
 */
async function checkParent(db: Db, actor: WorkspaceActor, parentId: string | null | undefined, selfId: string | null) {
  if (!parentId) return;
  // The caller's folders in one read; the walk up from the parent happens in memory.
  const folders = await db
    .select({ id: favorites.id, parentId: favorites.parentId })
    .from(favorites)
    .where(and(eq(favorites.userId, actor.userId), eq(favorites.workspaceId, actor.workspace.id), eq(favorites.isFolder, true)));
  const parentOf = new Map(folders.map((folder) => [folder.id, folder.parentId]));
  const seen = new Set<string>();
  for (let id: string | null = parentId; id !== null; id = parentOf.get(id) ?? null) {
    if (!parentOf.has(id) || id === selfId || seen.has(id)) throw ValidationError.field('parent', 'The parent must be one of your folders.');
    seen.add(id);
  }
}

/** Resolves the project a favorite belongs to, checking the entity exists and the caller is a project member. */
async function resolveEntityProject(db: Db, actor: WorkspaceActor, body: CreateFavoriteBody): Promise<string | null> {
  const id = body.entity_identifier!;
  let projectId: string | null = body.project_id ?? null;
  if (body.entity_type === 'project') projectId = id;
  else if (body.entity_type !== 'page') {
    const [row] = await loadEntities(db, [{ entityType: body.entity_type, entityIdentifier: id } as Favorite]).then((map) => [map.get(id)]);
    if (!row) throw new NotFoundError('The required object does not exist.');
    projectId = row.projectId;
  }
  if (body.entity_type === 'page') {
    const [page] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.id, id), eq(pages.workspaceId, actor.workspace.id), isNull(pages.deletedAt)));
    if (!page) throw new NotFoundError('The required object does not exist.');
  }
  if (!projectId) return null;
  if (!(await findMyProjectMembership(db, actor, projectId))) throw new ForbiddenError();
  return projectId;
}

/**
 * `POST …/user-favorites/` — adds a favorite or a folder; favoriting the same entity again answers the existing row.
 * @throws ValidationError, NotFoundError, ForbiddenError
 */
export async function createFavorite(ctx: ServerContext, actor: WorkspaceActor, body: CreateFavoriteBody, options: WriteOptions) {
  const isFolder = body.is_folder === true || body.entity_type === 'folder';
  const name = body.name ?? body.entity_data?.name ?? null;
  if (isFolder && !name?.trim()) throw ValidationError.field('name', 'This field may not be blank.');
  if (!isFolder && !body.entity_identifier) throw ValidationError.field('entity_identifier', 'This field is required.');
  await checkParent(ctx.db, actor, body.parent, null);
  const projectId = isFolder ? null : await resolveEntityProject(ctx.db, actor, body);
  const entityType = isFolder ? 'folder' : body.entity_type;
  if (!isFolder) {
    const [existing] = await ctx.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.entityType, entityType), eq(favorites.entityIdentifier, body.entity_identifier!), eq(favorites.userId, actor.userId)));
    if (existing) return (await presentMany(ctx.db, [existing]))[0];
  }
  try {
    return await withTransaction(ctx, options, async (tx) => {
      const [{ highest }] = await tx
        .select({ highest: max(favorites.sequence) })
        .from(favorites)
        .where(and(eq(favorites.workspaceId, actor.workspace.id), eq(favorites.userId, actor.userId)));
      const [row] = await tx
        .insert(favorites)
        .values({
          workspaceId: actor.workspace.id,
          userId: actor.userId,
          projectId,
          entityType,
          entityIdentifier: isFolder ? null : body.entity_identifier!,
          name,
          isFolder,
          parentId: body.parent ?? null,
          sequence: body.sequence ?? nextSortOrder(highest === null ? null : Number(highest)),
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      return recordFavorite(tx, row, 'create');
    });
  } catch (error) {
    // Two concurrent adds of the same entity: the reference's business error.
    if (isUniqueViolation(error)) throw new BadRequestError('Favorite already exists');
    throw error;
  }
}

/** `PATCH …/user-favorites/:favoriteId/` — name, sequence or parent folder. @throws NotFoundError, ValidationError */
export async function updateFavorite(ctx: ServerContext, actor: WorkspaceActor, favoriteId: string, body: UpdateFavoriteBody, options: WriteOptions) {
  const current = await loadOwnFavorite(ctx.db, actor, favoriteId);
  await checkParent(ctx.db, actor, body.parent, current.id);
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(favorites)
      .set({ name: body.name, sequence: body.sequence, parentId: body.parent, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${favorites.version} + 1` })
      .where(eq(favorites.id, current.id))
      .returning();
    return recordFavorite(tx, row, 'update');
  });
}

/** Hard-deletes favorites and, for folders, their children, recording each delete. */
async function deleteFavoriteRows(tx: Db, rows: Favorite[]) {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const children = await tx.select().from(favorites).where(and(inArray(favorites.parentId, ids), notInArray(favorites.id, ids)));
  await tx.delete(favorites).where(inArray(favorites.id, [...ids, ...children.map((row) => row.id)]));
  for (const row of [...children, ...rows]) await recordFavorite(tx, row, 'delete');
}

/** `DELETE …/user-favorites/:favoriteId/`. @throws NotFoundError */
export async function deleteFavorite(ctx: ServerContext, actor: WorkspaceActor, favoriteId: string, options: WriteOptions) {
  const row = await loadOwnFavorite(ctx.db, actor, favoriteId);
  await withTransaction(ctx, options, (tx) => deleteFavoriteRows(tx, [row]));
}

/** `GET …/user-favorite-projects/` — the caller's project favorites. */
export async function listFavoriteProjects(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db
    .select()
    .from(favorites)
    .where(and(visibleFavorites(actor), eq(favorites.entityType, 'project')))
    .orderBy(desc(favorites.sequence));
  return presentMany(ctx.db, rows);
}

/** `POST …/user-favorite-projects/` `{project}` — favorites a project (idempotent). */
export async function favoriteProject(ctx: ServerContext, actor: WorkspaceActor, projectId: string, options: WriteOptions) {
  await createFavorite(ctx, actor, { entity_type: 'project', entity_identifier: projectId, project_id: projectId }, options);
}

/** `DELETE …/user-favorite-projects/:projectId/`. @throws NotFoundError when the project is not a favorite */
export async function unfavoriteProject(ctx: ServerContext, actor: WorkspaceActor, projectId: string, options: WriteOptions) {
  const rows = await ctx.db
    .select()
    .from(favorites)
    .where(and(eq(favorites.entityType, 'project'), eq(favorites.entityIdentifier, projectId), eq(favorites.userId, actor.userId), eq(favorites.workspaceId, actor.workspace.id)));
  if (rows.length === 0) throw new NotFoundError();
  await withTransaction(ctx, options, (tx) => deleteFavoriteRows(tx, rows));
}

/**
 * Removes every user's favorites of the given entities (an archived or deleted module, cycle or
 * view), inside the caller's transaction, recording each delete for its owner.
 */
export async function removeEntityFavorites(tx: Db, entityType: 'module' | 'cycle' | 'view', entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  const rows = await tx.select().from(favorites).where(and(eq(favorites.entityType, entityType), inArray(favorites.entityIdentifier, entityIds)));
  await deleteFavoriteRows(tx, rows);
}

/** Removes the caller's favorite of one entity (idempotent), recording the delete. */
export async function removeOwnEntityFavorite(ctx: ServerContext, actor: WorkspaceActor, entityType: 'module' | 'cycle' | 'view', entityId: string, options: WriteOptions): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(favorites)
    .where(and(eq(favorites.entityType, entityType), eq(favorites.entityIdentifier, entityId), eq(favorites.userId, actor.userId)));
  if (rows.length === 0) return;
  await withTransaction(ctx, options, (tx) => deleteFavoriteRows(tx, rows));
}
