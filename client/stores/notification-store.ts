// The signed-in user's notifications of the shown workspace (reference §7): the current page of
// the list (tab + filters, pages of 30 with a cursor), the unread counts of the bell and tabs, and
// the optimistic read / archive / snooze switches (rolled back on failure). Live `notification`
// changes (sent to their receiver only) update the rows and refresh the counts.
import { useMemo } from 'react';
import { create } from 'zustand';
import { http } from '../api/http';
import type { Notification, NotificationPage, UnreadCounts } from '../api/types';
import { NOTIFICATIONS_FIRST_CURSOR } from '../../shared/cursor';
import type { ChangeMessage } from '../../shared/live-protocol';
import { createEntityStore, createMutationId } from './create-entity-store';

const rows = createEntityStore<Notification>();

type NotificationTab = 'all' | 'mentions';
export type NotificationTypeFilter = 'all' | 'assigned' | 'created' | 'subscribed';

export interface NotificationFilters {
  tab: NotificationTab;
  type: NotificationTypeFilter;
  /** Show unread only. */
  unread: boolean;
  /** Show archived (instead of the inbox). */
  archived: boolean;
  /** Show snoozed (instead of the inbox). */
  snoozed: boolean;
}

export const DEFAULT_FILTERS: NotificationFilters = { tab: 'all', type: 'all', unread: false, archived: false, snoozed: false };

interface ListState {
  filters: NotificationFilters;
  nextCursor: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  counts: UnreadCounts;
}

export const useNotificationList = create<ListState>(() => ({
  filters: DEFAULT_FILTERS,
  nextCursor: null,
  hasMore: false,
  loadingMore: false,
  counts: { total_unread_notifications_count: 0, mention_unread_notifications_count: 0 },
}));

