// Projects of the current workspace: list, create, update, archive/restore, delete, join, and the
// caller's sidebar order (PATCH user-properties sort_order). Changes show at once and roll back.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { Project as WireProject } from '../api/types';
import { reportFailure } from './toast-store';
import { createEntityStore, createMutationId } from './create-entity-store';
import { projectPath, workspacePath } from './api-paths';
import type { ChangeMessage } from '../../shared/live-protocol';

/** A project as `projects/details/` and the live stream send it (shared/schemas/project.ts). */
export type Project = WireProject;

interface ProjectInput {
  name: string;
  identifier: string;
  description?: string;
  network?: number;
  project_lead?: string | null;
}

// A live event carries the project as any member sees it: keep my own membership and order.
const projects = createEntityStore<Project>({
  fromChange: (data, current) => ({ ...(data as unknown as Project), ...(current ? { sort_order: current.sort_order, member_role: current.member_role, is_member: current.is_member } : {}) }),
});
/** Raw store. Prefer the hooks. */
export const useProjectStore = projects.useStore;

/**
 * `GET /api/workspaces/{ws}/projects/details/`: the same projects as `projects/`, as full Project
 * objects. The flat list lacks description, estimate, intake_view and time tracking, so screens fed
 * by it showed those as empty or off after a reload although the server held them (issue #10).
 * @throws ApiError
 */
