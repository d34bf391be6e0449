// Per-user saved list settings (reference §1.6.10) on the wire: stored keys over the spec §9 defaults,
// so a fresh row already reads as layout list, sort_order, no grouping and every property shown.
import type { CycleUserProperty, ModuleUserProperty, ProjectUserProperty, WorkspaceUserProperty } from '../../../../db/schema/index';
import { DEFAULT_DISPLAY_PROPERTIES, IssueContext, defaultDisplayFilters } from '../../../../shared/display';
import { isoDateTime } from '../../../presenters/dates';

/** Filter keys of spec §3 "Filter sets", all unset. */
export const DEFAULT_FILTERS: Readonly<Record<string, null>> = Object.freeze(
  Object.fromEntries(
    ['priority', 'state', 'state_group', 'assignees', 'mentions', 'created_by', 'labels', 'cycle', 'module', 'start_date', 'target_date', 'project', 'subscriber', 'issue_type'].map(
      (key) => [key, null],
    ),
  ),
);

/** Project preferences a fresh row starts with (reference §1.6.10). */
const DEFAULT_PREFERENCES: Readonly<Record<string, unknown>> = Object.freeze({
  pages: Object.freeze({ block_display: true }),
  navigation: Object.freeze({ default_tab: 'work_items', hide_in_more_menu: Object.freeze([]) }),
});

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** filters / display_filters / display_properties / rich_filters with the defaults of a list context filled in. */
function presentSavedFilters(
  row: { filters: unknown; displayFilters: unknown; displayProperties: unknown; richFilters: unknown },
  context: IssueContext = IssueContext.PROJECT,
) {
  return {
    filters: { ...DEFAULT_FILTERS, ...asObject(row.filters) },
    display_filters: { ...defaultDisplayFilters(context), calendar_date_range: '', ...asObject(row.displayFilters) },
    display_properties: { ...DEFAULT_DISPLAY_PROPERTIES, ...asObject(row.displayProperties) },
    rich_filters: asObject(row.richFilters),
  };
}

/** Stored preference keys over the defaults (top-level keys replace, as a PATCH does). */
function presentPreferences(stored: unknown): Json {
  return structuredClone({ ...DEFAULT_PREFERENCES, ...asObject(stored) });
}

/** The base columns; these rows are never soft-deleted, so `deleted_at` is always null. */
export function authorship(row: { createdAt: Date; updatedAt: Date; createdBy: string | null; updatedBy: string | null }) {
  return {
    created_at: isoDateTime(row.createdAt),
    updated_at: isoDateTime(row.updatedAt),
    deleted_at: null,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}

/** A cycle's per-user settings. */
export function presentCycleUserProperties(row: CycleUserProperty) {
  return { id: row.id, user: row.userId, cycle: row.cycleId, project: row.projectId, workspace: row.workspaceId, ...presentSavedFilters(row, IssueContext.CYCLE), ...authorship(row) };
}

/** A module's per-user settings. */
export function presentModuleUserProperties(row: ModuleUserProperty) {
  return { id: row.id, user: row.userId, module: row.moduleId, project: row.projectId, workspace: row.workspaceId, ...presentSavedFilters(row, IssueContext.MODULE), ...authorship(row) };
}

/** The workspace copy used by global views (defaults not wrapped one level deeper: reference quirk fixed). */
export function presentWorkspaceUserProperties(row: WorkspaceUserProperty) {
  return { id: row.id, user: row.userId, workspace: row.workspaceId, ...presentSavedFilters(row, IssueContext.GLOBAL), ...authorship(row) };
}

/** The caller's per-project settings (ProjectUserProperty of reference §5.2). */
export function presentProjectUserProperties(row: ProjectUserProperty) {
  return {
    id: row.id,
    user: row.userId,
    project: row.projectId,
    workspace: row.workspaceId,
    // Stored keys over the spec §9 defaults (layout list, order sort_order, every property shown).
    ...presentSavedFilters(row),
    preferences: presentPreferences(row.preferences),
    sort_order: row.sortOrder,
    ...authorship(row),
  };
}
