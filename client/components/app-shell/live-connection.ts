// Starts the workspace's live stream (client/live/live-socket.ts) and routes each change to the
// store that holds its entity; exposes the connection state for the top bar.
import { useEffect } from 'react';
import { create } from 'zustand';
import { LiveSocket, type ConnectionState } from '../../live/live-socket';
import type { ChangeMessage } from '../../../shared/live-protocol';
import { applyFavoriteChange } from '../../stores/favorite-store';
import { applyDetailChange } from '../../stores/issue-detail-store';
import { applyIssueChange } from '../../stores/issue-store';
import { useIssueFilterStore } from '../../stores/issue-filter-store';
import { applyLabelChange } from '../../stores/label-store';
import { applyProjectChange, fetchProjects } from '../../stores/project-store';
import { applyStateChange, fetchWorkspaceStates } from '../../stores/state-store';
import { cacheLiveIssueChange } from '../../local-cache/issue-cache';

export const useLiveStatus = create<{ state: ConnectionState | 'idle' }>(() => ({ state: 'idle' }));

/** Sends one change to its store (only this module and tests call the apply functions). */
export function dispatchChange(change: ChangeMessage): void {
  switch (change.entity) {
    case 'issue':
      applyIssueChange(change);
      cacheLiveIssueChange(change);
      return;
    case 'project':
      return applyProjectChange(change);
    case 'state':
      return applyStateChange(change);
    case 'label':
      return applyLabelChange(change);
    case 'favorite':
      return applyFavoriteChange(change);
    case 'comment':
    case 'issue_link':
    case 'issue_attachment':
    case 'issue_reaction':
      return applyDetailChange(change);
    default:
      return;
  }
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

/** Keeps one live connection open while a workspace is shown. */
export function useLiveConnection(slug: string | undefined): void {
  useEffect(() => {
    if (!slug || typeof WebSocket === 'undefined') return;
    let socket: LiveSocket | null = null;
    let cancelled = false;
    void readSyncCursor(slug).then((since) => {
      if (cancelled) return;
      const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new LiveSocket({
        url: `${protocol}//${location.host}/live/`,
        workspace: slug,
        since,
        onChange: dispatchChange,
        onStateChange: (state) => useLiveStatus.setState({ state }),
        onReset: async () => {
          // The log no longer reaches back to us: reload what the screens show.
          const cursor = await readSyncCursor(slug);
          await Promise.all([fetchProjects(slug).catch(() => undefined), fetchWorkspaceStates(slug).catch(() => undefined)]);
          useIssueFilterStore.setState((state) => ({ lists: Object.fromEntries(Object.entries(state.lists).map(([key, list]) => [key, { ...list, fetchToken: list.fetchToken + 1 }])) }));
          return cursor;
        },
      });
      socket.start();
    });
    return () => {
      cancelled = true;
      socket?.stop();
      useLiveStatus.setState({ state: 'idle' });
    };
  }, [slug]);
}
