// Members of one workspace (GET /api/workspaces/{slug}/members/), with optimistic role changes
// and removals that roll back by dropping their pending mutation.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { ProjectMemberRole, WorkspaceMember } from '../api/types';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';
import { can, memberContext } from '../../shared/permission-table';

const members = createEntityStore<WorkspaceMember>();
/** Raw store (confirmed + pending). Prefer `useMembers`. */
export const useMemberStore = members.useStore;

const membersPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/members/`;

/** `GET /api/workspaces/{slug}/members/`. @throws ApiError */
export async function fetchMembers(slug: string): Promise<WorkspaceMember[]> {
  members.setStatus(slug, 'loading');
  try {
    const rows = await http.get<WorkspaceMember[]>(membersPath(slug));
    applyMembers(slug, rows);
    return rows;
  } catch (error) {
    members.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Puts the workspace's members (an answer of `…/members/`, or the local cache's copy of one) in the store. */
export const applyMembers = (slug: string, rows: WorkspaceMember[]): void => members.setAll(slug, rows);

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

// ---- Project members (GET/POST …/projects/{id}/members/, PATCH/DELETE …/members/{id}/) ----

// Every loaded project's memberships in one entity store, each row tagged with its project.
const projectMembers = createEntityStore<ProjectMemberRole>();
/** Raw store of the project memberships (confirmed + pending). Prefer `useProjectMembers`. */
export const useProjectMemberStore = projectMembers.useStore;

const projectMembersPath = (slug: string, projectId: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/members/`;

/** `GET …/projects/{id}/members/`: replaces that project's rows, keeping other projects'. @throws ApiError */
export async function fetchProjectMembers(slug: string, projectId: string): Promise<ProjectMemberRole[]> {
  const rows = await http.get<ProjectMemberRole[]>(projectMembersPath(slug, projectId));
  applyProjectMembers(projectId, rows);
  return rows;
}

/** Puts a project's members (an answer of `…/members/`, or the local cache's copy of one) in the store. */
export function applyProjectMembers(projectId: string, rows: ProjectMemberRole[]): void {
  const others = [...projectMembers.useStore.getState().confirmed.values()].filter((row) => row.project !== projectId);
  projectMembers.setAll(null, [...others, ...rows.map((row) => ({ ...row, project: projectId }))]);
}

/** `POST …/members/ {members:[{member_id, role}]}`. @throws ApiError */
export async function addProjectMembers(slug: string, projectId: string, entries: { member_id: string; role: number }[]): Promise<void> {
  await http.post(projectMembersPath(slug, projectId), { members: entries });
  await fetchProjectMembers(slug, projectId);
}

/** `PATCH …/members/{id}/ {role}`, shown at once, dropped on failure. @throws ApiError */
export function updateProjectMemberRole(slug: string, projectId: string, membershipId: string, role: number): Promise<void> {
  const mutationId = createMutationId();
  return projectMembers.mutate({ mutationId, kind: 'update', id: membershipId, patch: { role } }, async () => {
    await http.patch(`${projectMembersPath(slug, projectId)}${membershipId}/`, { role }, { mutationId });
  });
}

/** `DELETE …/members/{id}/`, hidden at once, back on failure. @throws ApiError */
export function removeProjectMember(slug: string, projectId: string, membershipId: string): Promise<void> {
  const mutationId = createMutationId();
  return projectMembers.mutate({ mutationId, kind: 'delete', id: membershipId }, async () => {
    await http.delete(`${projectMembersPath(slug, projectId)}${membershipId}/`, { mutationId });
  });
}

/** A live `member` change: a project membership (the event names its project) or a workspace membership. */
export function applyMemberChange(change: ChangeMessage): void {
  if (change.project_id) projectMembers.applyChange(change);
  else members.applyChange(change);
}

const EMPTY_PROJECT_MEMBERS: ProjectMemberRole[] = [];

/** Membership rows of one project (empty until loaded). */
export function useProjectMembers(projectId: string | undefined): ProjectMemberRole[] {
  const rows = projectMembers.useRows();
  return useMemo(() => {
    const mine = rows.filter((row) => row.project === projectId);
    return mine.length > 0 ? mine : EMPTY_PROJECT_MEMBERS;
  }, [rows, projectId]);
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
    const ids = memberships.length > 0 ? memberships.filter((row) => can('project.edit', memberContext(null, row.role))).map((row) => row.member) : [...users.keys()];
    return ids
      .map((id) => users.get(id))
      .filter((user): user is WorkspaceMember['member'] => Boolean(user) && !user?.is_bot)
      .sort((a, b) => (a.display_name ?? '').localeCompare(b.display_name ?? ''));
  }, [memberships, users]);
}
