// Members of one workspace (GET /api/workspaces/{slug}/members/), with optimistic role changes
// and removals that roll back by dropping their pending mutation.
import { useMemo } from 'react';
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
