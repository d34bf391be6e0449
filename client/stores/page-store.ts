// Pages of one project (spec §4 Pages): list, create, rename, access, lock, archive/restore,
// favorite, delete, duplicate — applied at once and rolled back on failure — plus the rules the
// screens use to show only the actions the caller may take (shared/policies/page.ts).
import { useMemo } from 'react';
import { http } from '../api/http';
import type { Page as WirePage, PageDetail } from '../api/types';
import { reportFailure } from './toast-store';
import {
  canArchivePage,
  canChangePageAccess,
  canDeletePage,
  canDuplicatePage,
  canEditPageContent,
  canFavoritePage,
  canLockPage,
  type Actor,
} from '../../shared/policies/page';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';
import { PageAccess } from '../../shared/visibility';

/** A page as the lists send it (shared/schemas/page.ts); one opened page also carries its description. */
export type Page = WirePage & Partial<Pick<PageDetail, 'description_html'>>;

export const PageTab = { PUBLIC: 'public', PRIVATE: 'private', ARCHIVED: 'archived' } as const;
export type PageTab = (typeof PageTab)[keyof typeof PageTab];
export const PageSortKey = { NAME: 'name', CREATED_AT: 'created_at', UPDATED_AT: 'updated_at' } as const;
export type PageSortKey = (typeof PageSortKey)[keyof typeof PageSortKey];

// Live events carry no per-user favorite flag: keep mine. The store holds one project's pages
// (its scope is `slug/projectId`): changes of that project only.
const pages = createEntityStore<Page>({
  accepts: (change, scope) => scope === scopeOf(change.workspace, change.project_id ?? ''),
  fromChange: (data, current) => ({ ...(data as unknown as Page), ...(current ? { is_favorite: current.is_favorite } : {}) }),
});
export const usePageStore = pages.useStore;

