// Workflow states of the workspace's projects: load, create, update (optimistic), reorder by
// sequence, mark default (which unsets the previous default), delete.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { State as WireState } from '../api/types';
import { reportFailure } from './toast-store';
import type { StateGroup } from '../../shared/issue-constants';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath, workspacePath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';
import { replaceProjectRows } from './project-scoped';
import { isUndone, pastUndoWindow } from './undo-window';

/** A state as the server sends it (shared/schemas/state.ts), its `group` narrowed to the spec's names. */
export type State = Omit<WireState, 'group'> & { group: StateGroup };

const states = createEntityStore<State>();
export const useStateStore = states.useStore;

/** `GET …/projects/{id}/states/`. @throws ApiError */
export async function fetchProjectStates(slug: string, projectId: string): Promise<State[]> {
  const rows = await http.get<State[]>(`${projectPath(slug, projectId)}/states/`);
  applyProjectStates(slug, projectId, rows);
  return rows;
}

/** Puts a project's states (an answer of `…/states/`, or the local cache's copy of one) in the store. */
export const applyProjectStates = (slug: string, projectId: string, rows: State[]): void => replaceProjectRows(states, slug, projectId, rows);

/** `GET /api/workspaces/{ws}/states/`: every state of my projects. @throws ApiError */
export async function fetchWorkspaceStates(slug: string): Promise<State[]> {
  const rows = await http.get<State[]>(`${workspacePath(slug)}/states/`);
  states.setAll(slug, rows);
  return rows;
}

/** `POST …/states/`. @throws ApiError */
export async function createState(slug: string, projectId: string, input: Pick<State, 'name' | 'color' | 'group'> & { description?: string }): Promise<State> {
  const row = await http.post<State>(`${projectPath(slug, projectId)}/states/`, input, { mutationId: createMutationId() });
  states.upsert({ ...row, project_id: row.project_id ?? projectId });
  return row;
}

/** `PATCH …/states/{id}/`, optimistic with revert. @throws ApiError */
export async function updateState(slug: string, state: State, patch: Partial<State>): Promise<void> {
  const mutationId = createMutationId();
  try {
    await states.mutate({ mutationId, kind: 'update', id: state.id, patch }, async () => {
      const answer = await http.patch<State>(`${projectPath(slug, state.project_id)}/states/${state.id}/`, patch, { mutationId });
      return { ...state, ...patch, ...answer };
    });
  } catch (error) {
    reportFailure('toast.stateUpdateFailed', error, { name: state.name });
    throw error;
  }
}

/** `POST …/states/{id}/mark-default/`: this state becomes the only default of its project, at once. */
export async function markStateDefault(slug: string, state: State): Promise<void> {
  const mutationId = createMutationId();
  const siblings = states.getRows().filter((row) => row.project_id === state.project_id && (row.default || row.id === state.id));
  try {
    await states.mutate(siblings.map((row) => ({ mutationId, kind: 'update' as const, id: row.id, patch: { default: row.id === state.id } })), async () => {
      await http.post(`${projectPath(slug, state.project_id)}/states/${state.id}/mark-default/`, {}, { mutationId });
    });
  } catch (error) {
    reportFailure('toast.stateUpdateFailed', error, { name: state.name });
    throw error;
  }
}

/** `DELETE …/states/{id}/`, optimistic. @throws ApiError (default or non-empty state) */
export async function deleteState(slug: string, state: State, options: { undoWindow?: () => Promise<boolean> } = {}): Promise<void> {
  const mutationId = createMutationId();
  try {
    await states.mutate({ mutationId, kind: 'delete', id: state.id }, async () => {
      await pastUndoWindow(options.undoWindow);
      await http.delete(`${projectPath(slug, state.project_id)}/states/${state.id}/`, { mutationId });
    });
  } catch (error) {
    if (isUndone(error)) return;
    reportFailure('toast.stateDeleteFailed', error, { name: state.name });
    throw error;
  }
}

export const applyStateChange = (change: ChangeMessage): void => states.applyChange(change);

/** States of a project ordered by sequence. */
export function useProjectStates(projectId: string | undefined): State[] {
  const rows = states.useRows();
  return useMemo(() => rows.filter((row) => row.project_id === projectId).sort((a, b) => a.sequence - b.sequence), [rows, projectId]);
}

/** Every loaded state by id. */
export function useStateMap(): Map<string, State> {
  const rows = states.useRows();
  return useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
}

export const getState = (id: string | null | undefined): State | undefined => states.getRow(id ?? undefined);

/**
 * The state a new issue of the project gets when none is chosen — the server's rule (the state
 * marked default, else the first; never the triage state) over the states held here (cached
 * offline), so an issue made offline shows the state it will have, not "No State".
 */
export function defaultStateIdOf(projectId: string): string | null {
  const mine = states
    .getRows()
    .filter((row) => row.project_id === projectId && !(row as State & { is_triage?: boolean }).is_triage)
    .sort((a, b) => a.sequence - b.sequence);
  return (mine.find((row) => row.default) ?? mine[0])?.id ?? null;
}

export const setStates = (slug: string, rows: State[]): void => states.setAll(slug, rows);
export const resetStates = (): void => states.reset();
