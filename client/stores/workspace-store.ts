// My workspaces (GET /api/users/me/workspaces/) and which one is current.
import { useMemo } from 'react';
import { create } from 'zustand';
import { http } from '../api/http';
import type { Workspace } from '../api/types';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';
import { updateProfile, useSessionStore } from './session-store';

// A change event carries the workspace as everyone sees it: my role in it stays the one I know.
const workspaces = createEntityStore<Workspace>({ fromChange: (data, current) => ({ ...current, ...(data as unknown as Workspace), role: current?.role ?? (data as unknown as Workspace).role }) });
/** Raw store (confirmed + pending). Prefer the hooks below. */
export const useWorkspaceStore = workspaces.useStore;

const useCurrentWorkspaceStore = create<{ currentSlug: string | null }>(() => ({ currentSlug: null }));

/** `GET /api/users/me/workspaces/`. @throws ApiError */
export async function fetchMyWorkspaces(): Promise<Workspace[]> {
  workspaces.setStatus(null, 'loading');
  try {
    const rows = await http.get<Workspace[]>('/api/users/me/workspaces/');
    workspaces.setAll(null, rows);
    return rows;
  } catch (error) {
    workspaces.setStatus(null, 'error', error);
    throw error;
  }
}

/** A live `workspace` change (renamed, logo, deleted). */
export const applyWorkspaceChange = (change: ChangeMessage): void => workspaces.applyChange(change);

/** Loads my workspaces once. */
export async function ensureWorkspaces(): Promise<Workspace[]> {
  const state = useWorkspaceStore.getState();
  return state.status === 'ready' ? [...state.confirmed.values()] : fetchMyWorkspaces();
}

/**
 * `POST /api/workspaces/ {name, slug}`.
 * @throws ApiError 400 (`{slug: [..]}`, `{error}`), 403 when creation is disabled, 409 on a taken slug.
 */
export async function createWorkspace(input: { name: string; slug: string }): Promise<Workspace> {
  const workspace = await http.post<Workspace>('/api/workspaces/', input);
  workspaces.upsert({ role: 20, ...workspace });
  return workspace;
}

/** `GET /api/workspace-slug-check/?slug=` → true when the slug is free. @throws ApiError */
export async function checkWorkspaceSlug(slug: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await http.get<{ status: boolean }>('/api/workspace-slug-check/', { slug }, signal);
  return answer.status === true;
}

/**
 * `PATCH /api/workspaces/:slug/ {name?, logo?}` (workspace admins), shown at once; my role stays.
 * @throws ApiError 400 (`{name: [..]}`, a URL in the name), 403 below admin — then it is put back.
 */
export function updateWorkspace(slug: string, patch: { name?: string; logo?: string | null }): Promise<void> {
  const current = findWorkspace(slug);
  if (!current) return Promise.resolve();
  const mutationId = createMutationId();
  const shown = patch.logo === undefined ? patch : { ...patch, logo_url: patch.logo };
  return workspaces.mutate({ mutationId, kind: 'update', id: current.id, patch: shown }, async () => {
    const saved = await http.patch<Workspace>(`/api/workspaces/${slug}/`, patch, { mutationId });
    return { ...saved, role: current.role };
  });
}

/**
 * `DELETE /api/workspaces/:slug/` (workspace admins): gone from my list once the server agrees.
 * @throws ApiError 403 below admin.
 */
export function deleteWorkspace(slug: string): Promise<void> {
  const current = findWorkspace(slug);
  if (!current) return Promise.resolve();
  const mutationId = createMutationId();
  return workspaces.mutate({ mutationId, kind: 'delete', id: current.id }, async () => {
    await http.delete(`/api/workspaces/${slug}/`, { mutationId });
  });
}

/** Makes a workspace current and remembers it as the profile's last workspace. */
export function setCurrentWorkspace(slug: string): void {
  useCurrentWorkspaceStore.setState({ currentSlug: slug });
  const workspace = findWorkspace(slug);
  const profile = useSessionStore.getState().profile;
  if (workspace && profile && profile.last_workspace_id !== workspace.id) {
    // Best effort: the redirect rules read it next time; a failure changes nothing visible.
    void updateProfile({ last_workspace_id: workspace.id }).catch(() => undefined);
  }
}

/** The workspace with this slug among mine, if any. */
export function findWorkspace(slug: string): Workspace | undefined {
  for (const workspace of useWorkspaceStore.getState().confirmed.values()) {
    if (workspace.slug === slug) return workspace;
  }
  return undefined;
}

/** My workspaces, sorted by name. */
export function useWorkspaces(): Workspace[] {
  const rows = workspaces.useRows();
  return useMemo(() => [...rows].sort((a, b) => a.name.localeCompare(b.name)), [rows]);
}

/** The workspace with this slug, or undefined while loading or when I am not a member. */
export function useWorkspace(slug: string | null | undefined): Workspace | undefined {
  const rows = workspaces.useRows();
  return useMemo(() => rows.find((workspace) => workspace.slug === slug), [rows, slug]);
}

/** The current workspace's slug. */
export function useCurrentWorkspaceSlug(): string | null {
  return useCurrentWorkspaceStore((state) => state.currentSlug);
}
