// Turns module rows into the wire shapes of reference §3/§9: ModuleListItem, ModuleDetail and the
// module link.
import type { Module, ModuleLink } from '../../../../db/schema/index';
import { isoDateTime, presentStamps } from '../../../presenters/dates';

/** Issue counts and estimate points of one module, per state group (non-archived, non-draft issues). */
export interface ModuleStats {
  total: number;
  backlog: number;
  unstarted: number;
  started: number;
  completed: number;
  cancelled: number;
  subIssues: number;
  points: { total: number; backlog: number; unstarted: number; started: number; completed: number; cancelled: number };
}

export const EMPTY_MODULE_STATS: ModuleStats = {
  total: 0,
  backlog: 0,
  unstarted: 0,
  started: 0,
  completed: 0,
  cancelled: 0,
  subIssues: 0,
  points: { total: 0, backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 },
};

/** A module row with what its wire shape aggregates. `isFavorite` is null for shared change events. */
export interface ModuleView extends Module {
  memberIds: string[];
  stats: ModuleStats;
  isFavorite: boolean | null;
}

/** ModuleListItem (reference §3) plus `archived_at`, authorship and `version`. */
export function presentModule(row: ModuleView) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    name: row.name,
    description: row.description,
    description_text: row.description,
    description_html: row.descriptionHtml,
    start_date: row.startDate,
    target_date: row.targetDate,
    status: row.status,
    lead_id: row.leadId,
    member_ids: [...row.memberIds].sort(),
    view_props: row.viewProps,
    sort_order: row.sortOrder,
    external_source: row.externalSource,
    external_id: row.externalId,
    logo_props: row.logoProps,
    ...(row.isFavorite === null ? {} : { is_favorite: row.isFavorite }),
    total_issues: row.stats.total,
    completed_issues: row.stats.completed,
    cancelled_issues: row.stats.cancelled,
    started_issues: row.stats.started,
    unstarted_issues: row.stats.unstarted,
    backlog_issues: row.stats.backlog,
    total_estimate_points: row.stats.points.total,
    completed_estimate_points: row.stats.points.completed,
    archived_at: isoDateTime(row.archivedAt),
    ...presentStamps(row),
    version: row.version,
  };
}

/** A module link (reference §9 `link_module`). */
export function presentModuleLink(row: ModuleLink) {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    metadata: row.metadata,
    module: row.moduleId,
    project: row.projectId,
    workspace: row.workspaceId,
    ...presentStamps(row),
    version: row.version,
  };
}

/** ModuleDetail: the list item plus its links, sub-issue count and points per state group. */
export function presentModuleDetail(row: ModuleView, links: ModuleLink[]) {
  return {
    ...presentModule(row),
    link_module: links.map(presentModuleLink),
    sub_issues: row.stats.subIssues,
    backlog_estimate_points: row.stats.points.backlog,
    unstarted_estimate_points: row.stats.points.unstarted,
    started_estimate_points: row.stats.points.started,
    cancelled_estimate_points: row.stats.points.cancelled,
  };
}
