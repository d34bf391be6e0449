// The activity feed of open issues (STYLE §6: one store per entity): the history rows fetched when
// a detail or peek opens, kept current by `issue_activity` events from the live stream. Only
// issues someone opened are tracked, so the store does not collect the whole workspace's history.
import { useMemo } from 'react';
import { create } from 'zustand';
import type { ChangeMessage } from '../../shared/live-protocol';
import { activityVersion, isPropertyActivity } from '../../shared/issue-activity';
import { http } from '../api/http';
import type { IssueActivity } from '../api/types';
import { createEntityStore, type LoadStatus } from './create-entity-store';
import { issuePath } from './api-paths';

/**
 * One history row as `GET …/history/?activity_type=issue-property` and the live stream send it
 * (shared/schemas/issue-extras.ts), with the version the store orders it by (activityVersion).
 */
export type Activity = IssueActivity & { version?: number };

/** Issues whose feed is loaded or loading: only their events are kept. */
const tracked = new Map<string, { slug: string; projectId: string }>();

const issueOf = (data: Record<string, unknown>) => (typeof data.issue === 'string' ? data.issue : '');

const activities = createEntityStore<Activity>({
  accepts: (change: ChangeMessage, scope) =>
    (scope === null || change.workspace === scope) && tracked.has(issueOf(change.data)) && isPropertyActivity(change.data.field as string | null),
});

/** Load state of each tracked issue's feed. */
const useFeedStatus = create<Record<string, LoadStatus>>(() => ({}));

/**
 * Loads the feed of one issue and starts keeping it current. Rows already in the store stay (an
 * event may arrive while the request runs); the answer only adds or refreshes rows.
 */
export async function fetchIssueActivity(slug: string, projectId: string, issueId: string): Promise<void> {
  // Another workspace: its feeds replace the previous workspace's.
  if (activities.useStore.getState().scope !== slug) {
    resetActivity();
    activities.setAll(slug, []);
  }
  tracked.set(issueId, { slug, projectId });
  useFeedStatus.setState((state) => ({ [issueId]: state[issueId] === 'ready' ? 'ready' : 'loading' }));
  try {
    const rows = await http.get<IssueActivity[]>(`${issuePath(slug, projectId, issueId)}/history/`, { activity_type: 'issue-property' });
    activities.upsertMany((Array.isArray(rows) ? rows : []).map((row) => ({ ...row, version: activityVersion(row.updated_at) })));
    useFeedStatus.setState({ [issueId]: 'ready' });
  } catch (error) {
    useFeedStatus.setState((state) => ({ [issueId]: state[issueId] === 'ready' ? 'ready' : 'error' }));
    throw error;
  }
}

/** Reloads every tracked feed (after a live `reset`, when events may have been skipped). */
export async function refetchTrackedActivity(): Promise<void> {
  // A feed that fails is recorded as its status 'error', which the activity feed shows; one failure must not stop the others.
  await Promise.all([...tracked].map(([issueId, { slug, projectId }]) => fetchIssueActivity(slug, projectId, issueId).catch(() => undefined)));
}

/** Takes one `issue_activity` event from the live stream. */
export function applyActivityChange(change: ChangeMessage): void {
  activities.applyChange(change);
}

/** Forgets every feed (sign-out, workspace switch). */
export function resetActivity(): void {
  tracked.clear();
  activities.reset();
  useFeedStatus.setState(() => ({}), true);
}

const feedOf = (rows: Activity[], issueId: string) => rows.filter((row) => row.issue === issueId).sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));

/** The feed of one issue, oldest first. */
export function useIssueActivity(issueId: string): Activity[] {
  const rows = activities.useRows();
  return useMemo(() => feedOf(rows, issueId), [rows, issueId]);
}

/** The same, outside React. */
export function getIssueActivity(issueId: string): Activity[] {
  return feedOf(activities.getRows(), issueId);
}

/** Whether one issue's feed is loading, ready or failed. */
export function useIssueActivityStatus(issueId: string): LoadStatus {
  return useFeedStatus((state) => state[issueId] ?? 'idle');
}

/** The same, outside React. */
export function getIssueActivityStatus(issueId: string): LoadStatus {
  return useFeedStatus.getState()[issueId] ?? 'idle';
}
