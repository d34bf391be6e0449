// Routes of the inbox screens: the workspace's notifications page, the account's notification
// preferences, and a project's intake (triage) screen.
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import { projectRoute } from './project-route';
import { workspaceRoute } from './workspace-route';
const NotificationsPage = lazyScreen(() => import('./notifications-page'), 'NotificationsPage');
const NotificationPreferencesPage = lazyScreen(() => import('./notification-preferences-page'), 'NotificationPreferencesPage');

const IntakePage = lazyScreen(() => import('./intake-page'), 'IntakePage');

const notificationsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'notifications',
  // `peekId`: the issue a clicked notification opens over the list (spec §2: issue detail as a peek).
  validateSearch: (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {}),
  component: withScreens(function NotificationsRoute() {
    const navigate = notificationsRoute.useNavigate();
    return (
      <NotificationsPage
        workspaceSlug={notificationsRoute.useParams().workspaceSlug}
        peekId={notificationsRoute.useSearch().peekId}
        onPeek={(peekId) => void navigate({ search: peekId ? { peekId } : {} })}
      />
    );
  }, NotificationsPage),
});

const notificationPreferencesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/account/notifications',
  component: withScreens(function NotificationPreferencesRoute() {
    return <NotificationPreferencesPage workspaceSlug={notificationPreferencesRoute.useParams().workspaceSlug} />;
  }, NotificationPreferencesPage),
});

export const intakeRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'intake',
  component: withScreens(function IntakeRoute() {
    const { workspaceSlug, projectId } = intakeRoute.useParams();
    return <IntakePage workspaceSlug={workspaceSlug} projectId={projectId} />;
  }, IntakePage),
});

export const inboxWorkspaceRoutes = [notificationsRoute, notificationPreferencesRoute] as const;