const scopeOf = (slug: string, projectId: string) => `${slug}/${projectId}`;
const pagesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/pages`;

/** `GET …/pages/` (archived included; the tabs split them). @throws ApiError */
export async function fetchPages(slug: string, projectId: string): Promise<Page[]> {
  const scope = scopeOf(slug, projectId);
  pages.setStatus(scope, 'loading');
  try {
    const [roots, archived] = await Promise.all([
      http.get<Page[]>(`${pagesPath(slug, projectId)}/`),
      http.get<Page[]>(`${projectPath(slug, projectId)}/archived-pages/`),
    ]);
    const byId = new Map([...roots, ...archived].map((row) => [row.id, row]));
    pages.setAll(scope, [...byId.values()]);
    return [...byId.values()];
  } catch (error) {
    pages.setStatus(scope, 'error', error);
    reportFailure('pages.toast.fetchFailed', error);
    throw error;
  }
}

/** `GET …/pages/{id}/`. @throws ApiError */
export async function fetchPage(slug: string, projectId: string, pageId: string): Promise<Page> {
  const row = await http.get<Page>(`${pagesPath(slug, projectId)}/${pageId}/`);
  pages.upsert(row);
  return row;
}

/** `POST …/pages/`. @throws ApiError */
export async function createPage(slug: string, projectId: string, input: { name: string; access: number }): Promise<Page> {
  try {
    const row = await http.post<Page>(`${pagesPath(slug, projectId)}/`, input, { mutationId: createMutationId() });
    pages.upsert(row);
    return row;
  } catch (error) {
    reportFailure('pages.toast.createFailed', error);
    throw error;
  }
}

async function optimistic(page: Page, patch: Partial<Page>, send: (mutationId: string) => Promise<unknown>, failure: Parameters<typeof reportFailure>[0]) {
  const mutationId = createMutationId();
  try {
    await pages.mutate({ mutationId, kind: 'update', id: page.id, patch }, async () => {
      const answer = await send(mutationId);
      // A 204 answer has no row: the store then confirms the patch over the current row.
      return answer && typeof answer === 'object' && 'id' in answer ? { ...page, ...patch, ...(answer as Page) } : undefined;
    });
  } catch (error) {
    reportFailure(failure, error, { name: page.name });
    throw error;
  }
}

/** `PATCH …/pages/{id}/` (the title autosave uses it). @throws ApiError; the change is rolled back. */
export function updatePage(slug: string, projectId: string, page: Page, patch: Partial<Pick<Page, 'name' | 'color' | 'parent'>>) {
  return optimistic(page, patch, (mutationId) => http.patch(`${pagesPath(slug, projectId)}/${page.id}/`, patch, { mutationId }), 'pages.toast.updateFailed');
}

/** `POST …/pages/{id}/access/`. */
export function setPageAccess(slug: string, projectId: string, page: Page, access: PageAccess) {
  return optimistic(page, { access }, (mutationId) => http.post(`${pagesPath(slug, projectId)}/${page.id}/access/`, { access }, { mutationId }), 'pages.toast.updateFailed');
}

/** `POST` / `DELETE …/pages/{id}/lock/`. */
export function setPageLocked(slug: string, projectId: string, page: Page, locked: boolean) {
  const url = `${pagesPath(slug, projectId)}/${page.id}/lock/`;
  return optimistic(page, { is_locked: locked }, (mutationId) => (locked ? http.post(url, {}, { mutationId }) : http.delete(url, { mutationId })), 'pages.toast.updateFailed');
}

/** `POST` / `DELETE …/pages/{id}/archive/`; archiving also drops the favorite (spec §4). */
export function setPageArchived(slug: string, projectId: string, page: Page, archived: boolean) {
  const url = `${pagesPath(slug, projectId)}/${page.id}/archive/`;
  const patch: Partial<Page> = archived ? { archived_at: new Date().toISOString().slice(0, 10), is_favorite: false } : { archived_at: null };
  return optimistic(page, patch, (mutationId) => (archived ? http.post(url, {}, { mutationId }) : http.delete(url, { mutationId })), 'pages.toast.updateFailed');
}

/** `POST` / `DELETE …/favorite-pages/{id}/`. */
export function setPageFavorite(slug: string, projectId: string, page: Page, favorite: boolean) {
  const url = `${projectPath(slug, projectId)}/favorite-pages/${page.id}/`;
  return optimistic(page, { is_favorite: favorite }, (mutationId) => (favorite ? http.post(url, {}, { mutationId }) : http.delete(url, { mutationId })), 'pages.toast.updateFailed');
}

/** `DELETE …/pages/{id}/` (only archived pages). */
export async function deletePage(slug: string, projectId: string, page: Page): Promise<void> {
  const mutationId = createMutationId();
  try {
    await pages.mutate({ mutationId, kind: 'delete', id: page.id }, () => http.delete(`${pagesPath(slug, projectId)}/${page.id}/`, { mutationId }));
  } catch (error) {
    reportFailure('pages.toast.deleteFailed', error);
    throw error;
  }
}

/** `POST …/pages/{id}/duplicate/`. @throws ApiError */
export async function duplicatePage(slug: string, projectId: string, page: Page): Promise<Page> {
  try {
    const row = await http.post<Page>(`${pagesPath(slug, projectId)}/${page.id}/duplicate/`, {}, { mutationId: createMutationId() });
    pages.upsert(row);
    return row;
  } catch (error) {
    reportFailure('pages.toast.createFailed', error);
    throw error;
  }
}

/** Applies a live 'page' change (the store keeps the per-user favorite flag). */
export const applyPageChange = (change: ChangeMessage): void => pages.applyChange(change);

/** Pages of one tab, sorted (spec §9: name, created_at or updated_at; default updated_at descending). */
export function selectPages(rows: Page[], tab: PageTab, sort: { key: PageSortKey; descending: boolean }, favoritesOnly = false): Page[] {
  const inTab = rows.filter((page) => {
    if (favoritesOnly && !page.is_favorite) return false;
    if (tab === PageTab.ARCHIVED) return page.archived_at !== null;
    if (page.archived_at !== null || page.parent !== null) return false;
    return tab === PageTab.PRIVATE ? page.access === PageAccess.PRIVATE : page.access === PageAccess.PUBLIC;
  });
  const direction = sort.descending ? -1 : 1;
  return inTab.sort((a, b) => {
    const left = sort.key === PageSortKey.NAME ? (a.name || '').toLowerCase() : (a[sort.key] ?? '');
    const right = sort.key === PageSortKey.NAME ? (b.name || '').toLowerCase() : (b[sort.key] ?? '');
    return left < right ? -direction : left > right ? direction : 0;
  });
}

/** The pages of a project as shown (confirmed + pending). */
export function useProjectPages(slug: string, projectId: string): Page[] {
  return pages.useRows(scopeOf(slug, projectId));
}

/** One page as shown, or undefined. */
export function usePage(pageId: string): Page | undefined {
  const rows = pages.useRows();
  return useMemo(() => rows.find((row) => row.id === pageId), [rows, pageId]);
}

/** Which page actions the caller may take (spec §6); the server decides, this only hides controls. */
export function pagePermissions(actor: Actor, page: Page) {
  const row = { owned_by: page.owned_by, access: page.access, is_locked: page.is_locked, archived_at: page.archived_at };
  return {
    canEdit: canEditPageContent(actor, row),
    canEditTitle: canEditPageContent(actor, row),
    canDuplicate: canDuplicatePage(actor, row),
    canLock: canLockPage(actor, row),
    canChangeAccess: canChangePageAccess(actor, row),
    canArchive: canArchivePage(actor, row),
    canDelete: canDeletePage(actor, row) && page.archived_at !== null,
    canFavorite: canFavoritePage(actor, row) && page.archived_at === null,
  };
}
