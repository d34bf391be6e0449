// Saved views (reference §4, API.md "Views", spec §4 Views): a workspace's project views and global
// (workspace) views in one store — list, create ("save as view"), update, lock/unlock, public or
// private, favorite and delete with an undo window — applied at once and rolled back on failure.
// Live `view` events keep every list current; the server sends a private view's events to its
// owner only (others get a delete when a shared view turns private).
import { useMemo } from 'react';
import type { View as WireView } from '../api/types';
import { http } from '../api/http';
import { reportFailure } from './toast-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import { ViewAccess } from '../../shared/visibility';
import { createEntityStore, createMutationId, temporaryId } from './create-entity-store';
import { projectPath, workspacePath } from './api-paths';
import { isUndone, pastUndoWindow } from './undo-window';

export type View = WireView;

/** What a view saves: its filters and how its list is shown (spec §3 View). */
export interface ViewContent {
  filters: Record<string, string[]>;
  display_filters: Record<string, unknown>;
  display_properties: Record<string, unknown>;
}

interface ViewInput extends Partial<ViewContent> {
  name: string;
  description?: string;
  access?: ViewAccess;
}

// Change events carry no per-user favorite flag: keep the one the store knows.
const views = createEntityStore<View>({
  fromChange: (data, current) => ({ ...(data as unknown as View), is_favorite: current?.is_favorite ?? false }),
});
export const useViewStore = views.useStore;

/** The views path of a project (`projectId`) or of the workspace (null). */
function viewsPath(slug: string, projectId: string | null): string {
  return projectId ? `${projectPath(slug, projectId)}/views` : `${workspacePath(slug)}/views`;
}

const pathOf = (slug: string, view: Pick<View, 'id' | 'project'>) => `${viewsPath(slug, view.project)}/${view.id}`;

/** Replaces the rows of one level (a project's views, or the global ones), keeping the others. */
function keepOthers(slug: string, projectId: string | null, rows: View[]) {
  const state = views.useStore.getState();
  const kept = state.scope === slug ? [...state.confirmed.values()].filter((row) => row.project !== projectId) : [];
  views.setAll(slug, [...kept, ...rows]);
}

/** `GET …/views/` of a project, or of the workspace when `projectId` is null. @throws ApiError */
export async function fetchViews(slug: string, projectId: string | null): Promise<View[]> {
  if (views.useStore.getState().scope !== slug) views.setStatus(slug, 'loading');
  try {
    const rows = await http.get<View[]>(`${viewsPath(slug, projectId)}/`);
    keepOthers(slug, projectId, rows);
    return rows;
  } catch (error) {
    views.setStatus(slug, 'error', error);
    throw error;
  }
}

/** `GET …/views/{id}/`. @throws ApiError (404 for a view that is gone or someone else's private one) */
export async function fetchView(slug: string, projectId: string | null, viewId: string): Promise<View> {
  const row = await http.get<View>(`${viewsPath(slug, projectId)}/${viewId}/`);
  if (views.useStore.getState().scope !== slug) views.setAll(slug, []);
  views.upsert(row);
  return row;
}

/** `POST …/views/`: "save as view" (a private one is created private). @throws ApiError */
export async function createView(slug: string, projectId: string | null, input: ViewInput): Promise<View> {
  const mutationId = createMutationId();
  const now = new Date().toISOString();
  const draft = {
    id: temporaryId(mutationId),
    workspace: '',
    project: projectId,
    name: input.name,
    description: input.description ?? '',
    query: input.filters ?? {},
    filters: input.filters ?? {},
    display_filters: input.display_filters ?? {},
    display_properties: input.display_properties ?? {},
    rich_filters: {},
    access: input.access ?? ViewAccess.PUBLIC,
    sort_order: 0,
    logo_props: {},
    owned_by: null,
    is_locked: false,
    is_favorite: false,
    anchor: null,
    archived_at: null,
    created_at: now,
    updated_at: now,
    created_by: null,
    updated_by: null,
    version: 0,
  } satisfies View;
  let created: View | undefined;
  try {
    await views.mutate({ mutationId, kind: 'create', id: draft.id, row: draft }, async () => {
      created = await http.post<View>(`${viewsPath(slug, projectId)}/`, input, { mutationId });
      return created;
    });
  } catch (error) {
    reportFailure('views.toast.createFailed', error);
    throw error;
  }
  return created!;
}

async function optimistic(view: View, patch: Partial<View>, send: (mutationId: string) => Promise<View | void>) {
  const mutationId = createMutationId();
  try {
    await views.mutate({ mutationId, kind: 'update', id: view.id, patch }, async () => {
      const answer = await send(mutationId);
      return answer ? { ...answer, is_favorite: view.is_favorite } : undefined;
    });
  } catch (error) {
    reportFailure('views.toast.updateFailed', error, { name: view.name });
    throw error;
  }
}

