// Turns a saved view row into the IssueView wire shape of reference §9 (plus is_locked, anchor and
// version). `is_favorite` is left out when the row carries no caller (shared change events).
import type { View } from '../../../../db/schema/index';
import { isoDateTime, presentStamps } from '../../../presenters/dates';

export function presentView(row: View & { isFavorite: boolean | null }) {
  return {
    id: row.id,
    workspace: row.workspaceId,
    project: row.projectId,
    name: row.name,
    description: row.description,
    query: row.query,
    filters: row.filters,
    display_filters: row.displayFilters,
    display_properties: row.displayProperties,
    rich_filters: row.richFilters,
    access: row.access,
    sort_order: row.sortOrder,
    logo_props: row.logoProps,
    owned_by: row.ownedById,
    is_locked: row.isLocked,
    ...(row.isFavorite === null ? {} : { is_favorite: row.isFavorite }),
    anchor: row.anchor,
    archived_at: isoDateTime(row.archivedAt),
    ...presentStamps(row),
    version: row.version,
  };
}
