// A project's publish settings (`…/project-deploy-boards/`): whether it is published (anchor),
// publish, unpublish and the board toggles. Toggles show at once and roll back with a toast.
import { create } from 'zustand';
import { http } from '../api/http';
import type { DeployBoard } from '../api/types';
import { reportFailure } from './toast-store';
import { createMutationId } from './create-entity-store';
import { projectPath } from './api-paths';

export type DeployBoardToggle = 'is_comments_enabled' | 'is_reactions_enabled' | 'is_votes_enabled';
export const DEPLOY_BOARD_TOGGLES: readonly DeployBoardToggle[] = ['is_comments_enabled', 'is_reactions_enabled', 'is_votes_enabled'];

const useBoards = create<{ boards: Record<string, DeployBoard> }>(() => ({ boards: {} }));
const boardsPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/project-deploy-boards/`;
const setBoard = (projectId: string, board: DeployBoard) => useBoards.setState((state) => ({ boards: { ...state.boards, [projectId]: board } }));

/** `GET …/project-deploy-boards/` — the board, or the blank unpublished one (id and anchor null). */
export async function fetchDeployBoard(slug: string, projectId: string): Promise<DeployBoard> {
  const board = await http.get<DeployBoard>(boardsPath(slug, projectId));
  setBoard(projectId, board);
  return board;
}

/** `POST …/project-deploy-boards/ {is_comments_enabled, is_reactions_enabled, is_votes_enabled}`. @throws ApiError */
export async function publishProject(slug: string, projectId: string, options: Pick<DeployBoard, DeployBoardToggle>): Promise<void> {
  try {
    setBoard(projectId, await http.post<DeployBoard>(boardsPath(slug, projectId), options, { mutationId: createMutationId() }));
  } catch (error) {
    reportFailure('toast.publishFailed', error);
    throw error;
  }
}

/** `DELETE …/project-deploy-boards/{id}/`. @throws ApiError */
export async function unpublishProject(slug: string, projectId: string, board: DeployBoard): Promise<void> {
  if (!board.id) return;
  try {
    await http.delete(`${boardsPath(slug, projectId)}${encodeURIComponent(board.id)}/`, { mutationId: createMutationId() });
    setBoard(projectId, { ...board, id: null, anchor: null });
  } catch (error) {
    reportFailure('toast.unpublishFailed', error);
    throw error;
  }
}

/** `PATCH …/project-deploy-boards/{id}/`, optimistic; a failure puts the old value back and toasts. */
export async function updateDeployBoard(slug: string, projectId: string, board: DeployBoard, patch: Partial<Pick<DeployBoard, DeployBoardToggle>>): Promise<void> {
  if (!board.id) return;
  setBoard(projectId, { ...board, ...patch });
  try {
    setBoard(projectId, await http.patch<DeployBoard>(`${boardsPath(slug, projectId)}${encodeURIComponent(board.id)}/`, patch, { mutationId: createMutationId() }));
  } catch (error) {
    setBoard(projectId, board);
    reportFailure('toast.publishUpdateFailed', error);
    throw error;
  }
}

/** The loaded board of a project, if any. */
export function useDeployBoard(projectId: string): DeployBoard | undefined {
  return useBoards((state) => state.boards[projectId]);
}

/** Test/teardown helper. */
export const resetDeployBoards = (): void => useBoards.setState({ boards: {} });
