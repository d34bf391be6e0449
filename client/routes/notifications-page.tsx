// `/{workspaceSlug}/notifications`: the All and Mentions tabs (with their unread counts), the
// sub-filters (assigned to me, created by me, subscribed by me; unread only; snoozed; archived),
// mark all read, and per row read/unread, archive and snooze (optimistic, rolled back on failure).
// Clicking a notification marks it read and opens its issue as a peek over the list (`?peekId=`).
import { Archive, ArchiveRestore, BellOff, CheckCheck, Mail, MailOpen } from 'lucide-react';
import type { Notification } from '../api/types';
import { useResource } from '../api/use-resource';
import { AppShell } from '../components/app-shell';
import { toastOnFailure } from '../stores/toast-store';
import { IssuePeek } from '../components/issues/issue-peek';
import { SnoozeMenu } from '../components/inbox/snooze-menu';
import { RelativeTime } from '../components/relative-time';
import { useLocale, useT } from '../i18n';
import { formatNotification } from '../components/issues/activity-format';
import { useActivityLookups } from '../components/issues/issue-activity';
import {
  DEFAULT_FILTERS,
  fetchMoreNotifications,
  fetchNotifications,
  markAllNotificationsRead,
  setNotificationArchived,
  setNotificationRead,
  snoozeNotification,
  useNotificationList,
  useNotifications,
  useNotificationsStatus,
  type NotificationFilters,
  type NotificationTypeFilter,
} from '../stores/notification-store';
import { fetchEstimates } from '../stores/estimate-store';
import { fetchProjectLabels } from '../stores/label-store';
import { fetchProjectMembers } from '../stores/member-store';
import { fetchProjectStates } from '../stores/state-store';
import { Avatar, Button, EmptyState, IconButton, Select, SkeletonRows, Tab, TabList, TabPanel, Tabs, toast } from '../ui';
import './inbox.css';

const TYPES: NotificationTypeFilter[] = ['all', 'assigned', 'created', 'subscribed'];

interface IssueData {
  issue?: { id?: string; name?: string; identifier?: string; sequence_id?: number };
}

/** The issue a notification is about. */
const issueIdOf = (row: Notification) => ((row.data ?? {}) as IssueData).issue?.id ?? row.entity_identifier;

