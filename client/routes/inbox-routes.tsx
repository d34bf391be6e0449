// Routes of the inbox screens: the workspace's notifications page, the account's notification
// preferences, and a project's intake (triage) screen.
import { createRoute } from '@tanstack/react-router';
import { IntakePage } from './intake-page';
import { NotificationPreferencesPage } from './notification-preferences-page';
import { NotificationsPage } from './notifications-page';
import { projectRoute } from './project-route';
import { workspaceRoute } from './workspace-route';

const notificationsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'notifications',
  component: function NotificationsRoute() {
    return <NotificationsPage workspaceSlug={notificationsRoute.useParams().workspaceSlug} />;
  },
});

const notificationPreferencesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/account/notifications',
  component: function NotificationPreferencesRoute() {
    return <NotificationPreferencesPage workspaceSlug={notificationPreferencesRoute.useParams().workspaceSlug} />;
  },
});

export const intakeRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'intake',
  component: function IntakeRoute() {
    const { workspaceSlug, projectId } = intakeRoute.useParams();
    return <IntakePage workspaceSlug={workspaceSlug} projectId={projectId} />;
  },
});

export const inboxWorkspaceRoutes = [notificationsRoute, notificationPreferencesRoute] as const;
