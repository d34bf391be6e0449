// Wires the work-item stores to the live stream of client/live/use-live-connection.ts: each
// entity's changes go to the store that holds it, and the workspace shown keeps one connection
// open from the OLDEST sync cursor (`X-Sync-Cursor`, reported by api/http.ts) of the data the stores
// took in: a list whose snapshot is older than another's still gets the changes in between. Data
// that arrives later with an older snapshot than the stream has applied makes it replay from there.
// A `reset` reloads what the screens show. Every declared entity has its handler here (a missing
// one fails the typecheck), and a page the server finds outdated offers a reload.
import { useEffect } from 'react';
import type { ChangeMessage, LiveEntity } from '../../../shared/live-protocol';
import { t } from '../../i18n';
import { toast } from '../../ui/toast';
import { onSyncCursor } from '../../api/http';
import { connectLive, registerLiveEntity, rewindLive, useLiveConnection, type ConnectOptions } from '../../live/use-live-connection';
import { applyFavoriteChange } from '../../stores/favorite-store';
import { applyDetailChange, applyRelationChange } from '../../stores/issue-detail-store';
import { applyCommentReactionChange } from '../../stores/issue-children';
import { applyEstimateChange } from '../../stores/estimate-store';
import { applyMemberChange } from '../../stores/member-store';
import { applyPageChange } from '../../stores/page-store';
import { applyWorkspaceChange } from '../../stores/workspace-store';
import { applyActivityChange, refetchTrackedActivity } from '../../stores/issue-activity-store';
import { applyIssueChange } from '../../stores/issue-store';
import { useIssueFilterStore } from '../../stores/issue-filter-store';
import { applyLabelChange } from '../../stores/label-store';
import { applyCycleChange } from '../../stores/cycle-store';
import { applyNotificationChange } from '../../stores/notification-store';
import { applyIntakeChange } from '../../stores/intake-store';
import { applyModuleChange, applyModuleLinkChange } from '../../stores/module-store';
import { applyViewChange } from '../../stores/view-store';
import { applyProjectChange, fetchProjects } from '../../stores/project-store';
import { applyStateChange, fetchWorkspaceStates } from '../../stores/state-store';
import { cacheLiveIssueChange } from '../../local-cache/issue-cache';
import { toastOnFailure } from '../../stores/toast-store';

/** The store each declared entity's changes go to: one handler per entity, none left out. */
const ROUTES: Record<LiveEntity, (change: ChangeMessage) => void> = {
  issue: (change) => {
    applyIssueChange(change);
    cacheLiveIssueChange(change);
  },
  project: applyProjectChange,
  member: applyMemberChange,
  workspace: applyWorkspaceChange,
  state: applyStateChange,
  label: applyLabelChange,
  estimate: applyEstimateChange,
  cycle: applyCycleChange,
  module: applyModuleChange,
  module_link: applyModuleLinkChange,
  page: applyPageChange,
  view: applyViewChange,
  favorite: applyFavoriteChange,
  comment: applyDetailChange,
  comment_reaction: applyCommentReactionChange,
  issue_link: applyDetailChange,
  issue_attachment: applyDetailChange,
  issue_reaction: applyDetailChange,
  issue_relation: applyRelationChange,
  issue_activity: applyActivityChange,
  notification: applyNotificationChange,
  inbox_issue: applyIntakeChange,
};

/** Per workspace without an open connection: the oldest sync cursor of the data loaded for it. */
const oldestCursors = new Map<string, number>();
const WORKSPACE_PATH = /^\/api\/workspaces\/([^/?]+)\//;

function noteSyncCursor(path: string, cursor: number): void {
  const match = WORKSPACE_PATH.exec(path);
  if (!match) return;
  const slug = decodeURIComponent(match[1]);
  if (rewindLive(slug, cursor)) return;
  oldestCursors.set(slug, Math.min(oldestCursors.get(slug) ?? cursor, cursor));
}

// From the first answer on: lists may load before the shell opens the connection.
onSyncCursor(noteSyncCursor);

let registered = false;
/** Registers the work-item stores with the live binding (once). */
function registerWorkItemStores(): void {
  if (registered) return;
  registered = true;
  for (const [entity, apply] of Object.entries(ROUTES) as Array<[LiveEntity, (change: ChangeMessage) => void]>) registerLiveEntity(entity, { applyChange: apply });
  // Once per page: the server speaks a newer protocol, so this page's code is outdated.
  useLiveConnection.subscribe((state, previous) => {
    if (state.outdated && !previous.outdated) offerReload();
  });
}

/** The calm notice of an outdated page: it stays until the person reloads. */
function offerReload(): void {
  toast.info(t('live.outdated'), { duration: Number.POSITIVE_INFINITY, action: { label: t('live.reload'), run: () => globalThis.location?.reload() } });
}

/** Sends one change to its store (tests call this directly). */
export function dispatchChange(change: ChangeMessage): void {
  ROUTES[change.entity](change);
}

/** The connection state for the top bar. */
export function useLiveStatus<T>(select: (state: { state: string }) => T): T {
  return useLiveConnection(select);
}

let connecting: string | null = null;

/**
 * Opens the live connection of a workspace once the projects list (and whatever else answered
 * meanwhile) is loaded, from the oldest cursor of that data. `options` are for tests (URL, socket).
 */
export async function startWorkspaceLive(slug: string, options: Pick<ConnectOptions, 'url' | 'createSocket'> = {}): Promise<void> {
  registerWorkItemStores();
  connecting = slug;
  await toastOnFailure(fetchProjects(slug), 'toast.refreshFailed');
  if (connecting !== slug) return;
  connecting = null;
  const since = oldestCursors.get(slug) ?? 0;
  oldestCursors.delete(slug);
  connectLive(slug, {
    ...options,
    since,
    // The stream resubscribes from the oldest cursor these answers (and the lists refetched after them) report.
    reload: async () => {
      await Promise.all([toastOnFailure(fetchProjects(slug), 'toast.refreshFailed'), toastOnFailure(fetchWorkspaceStates(slug), 'toast.refreshFailed'), refetchTrackedActivity()]);
      useIssueFilterStore.setState((state) => ({ lists: Object.fromEntries(Object.entries(state.lists).map(([key, list]) => [key, { ...list, fetchToken: list.fetchToken + 1 }])) }));
    },
  });
}

/**
 * Keeps the live connection open while a workspace is shown. Page changes inside the workspace
 * keep the same connection (no gap to miss changes in); another workspace replaces it.
 */
export function useWorkspaceLive(slug: string | undefined): void {
  useEffect(() => {
    if (!slug || typeof WebSocket === 'undefined') return;
    if (connecting === slug || useLiveConnection.getState().workspace === slug) return;
    void startWorkspaceLive(slug);
  }, [slug]);
}
