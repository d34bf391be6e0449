// `/$workspaceSlug`: the signed-in frame's route. Its guard redirects visitors who may not be
// here; its loader loads my workspaces (WorkspaceLayout answers "not found" for a foreign slug).
// Every signed-in screen is a child of it (settings-routes, work-routes, pages-routes).
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import { guardPage } from './guard';
import { PageKind } from './page-kinds';
import { rootRoute } from './root-route';
import { loadMyWorkspaces, loadWorkspaceScreen } from './screen-loaders';
import { screenStates } from './screen-states';
import { WorkspaceLayout } from './workspace-pages';

const WorkspaceHomePage = lazyScreen(() => import('./workspace-home-page'), 'WorkspaceHomePage');

export const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$workspaceSlug',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  loader: () => loadMyWorkspaces(),
  component: function WorkspaceRoute() {
    return <WorkspaceLayout workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

export const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  // Names of projects, states, labels and members the widgets show.
  loader: ({ params }) => loadWorkspaceScreen(params.workspaceSlug),
  ...screenStates,
  component: withScreens(function WorkspaceHomeRoute() {
    return <WorkspaceHomePage workspaceSlug={workspaceHomeRoute.useParams().workspaceSlug} />;
  }, WorkspaceHomePage),
});
