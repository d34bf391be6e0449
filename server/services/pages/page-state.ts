// Page state switches of spec §4 and reference §5.3: lock, access, archive/restore (the subtree
// follows) and favorites. Open editors are sent away afterwards so they reconnect with the new scope.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executeRows } from '../../../db/rows';
import { favorites, pages, type Page } from '../../../db/schema/index';
import { canArchivePage, canChangePageAccess, canFavoritePage, canLockPage } from '../../../shared/policies/page';
import { CollabCloseCode } from '../../../shared/collab-close-codes';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { BadRequestError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { authorizePage, loadReadablePage } from './policies/page';
import { recordFavoriteChange, recordPageChange, updatePageRow } from './page-change';
import { disconnectPageEditors } from './page-collab';
import { removePageFavorites } from './page';
import { PageAccess } from '../../../shared/visibility';

/** Locks or unlocks a page (owner only). @throws ForbiddenError for anyone else. */
export async function setPageLocked(ctx: ServerContext, actor: ProjectActor, pageId: string, locked: boolean, options: WriteOptions): Promise<void> {
  const current = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, current, canLockPage);
  if (current.isLocked === locked) return;
  await withTransaction(ctx, options, async (tx) => {
    await recordPageChange(tx, await updatePageRow(tx, current.id, actor.userId, { isLocked: locked }), actor.project.id, 'update');
  });
  disconnectPageEditors(ctx, [current.id], locked ? CollabCloseCode.PAGE_LOCKED : CollabCloseCode.PERMISSIONS_CHANGED);
}

/** Makes a page public (0) or private (1). @throws BadRequestError unless the caller owns it. */
export async function setPageAccess(ctx: ServerContext, actor: ProjectActor, pageId: string, access: PageAccess, options: WriteOptions): Promise<void> {
  const current = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, current, canChangePageAccess, new BadRequestError('Access cannot be updated since this page is owned by someone else'));
  if (current.access === access) return;
  await withTransaction(ctx, options, async (tx) => {
    const row = await updatePageRow(tx, current.id, actor.userId, { access });
    await recordPageChange(tx, row, actor.project.id, 'update', { wasPublic: current.access === PageAccess.PUBLIC });
  });
  disconnectPageEditors(ctx, [current.id], CollabCloseCode.PERMISSIONS_CHANGED);
}

/**
 * Archives a page and all its descendants and removes their favorites.
 * @throws BadRequestError unless the caller is the owner or a project admin.
 */
export async function archivePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<Date> {
  const current = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, current, canArchivePage, new BadRequestError('Only the owner or admin can archive the page'));
  const archivedAt = new Date();
  const ids = await withTransaction(ctx, options, async (tx) => {
    const subtree = await subtreeIds(tx, current.id);
    const rows = await tx.select().from(pages).where(and(inArray(pages.id, subtree), isNull(pages.archivedAt)));
    for (const row of rows) {
      await recordPageChange(tx, await updatePageRow(tx, row.id, actor.userId, { archivedAt }), actor.project.id, 'update');
    }
    await removePageFavorites(tx, subtree, current.name);
    return subtree;
  });
  disconnectPageEditors(ctx, ids, CollabCloseCode.PAGE_ARCHIVED);
  return current.archivedAt ?? archivedAt;
}

/**
 * Restores an archived page and its subtree; a page whose parent stays archived moves to the top.
 * @throws BadRequestError unless the caller is the owner or a project admin.
 */
export async function restorePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<void> {
  const current = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, current, canArchivePage, new BadRequestError('Only the owner or admin can archive the page'));
  if (!current.archivedAt) return;
  const ids = await withTransaction(ctx, options, async (tx) => {
    const parentArchived = current.parentId ? await isArchived(tx, current.parentId) : false;
    const subtree = await subtreeIds(tx, current.id);
    const rows = await tx.select().from(pages).where(and(inArray(pages.id, subtree), sql`${pages.archivedAt} is not null`));
    for (const row of rows) {
      const values: Partial<Page> = { archivedAt: null, ...(row.id === current.id && parentArchived ? { parentId: null } : {}) };
      await recordPageChange(tx, await updatePageRow(tx, row.id, actor.userId, values), actor.project.id, 'update');
    }
    return subtree;
  });
  disconnectPageEditors(ctx, ids, CollabCloseCode.PERMISSIONS_CHANGED);
}

/** Adds the page to the caller's favorites (idempotent). @throws ForbiddenError when not allowed. */
export async function favoritePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<void> {
  const page = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, page, canFavoritePage);
  await withTransaction(ctx, options, async (tx) => {
    const [existing] = await tx.select({ id: favorites.id }).from(favorites).where(pageFavoriteOf(actor.userId, page.id));
    if (existing) return;
    const [favorite] = await tx
      .insert(favorites)
      .values({ workspaceId: page.workspaceId, projectId: actor.project.id, userId: actor.userId, entityType: 'page', entityIdentifier: page.id, createdBy: actor.userId })
      .returning();
    recordFavoriteChange(tx, favorite, page.name, 'create');
  });
}

/** Removes the page from the caller's favorites (idempotent). */
export async function unfavoritePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<void> {
  const page = await loadReadablePage(ctx.db, actor, pageId);
  await withTransaction(ctx, options, async (tx) => {
    const removed = await tx.delete(favorites).where(pageFavoriteOf(actor.userId, page.id)).returning();
    for (const favorite of removed) recordFavoriteChange(tx, favorite, page.name, 'delete');
  });
}

function pageFavoriteOf(userId: string, pageId: string) {
  return and(eq(favorites.entityType, 'page'), eq(favorites.entityIdentifier, pageId), eq(favorites.userId, userId));
}

async function isArchived(tx: Db, pageId: string): Promise<boolean> {
  const [row] = await tx.select({ archivedAt: pages.archivedAt }).from(pages).where(eq(pages.id, pageId));
  return Boolean(row?.archivedAt);
}

/** The page and every live descendant (recursive over parent links). */
async function subtreeIds(tx: Db, pageId: string): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(tx, sql`
    with recursive tree(id) as (
      select ${pageId}::uuid
      union
      select p.id from pages p join tree t on p.parent_id = t.id where p.deleted_at is null
    )
    select id from tree`);
  return rows.map((row) => row.id);
}
