// Saved view routes (spec §2): a project's views and one project view (children of the project
// route), the workspace views page and one global view (built-in or saved), each loading its views
// before it renders.
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import { BUILT_IN_VIEW_IDS } from '../../shared/built-in-views';
import { useSessionStore } from '../stores/session-store';
import { fetchView, fetchViews } from '../stores/view-store';
import { projectRoute } from './project-route';
import { loadWorkspaceScreen } from './screen-loaders';
import { screenStates } from './screen-states';
import { ProjectFeatureGate } from './project-feature-gate';
import { workspaceRoute } from './workspace-route';

const GlobalViewPage = lazyScreen(() => import('./views-pages'), 'GlobalViewPage');
const ProjectViewPage = lazyScreen(() => import('./views-pages'), 'ProjectViewPage');
const ProjectViewsPage = lazyScreen(() => import('./views-pages'), 'ProjectViewsPage');
const WorkspaceViewsPage = lazyScreen(() => import('./views-pages'), 'WorkspaceViewsPage');

const peekSearch = (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {});

const projectViewsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'views',
  loader: ({ params }) => fetchViews(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: withScreens(function ProjectViewsRoute() {
    const { workspaceSlug, projectId } = projectViewsRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="issue_views_view">
        <ProjectViewsPage slug={workspaceSlug} projectId={projectId} />
      </ProjectFeatureGate>
    );
  }, ProjectViewsPage),
});

const projectViewRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'views/$viewId',
  validateSearch: peekSearch,
  loader: ({ params }) => fetchView(params.workspaceSlug, params.projectId, params.viewId),
  ...screenStates,
  component: withScreens(function ProjectViewRoute() {
    const { workspaceSlug, projectId, viewId } = projectViewRoute.useParams();
    // Keyed by view: another view's list starts from its own saved filters.
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="issue_views_view">
        <ProjectViewPage key={viewId} slug={workspaceSlug} projectId={projectId} viewId={viewId} peekId={projectViewRoute.useSearch().peekId} />
      </ProjectFeatureGate>
    );
  }, ProjectViewPage),
});

const workspaceViewsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views',
  loader: async ({ params }) => {
    await Promise.all([loadWorkspaceScreen(params.workspaceSlug), fetchViews(params.workspaceSlug, null)]);
  },
  ...screenStates,
  component: withScreens(function WorkspaceViewsRoute() {
    return <WorkspaceViewsPage slug={workspaceViewsRoute.useParams().workspaceSlug} />;
  }, WorkspaceViewsPage),
});

const globalViewRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'workspace-views/$globalViewId',
  validateSearch: peekSearch,
  loader: async ({ params }) => {
    const builtIn = (BUILT_IN_VIEW_IDS as readonly string[]).includes(params.globalViewId);
    await Promise.all([loadWorkspaceScreen(params.workspaceSlug), builtIn ? fetchViews(params.workspaceSlug, null) : fetchView(params.workspaceSlug, null, params.globalViewId)]);
  },
  ...screenStates,
  component: withScreens(function GlobalViewRoute() {
    const { workspaceSlug, globalViewId } = globalViewRoute.useParams();
    const me = useSessionStore((state) => state.user?.id ?? '');
    return <GlobalViewPage key={globalViewId} slug={workspaceSlug} viewId={globalViewId} me={me} peekId={globalViewRoute.useSearch().peekId} />;
  }, GlobalViewPage),
});

/** Children of the project route. */
export const projectViewRoutes = [projectViewsRoute, projectViewRoute] as const;
/** Children of the workspace route. */
export const workspaceViewRoutes = [workspaceViewsRoute, globalViewRoute] as const;
