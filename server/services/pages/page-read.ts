// Reads pages with what their wire shape aggregates (label ids, project ids, the viewer's favorite
// flag), so lists, details and change events all build the same PageView.
import { and, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { sendPrepared } from '../../../db/rows';
import { favorites, pageLabels, pageProjects, pages, type Page } from '../../../db/schema/index';
import type { PageView } from './presenters/page';
import { favoritedAmong } from '../accounts/favorited';

/** Attaches label ids, project ids and (when `viewerId` is given) the viewer's favorite flag. */
export async function toPageViews(db: Db, rows: Page[], viewerId: string | null): Promise<PageView[]> {
  if (rows.length === 0) return [];
  return withPageExtras(rows, await loadPageExtras(db, rows.map((row) => row.id), viewerId));
}

/** What a PageView adds to its row, read for pages by id (a detail reads it beside the row itself). */
export interface PageExtras {
  labels: Array<{ pageId: string; labelId: string }>;
  links: Array<{ pageId: string; projectId: string }>;
  /** The viewer's favourites among the pages; null without a viewer. */
  favorites: Set<string> | null;
}

/** The extras of pages by id (`withPageExtras` attaches them). */
export async function loadPageExtras(db: Db, ids: string[], viewerId: string | null): Promise<PageExtras> {
  const [labels, links, favorite] = await Promise.all([
    sendPrepared(db.select({ pageId: pageLabels.pageId, labelId: pageLabels.labelId }).from(pageLabels).where(and(inArray(pageLabels.pageId, ids), isNull(pageLabels.deletedAt)))),
    sendPrepared(db.select({ pageId: pageProjects.pageId, projectId: pageProjects.projectId }).from(pageProjects).where(and(inArray(pageProjects.pageId, ids), isNull(pageProjects.deletedAt)))),
    viewerId ? favoritedAmong(db, viewerId, 'page', ids) : null,
  ]);
  return { labels, links, favorites: favorite };
}

/** The PageViews of `rows` with their extras. */
export function withPageExtras(rows: Page[], { labels, links, favorites: favorite }: PageExtras): PageView[] {
  return rows.map((row) => ({
    ...row,
    labelIds: labels.filter((label) => label.pageId === row.id).map((label) => label.labelId),
    projectIds: links.filter((link) => link.pageId === row.id).map((link) => link.projectId),
    isFavorite: favorite ? favorite.has(row.id) : null,
  }));
}

// Built once (db/reusable-statement.ts): every page GET and write starts with it.
const pageOfProject = reusableStatement((db) =>
  db
    .select({ page: pages })
    .from(pages)
    .innerJoin(pageProjects, and(eq(pageProjects.pageId, pages.id), eq(pageProjects.projectId, sql.placeholder('projectId')), isNull(pageProjects.deletedAt)))
    .where(and(eq(pages.id, sql.placeholder('pageId')), isNull(pages.deletedAt)))
    .limit(1)
    .prepare('page_of_project'),
);

/** The live page `pageId` if it belongs to project `projectId`, else null. */
export async function findProjectPage(db: Db, projectId: string, pageId: string): Promise<Page | null> {
  const [row] = await pageOfProject(db, { pageId, projectId });
  return row?.page ?? null;
}

export interface PageListFilter {
  rootOnly?: boolean;
  archivedOnly?: boolean;
  search?: string;
  favoritesOf?: string;
}

/** Live pages of a project, newest first; visibility is filtered by the caller. */
export async function projectPages(db: Db, projectId: string, filter: PageListFilter = {}): Promise<Page[]> {
  const conditions = [isNull(pages.deletedAt)];
  if (filter.rootOnly) conditions.push(isNull(pages.parentId));
  if (filter.archivedOnly) conditions.push(sql`${pages.archivedAt} is not null`);
  if (filter.search) conditions.push(ilike(pages.name, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const query = db
    .select({ page: pages })
    .from(pages)
    .innerJoin(pageProjects, and(eq(pageProjects.pageId, pages.id), eq(pageProjects.projectId, projectId), isNull(pageProjects.deletedAt)));
  const rows = filter.favoritesOf
    ? await query
        .innerJoin(favorites, and(eq(favorites.entityType, 'page'), eq(favorites.entityIdentifier, pages.id), eq(favorites.userId, filter.favoritesOf)))
        .where(and(...conditions))
        .orderBy(desc(pages.createdAt))
    : await query.where(and(...conditions)).orderBy(desc(pages.createdAt));
  return rows.map((row) => row.page);
}