export async function fetchProjects(slug: string): Promise<Project[]> {
  if (useProjectStore.getState().scope !== slug || useProjectStore.getState().status !== 'ready') projects.setStatus(slug, 'loading');
  try {
    const rows = await http.get<Project[]>(`${workspacePath(slug)}/projects/details/`);
    applyProjects(slug, rows);
    return rows;
  } catch (error) {
    projects.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Puts the workspace's projects (an answer of `projects/details/`, or the local cache's copy of one) in the store. */
export function applyProjects(slug: string, rows: Project[]): void {
  projects.setAll(slug, rows.map((row) => ({ ...row, is_member: row.is_member ?? row.member_role != null })));
}

/** Loads the projects once per workspace. */
export async function ensureProjects(slug: string): Promise<Project[]> {
  const state = useProjectStore.getState();
  if (state.scope === slug && state.status === 'ready') return [...state.confirmed.values()];
  return fetchProjects(slug);
}

/** `POST /api/workspaces/{ws}/projects/`. @throws ApiError (400 with field errors) */
export async function createProject(slug: string, input: ProjectInput): Promise<Project> {
  const project = await http.post<Project>(`${workspacePath(slug)}/projects/`, input, { mutationId: createMutationId() });
  // The creator is the project's admin, whatever the answer says of the viewer.
  projects.upsert({ ...project, member_role: project.member_role ?? 20, is_member: true });
  return project;
}

/** `GET /api/workspaces/{ws}/project-identifiers/?name=` → true when the identifier is taken. */
export async function isIdentifierTaken(slug: string, identifier: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await http.get<{ exists: number }>(`${workspacePath(slug)}/project-identifiers/`, { name: identifier.toUpperCase() }, signal);
  return Number(answer.exists) > 0;
}

/** `PATCH …/projects/{id}/`, optimistic; a failure rolls back, re-fetches and toasts. @throws ApiError */
export async function updateProject(slug: string, projectId: string, patch: Partial<Project>): Promise<void> {
  const mutationId = createMutationId();
  try {
    await projects.mutate({ mutationId, kind: 'update', id: projectId, patch }, async () => {
      const answer = await http.patch<Project>(`${projectPath(slug, projectId)}/`, patch, { mutationId });
      const current = useProjectStore.getState().confirmed.get(projectId);
      return { ...current, ...answer } as Project;
    });
  } catch (error) {
    reportFailure('toast.projectUpdateFailed', error);
    resyncProjects(slug);
    throw error;
  }
}

/**
 * Re-reads the list after a failed change. The failure itself is already toasted; if this re-read
 * fails too, the rolled-back list stays and the next load corrects it, so a second toast would be noise.
 */
function resyncProjects(slug: string): void {
  void fetchProjects(slug).catch(() => undefined);
}

/** `POST …/archive/` (archive) or `DELETE …/archive/` (restore), optimistic with rollback. */
export async function setProjectArchived(slug: string, projectId: string, archived: boolean): Promise<void> {
  const mutationId = createMutationId();
  const path = `${projectPath(slug, projectId)}/archive/`;
  try {
    await projects.mutate(
      { mutationId, kind: 'update', id: projectId, patch: { archived_at: archived ? new Date().toISOString() : null } },
      async () => {
        const current = useProjectStore.getState().confirmed.get(projectId);
        if (archived) {
          const answer = await http.post<{ archived_at: string }>(path, {}, { mutationId });
          return { ...current, archived_at: answer?.archived_at ?? new Date().toISOString() } as Project;
        }
        await http.delete(path, { mutationId });
        return { ...current, archived_at: null } as Project;
      },
    );
  } catch (error) {
    reportFailure(archived ? 'toast.projectArchiveFailed' : 'toast.projectRestoreFailed', error);
    resyncProjects(slug);
    throw error;
  }
}

/** `DELETE …/projects/{id}/`, optimistic with rollback. */
export async function deleteProject(slug: string, projectId: string): Promise<void> {
  const mutationId = createMutationId();
  try {
    await projects.mutate({ mutationId, kind: 'delete', id: projectId }, async () => {
      await http.delete(`${projectPath(slug, projectId)}/`, { mutationId });
    });
  } catch (error) {
    reportFailure('toast.projectDeleteFailed', error);
    resyncProjects(slug);
    throw error;
  }
}

/** `POST /api/users/me/workspaces/{ws}/projects/invitations/ {project_ids}`: join public projects. */
export async function joinProjects(slug: string, projectIds: string[], workspaceRole = 15): Promise<void> {
  await http.post(`/api/users/me/workspaces/${encodeURIComponent(slug)}/projects/invitations/`, { project_ids: projectIds });
  for (const id of projectIds) {
    const current = useProjectStore.getState().confirmed.get(id);
    if (current) projects.upsert({ ...current, is_member: true, member_role: workspaceRole });
  }
}

/** Saves my sidebar position of a project (`PATCH …/user-properties/ {sort_order}`), rolling back on failure. */
export async function reorderProject(slug: string, projectId: string, sortOrder: number): Promise<void> {
  const mutationId = createMutationId();
  try {
    await projects.mutate({ mutationId, kind: 'update', id: projectId, patch: { sort_order: sortOrder } }, async () => {
      await http.patch(`${projectPath(slug, projectId)}/user-properties/`, { sort_order: sortOrder }, { mutationId });
    });
  } catch (error) {
    reportFailure('toast.projectReorderFailed', error);
    throw error;
  }
}

/** Applies a live `project` change. */
export const applyProjectChange = (change: ChangeMessage): void => projects.applyChange(change);

/** Sidebar order: my sort_order ascending, then name. */
function compareProjects(a: Project, b: Project): number {
  return (a.sort_order ?? Number.MAX_SAFE_INTEGER) - (b.sort_order ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);
}

/** All projects of a workspace as the user should see them (pending changes applied). */
export function useProjects(slug: string | undefined): Project[] {
  return projects.useRows(slug ?? null);
}

/** The projects I am a member of that are not archived, in my sidebar order. */
export function useJoinedProjects(slug: string | undefined): Project[] {
  const rows = useProjects(slug);
  return useMemo(() => rows.filter((row) => row.is_member && !row.archived_at).sort(compareProjects), [rows]);
}

/** One project by id. */
export function useProject(projectId: string | undefined): Project | undefined {
  const rows = projects.useRows();
  return useMemo(() => rows.find((row) => row.id === projectId), [rows, projectId]);
}

/** Looks a project up outside React. */
export function getProject(projectId: string): Project | undefined {
  return useProjectStore.getState().confirmed.get(projectId);
}

/** Test/teardown helper. */
export const resetProjects = (): void => {
  projects.reset();
};
/** Seeds projects (tests, local cache). */
export const setProjects = (slug: string, rows: Project[]): void => projects.setAll(slug, rows);
