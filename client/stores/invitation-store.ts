// Workspace invitations: those a workspace has sent (settings), those addressed to me
// (onboarding, /invitations), and the token link flow of /workspace-invitations.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { WorkspaceInvitation } from '../api/types';
import { useResource } from '../api/use-resource';
import { createEntityStore, createMutationId } from './create-entity-store';
import { toastOnFailure } from './toast-store';

const sent = createEntityStore<WorkspaceInvitation>();
const mine = createEntityStore<WorkspaceInvitation>();

const invitationsPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/invitations/`;
const MY_INVITATIONS = '/api/users/me/workspaces/invitations/';

export interface InviteRow {
  email: string;
  role: number;
}

/** `GET /api/workspaces/{slug}/invitations/`. @throws ApiError */
export async function fetchWorkspaceInvitations(slug: string): Promise<WorkspaceInvitation[]> {
  sent.setStatus(slug, 'loading');
  try {
    const rows = await http.get<WorkspaceInvitation[]>(invitationsPath(slug));
    sent.setAll(slug, rows);
    return rows;
  } catch (error) {
    sent.setStatus(slug, 'error', error);
    throw error;
  }
}

/**
 * `POST /api/workspaces/{slug}/invitations/ {emails: [{email, role}]}`, then reloads the list
 * when this workspace's list is loaded.
 * @throws ApiError 400 (`{error}`, `workspace_users`).
 */
export async function inviteMembers(slug: string, rows: InviteRow[]): Promise<void> {
  const emails = rows.map((row) => ({ email: row.email.trim().toLowerCase(), role: row.role }));
  await http.post(invitationsPath(slug), { emails }, { mutationId: createMutationId() });
  if (sent.useStore.getState().scope === slug) {
    // The invitations were sent; a list that could not be reloaded is said, since the screen keeps showing the old rows.
    await toastOnFailure(fetchWorkspaceInvitations(slug), 'toast.refreshFailed');
  }
}

/** `PATCH …/invitations/{id}/ {role}`, shown at once. @throws ApiError */
export function updateInvitationRole(slug: string, invitationId: string, role: number): Promise<void> {
  const mutationId = createMutationId();
  return sent.mutate({ mutationId, kind: 'update', id: invitationId, patch: { role } }, () =>
    http.patch<WorkspaceInvitation>(`${invitationsPath(slug)}${invitationId}/`, { role }, { mutationId }),
  );
}

/** `DELETE …/invitations/{id}/`, hidden at once. @throws ApiError */
export function deleteInvitation(slug: string, invitationId: string): Promise<void> {
  const mutationId = createMutationId();
  return sent.mutate({ mutationId, kind: 'delete', id: invitationId }, async () => {
    await http.delete(`${invitationsPath(slug)}${invitationId}/`, { mutationId });
  });
}

/** `GET /api/users/me/workspaces/invitations/`. @throws ApiError */
export async function fetchMyInvitations(): Promise<WorkspaceInvitation[]> {
  mine.setStatus(null, 'loading');
  try {
    const rows = await http.get<WorkspaceInvitation[]>(MY_INVITATIONS);
    mine.setAll(null, rows);
    return rows;
  } catch (error) {
    mine.setStatus(null, 'error', error);
    throw error;
  }
}

/**
 * Reads my invitations into the store while a screen offers them (`/invitations`, onboarding's
 * workspace step), once per visit; `onError` hears a failed read (the screen's banner).
 */
export function useMyInvitationsRead(onError: (error: unknown) => void): void {
  useResource('my-invitations', () => fetchMyInvitations().catch(onError));
}

/** `POST /api/users/me/workspaces/invitations/ {invitations: [ids]}`; accepted invites leave the list. */
export async function acceptInvitations(invitationIds: string[]): Promise<void> {
  await http.post(MY_INVITATIONS, { invitations: invitationIds });
  mine.removeMany(invitationIds);
}

/** `GET /api/workspaces/{slug}/invitations/{id}/join/` (anonymous): the invite behind a link. */
export function fetchInvitationForLink(slug: string, invitationId: string): Promise<WorkspaceInvitation> {
  return http.get<WorkspaceInvitation>(`${invitationsPath(slug)}${encodeURIComponent(invitationId)}/join/`);
}

/**
 * `POST /api/workspaces/{slug}/invitations/{id}/join/ {token, accepted}`.
 * @throws ApiError 403 (token mismatch), 400 (already answered).
 */
export async function respondToInvitationLink(slug: string, invitationId: string, token: string, accepted: boolean): Promise<void> {
  await http.post(`${invitationsPath(slug)}${encodeURIComponent(invitationId)}/join/`, { token, accepted });
}

/** Invitations a workspace has sent and that are still pending, newest first. */
export function useWorkspaceInvitations(slug: string): WorkspaceInvitation[] {
  const rows = sent.useRows(slug);
  return useMemo(
    () => rows.filter((row) => !row.responded_at).sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '')),
    [rows],
  );
}

export function useWorkspaceInvitationsStatus(slug: string) {
  return sent.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}

/** Invitations addressed to me. */
export function useMyInvitations(): WorkspaceInvitation[] {
  return mine.useRows();
}

export function useMyInvitationsStatus() {
  return mine.useStore((state) => state.status);
}
