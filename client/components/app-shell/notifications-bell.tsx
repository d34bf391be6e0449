// Top-bar notifications bell: a link to the workspace's notifications page with a badge of the
// unread count (notifications + mentions), loaded on mount and kept live by the `notification`
// changes of the live stream (notification-store refreshes the counts).
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useResource } from '../../api/use-resource';
import { useT } from '../../i18n';
import { fetchUnreadCounts, useNotificationList } from '../../stores/notification-store';
import './notifications-bell.css';

/** What the badge shows: nothing at 0, the number up to 99, then "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export function NotificationsBell({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const unread = useNotificationList((state) => state.counts.total_unread_notifications_count + state.counts.mention_unread_notifications_count);
  // A failed read leaves the badge as it was: the live stream corrects it on the next change.
  useResource(`${workspaceSlug}|unread-counts`, () => fetchUnreadCounts(workspaceSlug));
  const badge = badgeText(unread);
  const label = badge ? t('notifications.bellUnread', { unread }) : t('notifications.bellLabel');
  return (
    <Link
      to="/$workspaceSlug/notifications"
      params={{ workspaceSlug }}
      className="icon-button notifications-bell"
      aria-label={label}
      title={label}
      data-testid="notifications-bell"
    >
      <Bell size={18} aria-hidden="true" />
      {badge && (
        <span className="notifications-badge" data-testid="notifications-badge">
          {badge}
        </span>
      )}
    </Link>
  );
}
