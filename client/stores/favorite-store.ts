// My favorites (projects, views, pages… and folders). Toggles apply locally first and roll back on
// failure; folder children are grouped under their parent; higher sequence sorts first.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { Favorite as WireFavorite, StoreRow } from '../api/types';
import { reportFailure } from './toast-store';
import { createEntityStore, createMutationId, temporaryId } from './create-entity-store';
import { workspacePath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';

/**
 * A favorite as the store keeps it, inferred from the server's response schema: an optimistic row
 * has only what the sidebar places and names it by (its `name`; `entity_data` comes with the answer).
 */
export type Favorite = StoreRow<WireFavorite, 'id' | 'entity_type' | 'entity_identifier' | 'is_folder' | 'sequence' | 'parent'>;

interface FavoriteNode extends Favorite {
  children: Favorite[];
}

const favorites = createEntityStore<Favorite>();
export const useFavoriteStore = favorites.useStore;

/** `GET …/user-favorites/?all=true`, then the children of each folder. @throws ApiError */
export async function fetchFavorites(slug: string): Promise<Favorite[]> {
  const top = await http.get<Favorite[]>(`${workspacePath(slug)}/user-favorites/`, { all: true });
  const children = await Promise.all(
    top.filter((row) => row.is_folder).map((folder) => http.get<Favorite[]>(`${workspacePath(slug)}/user-favorites/${folder.id}/group/`).catch(() => [])),
  );
  const rows = [...top, ...children.flat()];
  favorites.setAll(slug, rows);
  return rows;
}

/** Adds a favorite at once; the temporary row is swapped for the server's, or removed on failure. */
export async function addFavorite(slug: string, input: { entity_type: string; entity_identifier: string | null; project_id?: string | null; name?: string; is_folder?: boolean; parent?: string | null }): Promise<Favorite | null> {
  const mutationId = createMutationId();
  const maxSequence = Math.max(0, ...favorites.getRows().map((row) => row.sequence ?? 0));
  const temp: Favorite = {
    id: temporaryId(mutationId),
    entity_type: input.entity_type,
    entity_identifier: input.entity_identifier,
    entity_data: null,
    name: input.name ?? null,
    is_folder: input.is_folder ?? false,
    parent: input.parent ?? null,
    project_id: input.project_id ?? null,
    sequence: maxSequence + 10000,
  };
  let saved: Favorite | null = null;
  try {
    await favorites.mutate({ mutationId, kind: 'create', id: temp.id, row: temp }, async () => {
      saved = await http.post<Favorite>(
        `${workspacePath(slug)}/user-favorites/`,
        { ...input, entity_data: { name: input.name ?? '' }, is_folder: input.is_folder ?? false, parent: input.parent ?? null },
        { mutationId },
      );
      return saved;
    });
    return saved;
  } catch (error) {
    reportFailure('toast.favoriteFailed', error);
    return null;
  }
}

/** Deletes a favorite (and, for a folder, its children) at once; they come back on failure. */
export async function removeFavorite(slug: string, favoriteId: string): Promise<void> {
  const mutationId = createMutationId();
  const removed = favorites.getRows().filter((row) => row.id === favoriteId || row.parent === favoriteId);
  try {
    await favorites.mutate(removed.map((row) => ({ mutationId, kind: 'delete' as const, id: row.id })), async () => {
      await http.delete(`${workspacePath(slug)}/user-favorites/${favoriteId}/`, { mutationId });
    });
  } catch (error) {
    reportFailure('toast.favoriteFailed', error);
  }
}

/** Moves a favorite into a folder (or out with null) and/or to a new sequence, optimistic. */
export async function moveFavorite(slug: string, favoriteId: string, patch: { parent?: string | null; sequence?: number }): Promise<void> {
  const mutationId = createMutationId();
  try {
    await favorites.mutate({ mutationId, kind: 'update', id: favoriteId, patch }, async () => {
      const answer = await http.patch<Favorite | undefined>(`${workspacePath(slug)}/user-favorites/${favoriteId}/`, patch, { mutationId });
      return answer ? { ...favorites.getRow(favoriteId), ...patch, ...answer } : undefined;
    });
  } catch (error) {
    reportFailure('toast.favoriteFailed', error);
  }
}

/** Adds or removes the favorite of an entity (a project: `entity_type: "project"`). */
export function toggleFavorite(slug: string, entity: { entity_type: string; entity_identifier: string; project_id?: string | null; name: string }): Promise<unknown> {
  const existing = favorites.getRows().find(
    (row) => row.entity_type === entity.entity_type && row.entity_identifier === entity.entity_identifier,
  );
  return existing ? removeFavorite(slug, existing.id) : addFavorite(slug, entity);
}

export const applyFavoriteChange = (change: ChangeMessage): void => favorites.applyChange(change);

/** Top-level favorites (higher sequence first), folders with their children. */
export function useFavoriteTree(slug: string | undefined): FavoriteNode[] {
  const rows = favorites.useRows(slug ?? null);
  return useMemo(() => buildFavoriteTree(rows), [rows]);
}

/** Groups folder children under their parent; both levels sorted by sequence, highest first. */
export function buildFavoriteTree(rows: Favorite[]): FavoriteNode[] {
  const bySequence = (a: Favorite, b: Favorite) => (b.sequence ?? 0) - (a.sequence ?? 0);
  const ids = new Set(rows.map((row) => row.id));
  return rows
    .filter((row) => !row.parent || !ids.has(row.parent))
    .sort(bySequence)
    .map((row) => ({ ...row, children: row.is_folder ? rows.filter((child) => child.parent === row.id).sort(bySequence) : [] }));
}

export const resetFavorites = (): void => favorites.reset();
