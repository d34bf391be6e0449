// Estimate schemes of a project with their points (sorted by key, spec §9).
import { useMemo } from 'react';
import { http } from '../api/http';
import type { Estimate as WireEstimate, EstimatePoint } from '../api/types';
import { reportFailure } from './toast-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath } from './api-paths';
import { loadOnce, replaceProjectRows } from './project-scoped';
import { isUndone, pastUndoWindow } from './undo-window';

/** An estimate scheme as the store keeps it: the wire row, tagged with its project as `project_id` like every project-scoped store. */
export type Estimate = WireEstimate & { project_id: string };

// A live change names the project as `project`; the store's rows carry it as `project_id` too.
const estimates = createEntityStore<Estimate>({ fromChange: (data) => ({ ...(data as unknown as Estimate), project_id: String(data.project) }) });
export const useEstimateStore = estimates.useStore;

/** `GET …/estimates/`. @throws ApiError */
export async function fetchEstimates(slug: string, projectId: string): Promise<Estimate[]> {
  try {
    const rows = (await http.get<WireEstimate[]>(`${projectPath(slug, projectId)}/estimates/`)).map((row) => ({ ...row, project_id: projectId }));
    applyProjectEstimates(slug, projectId, rows);
    return rows;
  } catch (error) {
    reportFailure('toast.estimatesFetchFailed', error);
    throw error;
  }
}

/** Puts a project's estimates (an answer of `…/estimates/`, or the local cache's copy of one) in the store. */
export function applyProjectEstimates(slug: string, projectId: string, rows: WireEstimate[]): void {
  replaceProjectRows(estimates, slug, projectId, rows.map((row) => ({ ...row, project_id: projectId })));
}

/** A live `estimate` change (a scheme or one of its points changed). */
export const applyEstimateChange = (change: ChangeMessage): void => estimates.applyChange(change);

/** `POST …/estimates/ {estimate, estimate_points}`. @throws ApiError */
export async function createEstimate(slug: string, projectId: string, name: string, values: string[]): Promise<Estimate> {
  try {
    const row = await http.post<WireEstimate>(
      `${projectPath(slug, projectId)}/estimates/`,
      { estimate: { name, type: 'categories' }, estimate_points: values.map((value, key) => ({ key, value })) },
      { mutationId: createMutationId() },
    );
    const estimate = { ...row, project_id: projectId };
    estimates.upsert(estimate);
    return estimate;
  } catch (error) {
    reportFailure('toast.estimateCreateFailed', error);
    throw error;
  }
}

/** `DELETE …/estimates/{id}/`, optimistic; with `undoWindow` sent only once it has passed. */
export async function deleteEstimate(slug: string, estimate: Estimate, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  try {
    await estimates.mutate({ mutationId, kind: 'delete', id: estimate.id }, async () => {
      await pastUndoWindow(options.undoWindow);
      await http.delete(`${projectPath(slug, estimate.project_id)}/estimates/${estimate.id}/`, { mutationId });
    });
  } catch (error) {
    if (isUndone(error)) return;
    reportFailure('toast.estimateDeleteFailed', error);
    throw error;
  }
}

const estimateLoader = loadOnce((slug, projectId) => fetchEstimates(slug, projectId), (projectId) => estimates.getRows().some((row) => row.project_id === projectId));
/**
 * Loads a project's estimates once per page load while a component shows them and nobody loaded
 * them yet (global and profile lists show issues of many projects). A failure is already toasted.
 */
export const useEnsureEstimates = estimateLoader.useEnsure;

/** Estimates of a project; their points sorted by key. */
export function useProjectEstimates(projectId: string | undefined): Estimate[] {
  const rows = estimates.useRows();
  return useMemo(
    () => rows.filter((row) => row.project_id === projectId).map((row) => ({ ...row, points: [...(row.points ?? [])].sort((a, b) => a.key - b.key) })),
    [rows, projectId],
  );
}

/** Every estimate point by id (for showing an issue's estimate). */
export function useEstimatePointMap(): Map<string, EstimatePoint> {
  const rows = estimates.useRows();
  return useMemo(() => new Map(rows.flatMap((row) => (row.points ?? []).map((point) => [point.id, point] as const))), [rows]);
}
