// The GitHub repository sync of a project (spec §7 "Projects", issue #15): the workspace's GitHub
// installation (`GET/POST /api/workspaces/{slug}/workspace-integrations/[github/]`) and the project's
// sync (`GET/POST …/projects/{id}/workspace-integrations/{integrationId}/github-repository-sync/`).
// The import runs in the server's job queue, not in this client, so while a run is active its
// progress is polled (there is no live event for a job's counters). The token is sent, never read.
import { useCallback, useEffect } from 'react';
import { http } from '../api/http';
import type { RepositorySync, WorkspaceIntegration } from '../api/types';
import { createEntityStore, createMutationId } from './create-entity-store';

const syncs = createEntityStore<RepositorySync>();

/** Progress polling interval while a run is queued, running or waiting for GitHub's rate limit. */
const GITHUB_SYNC_POLL_MS = 1500;
const ACTIVE = new Set(['queued', 'running', 'waiting']);
export const isSyncActive = (sync: RepositorySync | undefined) => Boolean(sync && ACTIVE.has(sync.status));

const integrationsPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/workspace-integrations/`;
const syncPath = (slug: string, projectId: string, integrationId: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/projects/${projectId}/workspace-integrations/${integrationId}/github-repository-sync/`;

/** The workspace's GitHub installation id, or null when GitHub was never installed. */
async function githubIntegrationId(slug: string): Promise<string | null> {
  const rows = await http.get<WorkspaceIntegration[]>(integrationsPath(slug));
  return rows.find((row) => row.integration_detail.provider === 'github')?.id ?? null;
}

/** Loads the project's sync (none when GitHub is not installed or no repository is linked). @throws ApiError */
async function fetchGithubSync(slug: string, projectId: string, { quiet = false } = {}): Promise<RepositorySync | null> {
  if (!quiet) syncs.setStatus(projectId, 'loading');
  try {
    const integrationId = await githubIntegrationId(slug);
    const rows = integrationId ? await http.get<RepositorySync[]>(syncPath(slug, projectId, integrationId)) : [];
    syncs.setAll(projectId, rows);
    return rows[0] ?? null;
  } catch (error) {
    if (!quiet) syncs.setStatus(projectId, 'error', error);
    throw error;
  }
}

interface LinkRepositoryInput {
  owner: string;
  name: string;
  /** Required the first time; omitted, the stored token is kept. */
  token?: string;
  base_url?: string | null;
}

/** Links the repository (installing GitHub in the workspace first if needed) and starts an import. @throws ApiError */
export async function linkRepository(slug: string, projectId: string, input: LinkRepositoryInput): Promise<RepositorySync> {
  const integrationId = (await githubIntegrationId(slug)) ?? (await http.post<WorkspaceIntegration>(`${integrationsPath(slug)}github/`)).id;
  const body = { owner: input.owner, name: input.name, ...(input.token ? { token: input.token } : {}), base_url: input.base_url || null };
  const sync = await http.post<RepositorySync>(syncPath(slug, projectId, integrationId), body, { mutationId: createMutationId() });
  syncs.setAll(projectId, [sync]);
  return sync;
}

/** The project's sync, or undefined. */
export function useGithubSync(projectId: string): RepositorySync | undefined {
  return syncs.useRows(projectId)[0];
}

export function useGithubSyncStatus(projectId: string) {
  const status = syncs.useStore((state) => (state.scope === projectId ? state.status : 'idle'));
  const error = syncs.useStore((state) => (state.scope === projectId ? state.error : null));
  return { status, error };
}

/** Loads the sync on mount and polls it while a run is active. */
export function useGithubSyncLoader(slug: string, projectId: string) {
  const sync = useGithubSync(projectId);
  const active = isSyncActive(sync);
  const load = useCallback(() => fetchGithubSync(slug, projectId).catch(() => null), [slug, projectId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void fetchGithubSync(slug, projectId, { quiet: true }).catch(() => null), GITHUB_SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [active, slug, projectId]);
  return { reload: load };
}