const base = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/users/notifications/`;

function queryOf(filters: NotificationFilters, cursor: string) {
  return {
    cursor,
    per_page: cursor.split(':')[0],
    type: filters.type === 'all' ? undefined : filters.type,
    // The All tab lists mentions too (`mentioned=all`); the Mentions tab lists only them.
    mentioned: filters.tab === 'mentions' ? 'true' : 'all',
    read: filters.unread ? 'false' : undefined,
    archived: filters.archived ? 'true' : 'false',
    snoozed: filters.snoozed ? 'true' : 'false',
  };
}

/** Loads the first page for `filters` (a changed tab or filter clears the list and starts over). @throws ApiError */
export async function fetchNotifications(slug: string, filters: NotificationFilters = useNotificationList.getState().filters): Promise<void> {
  useNotificationList.setState({ filters, nextCursor: null, hasMore: false });
  rows.setStatus(slug, 'loading');
  try {
    const page = await http.get<NotificationPage>(base(slug), queryOf(filters, NOTIFICATIONS_FIRST_CURSOR));
    if (useNotificationList.getState().filters !== filters) return;
    rows.setAll(slug, page.results);
    useNotificationList.setState({ nextCursor: page.next_cursor, hasMore: page.next_page_results });
  } catch (error) {
    rows.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Appends the next page. @throws ApiError */
export async function fetchMoreNotifications(slug: string): Promise<void> {
  const { nextCursor, hasMore, filters, loadingMore } = useNotificationList.getState();
  if (!nextCursor || !hasMore || loadingMore) return;
  useNotificationList.setState({ loadingMore: true });
  try {
    const page = await http.get<NotificationPage>(base(slug), queryOf(filters, nextCursor));
    rows.upsertMany(page.results);
    useNotificationList.setState({ nextCursor: page.next_cursor, hasMore: page.next_page_results });
  } finally {
    useNotificationList.setState({ loadingMore: false });
  }
}

/** Refreshes the unread counts (bell badge, tab counts). */
export async function fetchUnreadCounts(slug: string): Promise<UnreadCounts> {
  const counts = await http.get<UnreadCounts>(`${base(slug)}unread/`);
  useNotificationList.setState({ counts });
  return counts;
}

function adjustCounts(row: Notification, delta: number) {
  const key = row.is_mentioned_notification ? 'mention_unread_notifications_count' : 'total_unread_notifications_count';
  useNotificationList.setState((state) => ({ counts: { ...state.counts, [key]: Math.max(0, state.counts[key] + delta) } }));
}

async function patchRow(slug: string, row: Notification, patch: Partial<Notification>, send: (mutationId: string) => Promise<Notification>) {
  const mutationId = createMutationId();
  const unreadBefore = !row.read_at && !row.archived_at;
  const unreadAfter = !(patch.read_at !== undefined ? patch.read_at : row.read_at) && !(patch.archived_at !== undefined ? patch.archived_at : row.archived_at);
  const delta = Number(unreadAfter) - Number(unreadBefore);
  if (delta) adjustCounts(row, delta);
  try {
    await rows.mutate({ mutationId, kind: 'update', id: row.id, patch }, () => send(mutationId));
  } catch (error) {
    if (delta) adjustCounts(row, -delta);
    throw error;
  } finally {
    void fetchUnreadCounts(slug).catch(() => undefined);
  }
}

/** Marks one read (`read`) or unread. @throws ApiError (then it shows as before). */
export function setNotificationRead(slug: string, row: Notification, read: boolean) {
  return patchRow(slug, row, { read_at: read ? new Date().toISOString() : null }, (mutationId) =>
    read ? http.post<Notification>(`${base(slug)}${row.id}/read/`, {}, { mutationId }) : http.delete<Notification>(`${base(slug)}${row.id}/read/`, { mutationId }),
  );
}

/** Archives or unarchives one. @throws ApiError */
export function setNotificationArchived(slug: string, row: Notification, archived: boolean) {
  return patchRow(slug, row, { archived_at: archived ? new Date().toISOString() : null }, (mutationId) =>
    archived ? http.post<Notification>(`${base(slug)}${row.id}/archive/`, {}, { mutationId }) : http.delete<Notification>(`${base(slug)}${row.id}/archive/`, { mutationId }),
  );
}

/** Snoozes one until `till` (null: wake it). @throws ApiError */
export function snoozeNotification(slug: string, row: Notification, till: string | null) {
  return patchRow(slug, row, { snoozed_till: till }, (mutationId) => http.patch<Notification>(`${base(slug)}${row.id}/`, { snoozed_till: till }, { mutationId }));
}

/** Marks every notification of the tab read; both counts drop at once. @throws ApiError */
export async function markAllNotificationsRead(slug: string): Promise<void> {
  const before = useNotificationList.getState().counts;
  const { filters } = useNotificationList.getState();
  useNotificationList.setState({ counts: { total_unread_notifications_count: 0, mention_unread_notifications_count: 0 } });
  const now = new Date().toISOString();
  rows.upsertMany(rows.getRows().filter((row) => !row.read_at).map((row) => ({ ...row, read_at: now, version: row.version + 1 })));
  try {
    await http.post(`${base(slug)}mark-all-read/`, { type: filters.type === 'all' ? undefined : filters.type }, { mutationId: createMutationId() });
  } catch (error) {
    useNotificationList.setState({ counts: before });
    await fetchNotifications(slug).catch(() => undefined);
    throw error;
  }
  void fetchUnreadCounts(slug).catch(() => undefined);
}

let countsTimer: ReturnType<typeof setTimeout> | null = null;

/** Live: a notification change updates its row and (soon after) the counts. */
export function applyNotificationChange(change: ChangeMessage): void {
  rows.applyChange(change);
  if (countsTimer) clearTimeout(countsTimer);
  countsTimer = setTimeout(() => {
    countsTimer = null;
    void fetchUnreadCounts(change.workspace).catch(() => undefined);
  }, 100);
}

/** The loaded notifications in list order (snoozed by date first, then newest first). */
export function useNotifications(slug: string): Notification[] {
  const list = rows.useRows(slug);
  const filters = useNotificationList((state) => state.filters);
  return useMemo(
    () =>
      list
        .filter((row) => filters.tab === 'all' || row.is_mentioned_notification)
        .filter((row) => (filters.archived ? Boolean(row.archived_at) : !row.archived_at))
        .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '')),
    [list, filters],
  );
}

export function useNotificationsStatus(slug: string) {
  return rows.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}
