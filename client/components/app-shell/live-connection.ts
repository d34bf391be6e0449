// Wires the work-item stores to the live stream of client/live/use-live-connection.ts: each
// entity's changes go to the store that holds it, and the workspace shown keeps one connection
// open from the lists' sync cursor. A `reset` reloads what the screens show.
import { useEffect } from 'react';
import type { ChangeMessage } from '../../../shared/live-protocol';
import { connectLive, registerLiveEntity, useLiveConnection } from '../../live/use-live-connection';
import { applyFavoriteChange } from '../../stores/favorite-store';
import { applyDetailChange } from '../../stores/issue-detail-store';
import { applyActivityChange, refetchTrackedActivity } from '../../stores/issue-activity-store';
import { applyIssueChange } from '../../stores/issue-store';
import { useIssueFilterStore } from '../../stores/issue-filter-store';
import { applyLabelChange } from '../../stores/label-store';
import { applyProjectChange, fetchProjects } from '../../stores/project-store';
import { applyStateChange, fetchWorkspaceStates } from '../../stores/state-store';
import { cacheLiveIssueChange } from '../../local-cache/issue-cache';

const ROUTES: Record<string, (change: ChangeMessage) => void> = {
  issue: (change) => {
    applyIssueChange(change);
    cacheLiveIssueChange(change);
  },
  project: applyProjectChange,
  state: applyStateChange,
  label: applyLabelChange,
  favorite: applyFavoriteChange,
  comment: applyDetailChange,
  issue_link: applyDetailChange,
  issue_attachment: applyDetailChange,
  issue_reaction: applyDetailChange,
  issue_activity: applyActivityChange,
};

let registered = false;
/** Registers the work-item stores with the live binding (once). */
export function registerWorkItemStores(): void {
  if (registered) return;
  registered = true;
  for (const [entity, apply] of Object.entries(ROUTES)) registerLiveEntity(entity, { applyChange: apply });
}

/** Sends one change to its store (tests call this directly). */
export function dispatchChange(change: ChangeMessage): void {
  ROUTES[change.entity]?.(change);
}

/** The connection state for the top bar. */
export function useLiveStatus<T>(select: (state: { state: string }) => T): T {
  return useLiveConnection(select);
}

/** The workspace's last change id, read from a list answer's `X-Sync-Cursor`. */
async function readSyncCursor(slug: string): Promise<number> {
  try {
    const response = await fetch(`/api/workspaces/${encodeURIComponent(slug)}/projects/`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return Number(response.headers.get('X-Sync-Cursor') ?? 0) || 0;
  } catch {
    return 0;
  }
}

let connecting: string | null = null;

/**
 * Keeps the live connection open while a workspace is shown. Page changes inside the workspace
 * keep the same connection (no gap to miss changes in); another workspace replaces it.
 */
export function useWorkspaceLive(slug: string | undefined): void {
  useEffect(() => {
    if (!slug || typeof WebSocket === 'undefined') return;
    registerWorkItemStores();
    if (connecting === slug || useLiveConnection.getState().workspace === slug) return;
    connecting = slug;
    void readSyncCursor(slug).then((since) => {
      if (connecting !== slug) return;
      connectLive(slug, {
        since,
        reload: async () => {
          const cursor = await readSyncCursor(slug);
          await Promise.all([fetchProjects(slug).catch(() => undefined), fetchWorkspaceStates(slug).catch(() => undefined), refetchTrackedActivity()]);
          useIssueFilterStore.setState((state) => ({ lists: Object.fromEntries(Object.entries(state.lists).map(([key, list]) => [key, { ...list, fetchToken: list.fetchToken + 1 }])) }));
          return cursor;
        },
      });
      connecting = null;
    });
  }, [slug]);
}
