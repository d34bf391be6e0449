// Members of one workspace (GET /api/workspaces/{slug}/members/), with optimistic role changes
// and removals that roll back by dropping their pending mutation.
import { useMemo } from 'react';
import { create } from 'zustand';
import { http } from '../api/http';
import type { WorkspaceMember } from '../api/types';
import { createEntityStore, createMutationId } from './create-entity-store';

const members = createEntityStore<WorkspaceMember>();
/** Raw store (confirmed + pending). Prefer `useMembers`. */
export const useMemberStore = members.useStore;

const membersPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/members/`;

/** `GET /api/workspaces/{slug}/members/`. @throws ApiError */
export async function fetchMembers(slug: string): Promise<WorkspaceMember[]> {
  members.setStatus(slug, 'loading');
  try {
    const rows = await http.get<WorkspaceMember[]>(membersPath(slug));
    members.setAll(slug, rows);
    return rows;
  } catch (error) {
    members.setStatus(slug, 'error', error);
    throw error;
  }
}

/** `PATCH …/members/{id}/ {role}`, shown at once. @throws ApiError (then the old role is back). */
export function updateMemberRole(slug: string, memberId: string, role: number): Promise<void> {
  const mutationId = createMutationId();
  return members.mutate({ mutationId, kind: 'update', id: memberId, patch: { role } }, async () => {
    const answer = await http.patch<WorkspaceMember>(`${membersPath(slug)}${memberId}/`, { role }, { mutationId });
    // The PATCH answer nests member as UserLite; keep the richer row we already have.
    const current = members.useStore.getState().confirmed.get(memberId);
    return current ? { ...current, role: answer?.role ?? role } : answer;
  });
}

/** `DELETE …/members/{id}/`, hidden at once. @throws ApiError (then the row is back). */
export function removeMember(slug: string, memberId: string): Promise<void> {
  const mutationId = createMutationId();
  return members.mutate({ mutationId, kind: 'delete', id: memberId }, async () => {
    await http.delete(`${membersPath(slug)}${memberId}/`, { mutationId });
  });
}

/** Members of a workspace as shown in settings: no bots, active first, then by display name. */
export function useMembers(slug: string): WorkspaceMember[] {
  const rows = members.useRows(slug);
  return useMemo(
    () =>
      rows
        .filter((row) => !row.member?.is_bot)
        .sort(
          (a, b) =>
            Number(b.is_active !== false) - Number(a.is_active !== false) ||
            (a.member?.display_name ?? '').localeCompare(b.member?.display_name ?? ''),
        ),
    [rows],
  );
}

/** Load status of the members list for a workspace. */
export function useMembersStatus(slug: string) {
  return members.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}

export const resetMembers = members.reset;

// ---- Project members (GET/POST …/projects/{id}/members/, PATCH/DELETE …/members/{id}/) ----

/** A project membership row as the list returns it (`member` is the user id). */
export interface ProjectMember {
  id: string;
  role: number;
  member: string;
  project?: string;
}

const useProjectMemberStore = create<{ byProject: Record<string, ProjectMember[]> }>(() => ({ byProject: {} }));

const projectMembersPath = (slug: string, projectId: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/members/`;

/** `GET …/projects/{id}/members/`. @throws ApiError */
export async function fetchProjectMembers(slug: string, projectId: string): Promise<ProjectMember[]> {
  const rows = await http.get<ProjectMember[]>(projectMembersPath(slug, projectId));
  useProjectMemberStore.setState((state) => ({ byProject: { ...state.byProject, [projectId]: rows } }));
  return rows;
}

/** `POST …/members/ {members:[{member_id, role}]}`. @throws ApiError */
export async function addProjectMembers(slug: string, projectId: string, entries: { member_id: string; role: number }[]): Promise<void> {
  await http.post(projectMembersPath(slug, projectId), { members: entries });
  await fetchProjectMembers(slug, projectId);
}

/** `PATCH …/members/{id}/ {role}`, shown at once, restored on failure. @throws ApiError */
export async function updateProjectMemberRole(slug: string, projectId: string, membershipId: string, role: number): Promise<void> {
  const before = useProjectMemberStore.getState().byProject[projectId] ?? [];
  const set = (rows: ProjectMember[]) => useProjectMemberStore.setState((state) => ({ byProject: { ...state.byProject, [projectId]: rows } }));
  set(before.map((row) => (row.id === membershipId ? { ...row, role } : row)));
  try {
    await http.patch(`${projectMembersPath(slug, projectId)}${membershipId}/`, { role }, { mutationId: createMutationId() });
  } catch (error) {
    set(before);
    throw error;
  }
}

/** `DELETE …/members/{id}/`, hidden at once, restored on failure. @throws ApiError */
export async function removeProjectMember(slug: string, projectId: string, membershipId: string): Promise<void> {
  const before = useProjectMemberStore.getState().byProject[projectId] ?? [];
  const set = (rows: ProjectMember[]) => useProjectMemberStore.setState((state) => ({ byProject: { ...state.byProject, [projectId]: rows } }));
  set(before.filter((row) => row.id !== membershipId));
  try {
    await http.delete(`${projectMembersPath(slug, projectId)}${membershipId}/`, { mutationId: createMutationId() });
  } catch (error) {
    set(before);
    throw error;
  }
}

const EMPTY_PROJECT_MEMBERS: ProjectMember[] = [];

/** Membership rows of one project. */
export function useProjectMembers(projectId: string | undefined): ProjectMember[] {
  return useProjectMemberStore((state) => (projectId ? state.byProject[projectId] : undefined) ?? EMPTY_PROJECT_MEMBERS);
}

/** Every known user of the workspace by user id (from the workspace member list). */
export function useMemberUserMap(): Map<string, WorkspaceMember['member']> {
  const rows = members.useRows();
  return useMemo(() => new Map(rows.filter((row) => row.member).map((row) => [row.member.id, row.member])), [rows]);
}

/**
 * Users who can be assigned in a project: its members with role ≥ Member, sorted by display
 * name. Falls back to every workspace member while the project list is not loaded.
 */
export function useAssignableUsers(projectId: string | undefined): WorkspaceMember['member'][] {
  const memberships = useProjectMembers(projectId);
  const users = useMemberUserMap();
  return useMemo(() => {
    const ids = memberships.length > 0 ? memberships.filter((row) => row.role >= 15).map((row) => row.member) : [...users.keys()];
    return ids
      .map((id) => users.get(id))
      .filter((user): user is WorkspaceMember['member'] => Boolean(user) && !user?.is_bot)
      .sort((a, b) => (a.display_name ?? '').localeCompare(b.display_name ?? ''));
  }, [memberships, users]);
}
