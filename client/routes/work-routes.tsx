// Routes of the work area under `/$workspaceSlug`: the projects list, one project's screens
// (issues, one issue, archived, drafts, settings, pages, views), global views and a member's issues.
// One project's screens are children of the `projects/$projectId` layout route (project-route).
import { intakeRoute } from './inbox-routes';
import { createRoute } from '@tanstack/react-router';
import { SETTINGS_TABS, type SettingsTab } from './screen-tabs';
import { pageRoutes } from './pages-routes';
import { cycleRoutes, workspaceCycleRoutes } from './cycles-routes';
import { moduleRoutes } from './modules-routes';
import { projectViewRoutes, workspaceViewRoutes } from './views-routes';
import { projectIndexRoute, projectRoute } from './project-route';
import { loadIssueScreen, loadProjects, loadWorkspaceScreen, loadProjectList } from './screen-loaders';
import { screenStates } from './screen-states';
import { IssueDetailScreen, ProfileIssuesPage, ProjectIssuesPage, ProjectSettings, ProjectSettingsPage, ProjectsPage } from './work-pages';
import { withScreens } from './lazy-screen';
import { workspaceRoute } from './workspace-route';

/** `?peekId=` — the issue open in the peek overlay over a list. */
export const peekSearch = (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {});

const isSettingsTab = (value: unknown): value is SettingsTab => (SETTINGS_TABS as readonly unknown[]).includes(value);

const projectsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects',
  loader: ({ params }) => loadProjects(params.workspaceSlug),
  ...screenStates,
  component: function ProjectsRoute() {
    return <ProjectsPage slug={projectsRoute.useParams().workspaceSlug} />;
  },
});

const projectIssuesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'issues',
  validateSearch: peekSearch,
  loader: ({ params }) => loadProjectList(params.workspaceSlug, params.projectId),
  component: function ProjectIssuesRoute() {
    const { workspaceSlug, projectId } = projectIssuesRoute.useParams();
    return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="project" peekId={projectIssuesRoute.useSearch().peekId} />;
  },
});

const issueDetailRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'issues/$issueId',
  loader: ({ params }) => loadIssueScreen(params.workspaceSlug, params.projectId, params.issueId),
  ...screenStates,
  component: function IssueDetailRoute() {
    const { workspaceSlug, projectId, issueId } = issueDetailRoute.useParams();
    return <IssueDetailScreen slug={workspaceSlug} projectId={projectId} issueId={issueId} />;
  },
});

const archivedIssuesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'archived-issues',
  validateSearch: peekSearch,
  component: function ArchivedIssuesRoute() {
    const { workspaceSlug, projectId } = archivedIssuesRoute.useParams();
    return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="archived" peekId={archivedIssuesRoute.useSearch().peekId} />;
  },
});

const draftIssuesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'draft-issues',
  validateSearch: peekSearch,
  component: function DraftIssuesRoute() {
    const { workspaceSlug, projectId } = draftIssuesRoute.useParams();
    return <ProjectIssuesPage slug={workspaceSlug} projectId={projectId} kind="draft" peekId={draftIssuesRoute.useSearch().peekId} />;
  },
});

const projectSettingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'settings',
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } => (isSettingsTab(search.tab) ? { tab: search.tab } : {}),
  component: withScreens(function ProjectSettingsRoute() {
    const { workspaceSlug, projectId } = projectSettingsRoute.useParams();
    return <ProjectSettingsPage slug={workspaceSlug} projectId={projectId} tab={projectSettingsRoute.useSearch().tab ?? 'general'} />;
  }, ProjectSettings),
});

const memberIssuesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'profile/$userId',
  validateSearch: (search: Record<string, unknown>): { tab?: string; peekId?: string } => ({
    ...(typeof search.tab === 'string' ? { tab: search.tab } : {}),
    ...peekSearch(search),
  }),
  loader: ({ params }) => loadWorkspaceScreen(params.workspaceSlug),
  ...screenStates,
  component: function MemberIssuesRoute() {
    const { workspaceSlug, userId } = memberIssuesRoute.useParams();
    const search = memberIssuesRoute.useSearch();
    return <ProfileIssuesPage slug={workspaceSlug} userId={userId} tab={search.tab ?? 'summary'} peekId={search.peekId} />;
  },
});

export const workRoutes = [
  projectsRoute,
  projectRoute.addChildren([
    projectIndexRoute,
    projectIssuesRoute,
    issueDetailRoute,
    archivedIssuesRoute,
    draftIssuesRoute,
    projectSettingsRoute,
    ...pageRoutes,
    ...cycleRoutes,
    intakeRoute,
    ...moduleRoutes,
    ...projectViewRoutes,
  ]),
  ...workspaceViewRoutes,
  memberIssuesRoute,
  ...workspaceCycleRoutes,
] as const;
