// Turns favorite rows into the Favorite wire shape of reference §9/§13.
import type { Favorite } from '../../../../db/schema/index';

/** The favorited entity as the favorite embeds it: `{id, name, logo_props[, project_id]}`, null for folders and issues. */
export type FavoriteEntityData = { id: string; name: string; logo_props: unknown; project_id?: string | null } | null;

export function presentFavorite(favorite: Favorite, entityData: FavoriteEntityData = null) {
  return {
    id: favorite.id,
    entity_type: favorite.entityType,
    entity_identifier: favorite.entityIdentifier,
    entity_data: entityData,
    name: favorite.name,
    is_folder: favorite.isFolder,
    sequence: favorite.sequence,
    parent: favorite.parentId,
    workspace_id: favorite.workspaceId,
    project_id: favorite.projectId,
    version: favorite.version,
  };
}
