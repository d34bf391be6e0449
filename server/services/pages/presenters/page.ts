// Turns page rows into the wire shapes of reference §9 (Page, PageDetail, PageVersion) and the
// favorite row a page favorite creates.
import type { Favorite, Page, PageVersion } from '../../../../db/schema/index';
import { isoDateTime, isoDay, presentStamps } from '../../../presenters/dates';

/** A page row with what its wire shape aggregates. `isFavorite` is null for shared change events. */
export interface PageView extends Page {
  labelIds: string[];
  projectIds: string[];
  isFavorite: boolean | null;
}

/** The Page object of lists (reference §9), plus `version`. */
export function presentPage(row: PageView) {
  return {
    id: row.id,
    name: row.name,
    owned_by: row.ownedById,
    access: row.access,
    color: row.color,
    parent: row.parentId,
    ...(row.isFavorite === null ? {} : { is_favorite: row.isFavorite }),
    is_locked: row.isLocked,
    archived_at: isoDay(row.archivedAt),
    workspace: row.workspaceId,
    ...presentStamps(row),
    view_props: row.viewProps,
    logo_props: row.logoProps,
    label_ids: [...row.labelIds].sort(),
    project_ids: [...row.projectIds].sort(),
    anchor: null,
    version: row.version,
  };
}

/** PageDetail: the Page object plus `description_html` (and `issue_ids` on retrieve). */
export function presentPageDetail(row: PageView, issueIds?: string[]) {
  return {
    ...presentPage(row),
    description_html: row.descriptionHtml,
    ...(issueIds ? { issue_ids: issueIds } : {}),
  };
}

/** A page version in the list form (no content). */
export function presentPageVersion(row: PageVersion) {
  return {
    id: row.id,
    workspace: row.workspaceId,
    page: row.pageId,
    last_saved_at: isoDateTime(row.lastSavedAt),
    owned_by: row.ownedById,
    ...presentStamps(row),
  };
}

/** A page version with its content; the Yjs state is base64. */
export function presentPageVersionDetail(row: PageVersion) {
  return {
    ...presentPageVersion(row),
    description_binary: row.descriptionBinary ? Buffer.from(row.descriptionBinary).toString('base64') : null,
    description_html: row.descriptionHtml,
    description_json: row.descriptionJson,
  };
}

/** The favorite row of a favorited page (the shape of `user-favorites/`). */
export function presentPageFavorite(row: Favorite, pageName: string) {
  return {
    id: row.id,
    name: row.name,
    entity_type: row.entityType,
    entity_identifier: row.entityIdentifier,
    entity_data: { name: pageName },
    project_id: row.projectId,
    parent: row.parentId,
    is_folder: row.isFolder,
    sequence: row.sequence,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    created_at: isoDateTime(row.createdAt),
    updated_at: isoDateTime(row.updatedAt),
    version: row.version,
  };
}
