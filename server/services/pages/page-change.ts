// Change events of pages and page favorites, so every page write tells live clients the same way:
// a private page is announced only to its owner, and going private retracts it from everyone else.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pages, type Favorite, type Page } from '../../../db/schema/index';
import { PageAccess } from '../../../shared/policies/page';
import { deletion, recordChange, type ChangeOp } from '../../live/record-change';
import { presentPage, presentPageFavorite } from './presenters/page';
import { toPageViews } from './page-read';

/** Records a page change; `data` is the shared Page object (no viewer-specific favorite flag). */
export async function recordPageChange(tx: Db, page: Page, projectId: string | null, op: ChangeOp, options: { wasPublic?: boolean } = {}): Promise<void> {
  const base = { workspaceId: page.workspaceId, projectId, entity: 'page' as const, entityId: page.id, version: page.version };
  if (op === 'delete') {
    recordChange(tx, { ...base, op, data: deletion(page.id) });
    return;
  }
  const [view] = await toPageViews(tx, [page], null);
  const isPrivate = page.access === PageAccess.PRIVATE;
  // Going private: everyone drops it, then the owner gets it back (events are applied in id order).
  if (isPrivate && options.wasPublic) recordChange(tx, { ...base, op: 'delete', data: deletion(page.id) });
  recordChange(tx, { ...base, op, audienceUserId: isPrivate ? page.ownedById : null, data: presentPage(view) });
}

/** Records a favorite create/delete for its user only. */
export function recordFavoriteChange(tx: Db, favorite: Favorite, pageName: string, op: ChangeOp): void {
  recordChange(tx, {
    workspaceId: favorite.workspaceId,
    projectId: favorite.projectId,
    audienceUserId: favorite.userId,
    entity: 'favorite',
    entityId: favorite.id,
    op,
    version: favorite.version,
    data: op === 'delete' ? deletion(favorite.id) : presentPageFavorite(favorite, pageName),
  });
}

/** Bumps the page's version and applies `values`, returning the new row. */
export async function updatePageRow(tx: Db, pageId: string, actorId: string | null, values: Partial<Page>): Promise<Page> {
  const [row] = await tx
    .update(pages)
    .set({ ...values, updatedAt: new Date(), updatedBy: actorId, version: sql`${pages.version} + 1` as unknown as number })
    .where(eq(pages.id, pageId))
    .returning();
  return row;
}