export function NotificationsPage({ workspaceSlug, peekId, onPeek }: { workspaceSlug: string; peekId?: string; onPeek: (issueId: string | null) => void }) {
  const t = useT();
  const locale = useLocale();
  const lookups = useActivityLookups();
  const filters = useNotificationList((state) => state.filters);
  const counts = useNotificationList((state) => state.counts);
  const hasMore = useNotificationList((state) => state.hasMore);
  const loadingMore = useNotificationList((state) => state.loadingMore);
  const rows = useNotifications(workspaceSlug);
  const status = useNotificationsStatus(workspaceSlug);
  // The first page of the filters, read into the notification store (which holds the rows and the
  // status shown, a filter's reload included); a retry reads it again with the current filters.
  const { reload: retry } = useResource(`${workspaceSlug}/notifications`, () => fetchNotifications(workspaceSlug, useNotificationList.getState().filters));

  const change = (patch: Partial<NotificationFilters>) => {
    void fetchNotifications(workspaceSlug, { ...filters, ...patch }).catch(() => undefined);
  };
  const failed = () => toast.error(t('notifications.actionFailed'));

  const open = (row: Notification) => {
    if (!row.read_at) void setNotificationRead(workspaceSlug, row, true).catch(failed);
    const issueId = issueIdOf(row);
    if (row.project && issueId) onPeek(issueId);
  };
  const peekProject = peekId ? rows.find((row) => issueIdOf(row) === peekId)?.project ?? undefined : undefined;

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('notifications.title')}
      actions={
        <Button variant="secondary" onClick={() => void markAllNotificationsRead(workspaceSlug).catch(failed)} data-testid="notifications-mark-all-read">
          <CheckCheck size={16} aria-hidden="true" /> {t('notifications.markAllRead')}
        </Button>
      }
    >
      <Tabs value={filters.tab} onValueChange={(tab) => change({ ...DEFAULT_FILTERS, tab })}>
        <div className="inbox-toolbar">
          <TabList label={t('notifications.title')}>
            {(['all', 'mentions'] as const).map((tab) => {
              // "All" means all: the unread count of the bell, mentions included.
              const count = counts.mention_unread_notifications_count + (tab === 'all' ? counts.total_unread_notifications_count : 0);
              return (
                <Tab key={tab} value={tab} testId={`notifications-tab-${tab}`}>
                  {t(tab === 'all' ? 'notifications.tabAll' : 'notifications.tabMentions')}
                  {count > 0 && <span className="inbox-count">{count}</span>}
                </Tab>
              );
            })}
          </TabList>
          <div className="inbox-filters">
            <Select
              className="input-sm"
              label={t('notifications.typeFilter')}
              value={filters.type}
              options={TYPES.map((type) => ({ value: type, label: t(`notifications.type.${type}`) }))}
              onChange={(type) => change({ type: type as NotificationTypeFilter })}
              testId="notifications-type"
            />
            <label className="inbox-filter">
              <input type="checkbox" checked={filters.unread} onChange={(event) => change({ unread: event.target.checked })} data-testid="notifications-unread-only" />
              {t('notifications.unreadOnly')}
            </label>
            <label className="inbox-filter">
              <input type="checkbox" checked={filters.snoozed} onChange={(event) => change({ snoozed: event.target.checked, archived: false })} data-testid="notifications-snoozed" />
              {t('notifications.showSnoozed')}
            </label>
            <label className="inbox-filter">
              <input type="checkbox" checked={filters.archived} onChange={(event) => change({ archived: event.target.checked, snoozed: false })} data-testid="notifications-archived" />
              {t('notifications.showArchived')}
            </label>
          </div>
        </div>
        <TabPanel value={filters.tab} className="card card-flush">
          {status === 'error' ? (
            <EmptyState
              title={t('notifications.loadFailed')}
              action={<Button variant="secondary" onClick={retry}>{t('common.retry')}</Button>}
            />
          ) : status !== 'ready' && rows.length === 0 ? (
            <SkeletonRows />
          ) : rows.length === 0 ? (
            <EmptyState title={t(filters.tab === 'mentions' ? 'notifications.emptyMentions' : 'notifications.emptyTitle')} body={t('notifications.emptyBody')} icon={<BellOff size={22} />} />
          ) : (
            <ul className="list" data-testid="notification-list">
              {rows.map((row) => {
                const data = (row.data ?? {}) as IssueData;
                const key = data.issue?.identifier && data.issue.sequence_id ? `${data.issue.identifier}-${data.issue.sequence_id}` : '';
                return (
                  <li key={row.id} className={row.read_at ? 'list-row notification-row' : 'list-row notification-row notification-unread'} data-testid="notification-row">
                    <button type="button" className="notification-open" onClick={() => open(row)} data-testid="notification-open">
                      <Avatar name={row.triggered_by_details?.display_name ?? ''} src={row.triggered_by_details?.avatar_url ?? null} size="sm" />
                      <span className="notification-text">
                        <span className="list-row-title">{formatNotification(row, lookups, t, locale)}</span>
                        <span className="list-row-subtitle">
                          {key && <span className="muted">{key} </span>}
                          {data.issue?.name}
                        </span>
                      </span>
                      {row.created_at && <RelativeTime value={row.created_at} className="muted" />}
                    </button>
                    <span className="notification-actions">
                      <IconButton
                        label={t(row.read_at ? 'notifications.markUnread' : 'notifications.markRead')}
                        icon={row.read_at ? <Mail size={16} /> : <MailOpen size={16} />}
                        onClick={() => void setNotificationRead(workspaceSlug, row, !row.read_at).catch(failed)}
                        data-testid="notification-toggle-read"
                      />
                      <IconButton
                        label={t(row.archived_at ? 'notifications.unarchive' : 'notifications.archive')}
                        icon={row.archived_at ? <ArchiveRestore size={16} /> : <Archive size={16} />}
                        onClick={() => void setNotificationArchived(workspaceSlug, row, !row.archived_at).catch(failed)}
                        data-testid="notification-toggle-archive"
                      />
                      {row.snoozed_till && new Date(row.snoozed_till).getTime() > Date.now() ? (
                        <Button variant="ghost" size="sm" onClick={() => void snoozeNotification(workspaceSlug, row, null).catch(failed)} data-testid="notification-unsnooze">
                          {t('notifications.unsnooze')}
                        </Button>
                      ) : (
                        <SnoozeMenu testId="notification-snooze" onSnooze={(till) => void snoozeNotification(workspaceSlug, row, till).catch(failed)} />
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {hasMore && (
            <div className="inbox-more">
              <Button variant="ghost" busy={loadingMore} onClick={() => void fetchMoreNotifications(workspaceSlug).catch(failed)} data-testid="notifications-load-more">
                {t('inbox.loadMore')}
              </Button>
            </div>
          )}
        </TabPanel>
      </Tabs>
      {peekId && <NotificationPeek slug={workspaceSlug} issueId={peekId} projectId={peekProject} onClose={() => onPeek(null)} />}
    </AppShell>
  );
}

/**
 * The peek of a notification's issue. This workspace screen has not loaded the project's states,
 * labels, members and estimates that the issue's properties name, so it loads them here.
 */
function NotificationPeek({ slug, issueId, projectId, onClose }: { slug: string; issueId: string; projectId?: string; onClose: () => void }) {
  useResource(projectId ? `${slug}/${projectId}|names` : null, () =>
    toastOnFailure(Promise.all([fetchProjectStates(slug, projectId!), fetchProjectLabels(slug, projectId!), fetchProjectMembers(slug, projectId!), fetchEstimates(slug, projectId!)])),
  );
  return <IssuePeek slug={slug} issueId={issueId} projectId={projectId} onClose={onClose} />;
}
