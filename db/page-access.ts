// The access columns of one page by id, whatever its project: what the collaboration server reads to
// authenticate a socket (collab/extensions/auth-extension.ts) before deciding with the shared page
// rules. A storage query with no server logic, so collab reaches it without importing server/.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { pageProjects, pages, type Page } from './schema/index';

/** What deciding access to a page needs: no body columns (a 1 MB page would carry megabytes). */
export type PageAccessRow = Pick<Page, 'id' | 'workspaceId' | 'ownedById' | 'access' | 'isLocked' | 'archivedAt'> & { projectId: string | null };

/** The live page's access columns by id, whatever its project (collab authenticates with it). */
export async function findPageAccess(db: Db, pageId: string): Promise<PageAccessRow | null> {
  const [row] = await db
    .select({
      id: pages.id,
      workspaceId: pages.workspaceId,
      ownedById: pages.ownedById,
      access: pages.access,
      isLocked: pages.isLocked,
      archivedAt: pages.archivedAt,
      projectId: pageProjects.projectId,
    })
    .from(pages)
    .leftJoin(pageProjects, and(eq(pageProjects.pageId, pages.id), isNull(pageProjects.deletedAt)))
    .where(and(eq(pages.id, pageId), isNull(pages.deletedAt)))
    .limit(1);
  return row ?? null;
}
