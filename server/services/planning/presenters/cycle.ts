// Cycle rows → the wire CycleListItem (reference §2.3, §9); counts come from the row's stats, or
// from the progress snapshot once unfinished issues were transferred out (reference §2.3).
import type { Cycle } from '../../../../db/schema/index';
import { cycleStatus } from '../../../../shared/cycle';
import { isoDateTime, presentStamps } from '../../../presenters/dates';

/** Per-state-group counts and estimate points of a cycle's listed issues. */
export interface CycleStats {
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  cancelled_estimate_points: number;
  started_estimate_points: number;
  unstarted_estimate_points: number;
  backlog_estimate_points: number;
}

export const EMPTY_STATS: CycleStats = {
  total_issues: 0,
  completed_issues: 0,
  cancelled_issues: 0,
  started_issues: 0,
  unstarted_issues: 0,
  backlog_issues: 0,
  total_estimate_points: 0,
  completed_estimate_points: 0,
  cancelled_estimate_points: 0,
  started_estimate_points: 0,
  unstarted_estimate_points: 0,
  backlog_estimate_points: 0,
};

/** A cycle row with what the list item adds to it. */
export interface CycleRow extends Cycle {
  stats: CycleStats;
  assigneeIds: string[];
  isFavorite: boolean;
}

/** The frozen numbers of a transferred cycle (reference §2.3), when it has them. */
export function snapshotStats(snapshot: unknown): CycleStats | null {
  const value = snapshot as Partial<CycleStats> | null;
  if (!value || typeof value.total_issues !== 'number') return null;
  const stats = { ...EMPTY_STATS };
  for (const key of Object.keys(EMPTY_STATS) as Array<keyof CycleStats>) {
    if (typeof value[key] === 'number') stats[key] = value[key];
  }
  return stats;
}

export function presentCycle(row: CycleRow, now: Date = new Date()) {
  const stats = snapshotStats(row.progressSnapshot) ?? row.stats;
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    name: row.name,
    description: row.description,
    start_date: isoDateTime(row.startDate),
    end_date: isoDateTime(row.endDate),
    owned_by_id: row.ownedById,
    view_props: row.viewProps,
    sort_order: row.sortOrder,
    external_source: row.externalSource,
    external_id: row.externalId,
    progress_snapshot: (row.progressSnapshot ?? {}) as Record<string, unknown>,
    logo_props: row.logoProps,
    timezone: row.timezone,
    is_favorite: row.isFavorite,
    total_issues: stats.total_issues,
    completed_issues: stats.completed_issues,
    cancelled_issues: stats.cancelled_issues,
    started_issues: stats.started_issues,
    unstarted_issues: stats.unstarted_issues,
    backlog_issues: stats.backlog_issues,
    total_estimate_points: stats.total_estimate_points,
    completed_estimate_points: stats.completed_estimate_points,
    assignee_ids: row.assigneeIds,
    status: cycleStatus(row.startDate, row.endDate, now),
    archived_at: isoDateTime(row.archivedAt),
    version: row.version,
    ...presentStamps(row),
  };
}
export type CycleListItem = ReturnType<typeof presentCycle>;