/** `PATCH …/views/{id}/` (owner, unlocked); with a changed access the access call follows (spec §4). @throws ApiError */
export async function updateView(slug: string, view: View, patch: Partial<ViewInput>): Promise<void> {
  const { access, ...fields } = patch;
  if (Object.keys(fields).length > 0) {
    await optimistic(view, fields as Partial<View>, (mutationId) => http.patch<View>(`${pathOf(slug, view)}/`, fields, { mutationId }));
  }
  if (access !== undefined && access !== view.access) await setViewAccess(slug, views.getRow(view.id) ?? view, access);
}

/** `POST` / `DELETE …/views/{id}/lock/` (owner). */
export function setViewLocked(slug: string, view: View, locked: boolean): Promise<void> {
  const url = `${pathOf(slug, view)}/lock/`;
  return optimistic(view, { is_locked: locked }, async (mutationId) => {
    if (locked) await http.post(url, {}, { mutationId });
    else await http.delete(url, { mutationId });
  });
}

/** `POST …/views/{id}/access/` (owner): 0 public, 1 private. */
export function setViewAccess(slug: string, view: View, access: ViewAccess): Promise<void> {
  return optimistic(view, { access }, async (mutationId) => {
    await http.post(`${pathOf(slug, view)}/access/`, { access }, { mutationId });
  });
}

/** Favorite on or off: project views through `user-favorite-views/`, global views through `user-favorites/`. */
export async function setViewFavorite(slug: string, view: View, favorite: boolean): Promise<void> {
  await optimistic(view, { is_favorite: favorite }, async (mutationId) => {
    if (view.project) {
      if (favorite) await http.post(`${projectPath(slug, view.project)}/user-favorite-views/`, { view: view.id }, { mutationId });
      else await http.delete(`${projectPath(slug, view.project)}/user-favorite-views/${view.id}/`, { mutationId });
    } else if (favorite) {
      await http.post(`${workspacePath(slug)}/user-favorites/`, { entity_type: 'view', entity_identifier: view.id, project_id: null }, { mutationId });
    } else {
      // The generic favorites API deletes by favorite id: find mine for this view.
      const mine = await http.get<Array<{ id: string; entity_type: string; entity_identifier: string | null }>>(`${workspacePath(slug)}/user-favorites/`);
      const favoriteId = mine.find((row) => row.entity_type === 'view' && row.entity_identifier === view.id)?.id;
      if (favoriteId) await http.delete(`${workspacePath(slug)}/user-favorites/${favoriteId}/`, { mutationId });
    }
  }).catch(() => undefined);
}

/**
 * `DELETE …/views/{id}/` (owner or admin), hidden at once. With `undoWindow` the request waits for
 * it; Undo shows the view again and sends nothing. @throws ApiError
 */
export async function deleteView(slug: string, view: View, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  try {
    await views.mutate({ mutationId, kind: 'delete', id: view.id }, async () => {
      await pastUndoWindow(options.undoWindow);
      await http.delete(`${pathOf(slug, view)}/`, { mutationId });
    });
  } catch (error) {
    // Undo is not a failure: the view is simply shown again.
    if (!isUndone(error)) reportFailure('views.toast.deleteFailed', error, { name: view.name });
    throw error;
  }
}

export const applyViewChange = (change: ChangeMessage): void => views.applyChange(change);

/** Favorites first, then most recently updated (spec §9: the view list defaults to updated_at descending). */
function byFavoriteThenUpdated(a: View, b: View): number {
  if (Boolean(a.is_favorite) !== Boolean(b.is_favorite)) return a.is_favorite ? -1 : 1;
  const [x, y] = [a.updated_at ?? '', b.updated_at ?? ''];
  return x < y ? 1 : x > y ? -1 : 0;
}

/** The views of a project, or the workspace's global views (null), as shown. */
export function useViews(slug: string, projectId: string | null): View[] {
  const rows = views.useRows(slug);
  return useMemo(() => rows.filter((row) => row.project === projectId && !row.archived_at).sort(byFavoriteThenUpdated), [rows, projectId]);
}

export const useViewsStatus = () => views.useStore((state) => state.status);
export const useView = (viewId: string | undefined): View | undefined => views.useRow(viewId);
export const getView = (viewId: string): View | undefined => views.getRow(viewId);
export const resetViews = (): void => views.reset();

/** What the caller may do with a view (the server decides; this only hides controls). */
export function viewPermissions(view: Pick<View, 'owned_by' | 'is_locked'>, me: string | undefined, role: { isAdmin: boolean; isMember: boolean }) {
  const owner = Boolean(me) && view.owned_by === me;
  return {
    owner,
    canEdit: owner && !view.is_locked,
    canLock: owner,
    canChangeAccess: owner,
    canDelete: owner || role.isAdmin,
    canFavorite: role.isMember,
  };
}
