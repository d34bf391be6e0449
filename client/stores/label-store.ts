// Labels of the workspace's projects (nested through `parent`, ordered by sort_order): load,
// create, update, move/reorder (midpoint sort_order), delete — optimistic with rollback.
import type { Label as WireLabel, StoreRow } from '../api/types';
import { useMemo } from 'react';
import { http } from '../api/http';
import { isUndone, pastUndoWindow } from './undo-window';
import { reportFailure } from './toast-store';
import { sortOrderBetween } from '../../shared/sort-order';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath, workspacePath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';
import { replaceProjectRows } from './project-scoped';

/** Label as the store keeps it, inferred from the server's response schema (shared/schemas). */
// This store holds a project's labels, so `project_id` (nullable on the wire for workspace labels) is set.
export type Label = StoreRow<WireLabel, 'id' | 'name' | 'color' | 'parent' | 'sort_order'> & { project_id: string };

const labels = createEntityStore<Label>();
export const useLabelStore = labels.useStore;

/** `GET …/projects/{id}/issue-labels/`. @throws ApiError */
export async function fetchProjectLabels(slug: string, projectId: string): Promise<Label[]> {
  const rows = await http.get<Label[]>(`${projectPath(slug, projectId)}/issue-labels/`);
  applyProjectLabels(slug, projectId, rows);
  return rows;
}

/** Puts a project's labels (an answer of `…/issue-labels/`, or the local cache's copy of one) in the store. */
export const applyProjectLabels = (slug: string, projectId: string, rows: Label[]): void => replaceProjectRows(labels, slug, projectId, rows);

/** `GET /api/workspaces/{ws}/labels/`. @throws ApiError */
export async function fetchWorkspaceLabels(slug: string): Promise<Label[]> {
  const rows = await http.get<Label[]>(`${workspacePath(slug)}/labels/`);
  labels.setAll(slug, rows);
  return rows;
}

/** `POST …/issue-labels/`. @throws ApiError */
export async function createLabel(slug: string, projectId: string, input: { name: string; color: string; parent?: string | null }): Promise<Label> {
  const row = await http.post<Label>(`${projectPath(slug, projectId)}/issue-labels/`, input, { mutationId: createMutationId() });
  labels.upsert({ ...row, project_id: row.project_id ?? projectId });
  return row;
}

/** `PATCH …/issue-labels/{id}/`, optimistic. @throws ApiError */
export async function updateLabel(slug: string, label: Label, patch: Partial<Label>): Promise<void> {
  const mutationId = createMutationId();
  try {
    await labels.mutate({ mutationId, kind: 'update', id: label.id, patch }, async () => {
      const answer = await http.patch<Label>(`${projectPath(slug, label.project_id)}/issue-labels/${label.id}/`, patch, { mutationId });
      return { ...label, ...patch, ...answer };
    });
  } catch (error) {
    reportFailure('toast.labelUpdateFailed', error, { name: label.name });
    throw error;
  }
}

/**
 * Moves a label under `parent` and before `beforeId` (or last). Does nothing if the label is
 * missing, or when the parent is unchanged and there is no target (spec §5).
 */
export function moveLabel(slug: string, labelId: string, parent: string | null, beforeId: string | null): Promise<void> | undefined {
  const all = [...useLabelStore.getState().confirmed.values()];
  const label = all.find((row) => row.id === labelId);
  if (!label) return undefined;
  if (label.parent === parent && beforeId === null) return undefined;
  const siblings = all.filter((row) => row.project_id === label.project_id && row.parent === parent && row.id !== labelId).sort((a, b) => a.sort_order - b.sort_order);
  const index = beforeId ? siblings.findIndex((row) => row.id === beforeId) : siblings.length;
  const at = index < 0 ? siblings.length : index;
  const sortOrder = sortOrderBetween(siblings[at - 1]?.sort_order, siblings[at]?.sort_order);
  return updateLabel(slug, label, { parent, sort_order: sortOrder });
}

/** `DELETE …/issue-labels/{id}/`, optimistic; with `undoWindow` sent only once it has passed. */
export async function deleteLabel(slug: string, label: Label, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  try {
    await labels.mutate({ mutationId, kind: 'delete', id: label.id }, async () => {
      await pastUndoWindow(options.undoWindow);
      await http.delete(`${projectPath(slug, label.project_id)}/issue-labels/${label.id}/`, { mutationId });
    });
  } catch (error) {
    if (isUndone(error)) return;
    reportFailure('toast.labelDeleteFailed', error, { name: label.name });
    throw error;
  }
}

export const applyLabelChange = (change: ChangeMessage): void => labels.applyChange(change);

/** Labels of a project ordered by sort_order. */
export function useProjectLabels(projectId: string | undefined): Label[] {
  const rows = labels.useRows();
  return useMemo(() => rows.filter((row) => row.project_id === projectId).sort((a, b) => a.sort_order - b.sort_order), [rows, projectId]);
}

export function useLabelMap(): Map<string, Label> {
  const rows = labels.useRows();
  return useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
}

export const setLabels = (slug: string, rows: Label[]): void => labels.setAll(slug, rows);
