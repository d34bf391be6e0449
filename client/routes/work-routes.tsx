// Routes of the work area under `/$workspaceSlug` (projects, issues, settings, views, profile).
// router.tsx adds them as children of its workspace route.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { SETTINGS_TABS, type SettingsTab } from '../components/projects/project-settings';
import { useSessionStore } from '../stores/session-store';
import { GlobalViewPage, IssueDetailScreen, ProfileIssuesPage, ProjectIssuesPage, ProjectSettingsPage, ProjectsPage } from './work-pages';

export const peekSearch = (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {});

type Params = { workspaceSlug: string; projectId: string; issueId: string; globalViewId: string; userId: string };
type Search = { peekId?: string; tab?: string };

/** The work-area routes, children of the `$workspaceSlug` route (router.tsx adds them). */
export function createWorkRoutes<TParent extends AnyRoute>(workspaceRoute: TParent) {
  const projectsRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects',
    component: function ProjectsRoute() {
      return <ProjectsPage slug={(projectsRoute.useParams() as Params).workspaceSlug} />;
    },
  });

  const projectIssuesRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/issues',
    validateSearch: peekSearch,
    component: function ProjectIssuesRoute() {
      const { workspaceSlug, projectId } = projectIssuesRoute.useParams() as Params;
      return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="project" peekId={(projectIssuesRoute.useSearch() as Search).peekId} />;
    },
  });

  const issueDetailRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/issues/$issueId',
    component: function IssueDetailRoute() {
      const { workspaceSlug, projectId, issueId } = issueDetailRoute.useParams() as Params;
      return <IssueDetailScreen slug={workspaceSlug} projectId={projectId} issueId={issueId} />;
    },
  });

  const archivedIssuesRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/archived-issues',
    validateSearch: peekSearch,
    component: function ArchivedIssuesRoute() {
      const { workspaceSlug, projectId } = archivedIssuesRoute.useParams() as Params;
      return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="archived" peekId={(archivedIssuesRoute.useSearch() as Search).peekId} />;
    },
  });

  const draftIssuesRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/draft-issues',
    validateSearch: peekSearch,
    component: function DraftIssuesRoute() {
      const { workspaceSlug, projectId } = draftIssuesRoute.useParams() as Params;
      return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="draft" peekId={(draftIssuesRoute.useSearch() as Search).peekId} />;
    },
  });

  const projectSettingsRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/settings',
    validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } =>
      (SETTINGS_TABS as readonly unknown[]).includes(search.tab) ? { tab: search.tab as SettingsTab } : {},
    component: function ProjectSettingsRoute() {
      const { workspaceSlug, projectId } = projectSettingsRoute.useParams() as Params;
      return <ProjectSettingsPage slug={workspaceSlug} projectId={projectId} tab={((projectSettingsRoute.useSearch() as Search).tab as SettingsTab | undefined) ?? 'general'} />;
    },
  });

  const globalViewRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'workspace-views/$globalViewId',
    validateSearch: peekSearch,
    component: function GlobalViewRoute() {
      const { workspaceSlug, globalViewId } = globalViewRoute.useParams() as Params;
      const me = useSessionStore((state) => state.user?.id ?? '');
      return <GlobalViewPage slug={workspaceSlug} viewId={globalViewId} me={me} peekId={(globalViewRoute.useSearch() as Search).peekId} />;
    },
  });

  const profileRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'profile/$userId',
    validateSearch: (search: Record<string, unknown>): { tab?: string; peekId?: string } => ({
      ...(typeof search.tab === 'string' ? { tab: search.tab } : {}),
      ...peekSearch(search),
    }),
    component: function ProfileRoute() {
      const { workspaceSlug, userId } = profileRoute.useParams() as Params;
      const search = profileRoute.useSearch() as Search;
      return <ProfileIssuesPage slug={workspaceSlug} userId={userId} tab={search.tab ?? 'assigned'} peekId={search.peekId} />;
    },
  });

  return [
    projectsRoute,
    projectIssuesRoute,
    issueDetailRoute,
    archivedIssuesRoute,
    draftIssuesRoute,
    projectSettingsRoute,
    globalViewRoute,
    profileRoute,
  ] as const;
}
