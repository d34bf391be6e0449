// `/$workspaceSlug`: the signed-in frame's route. Its guard redirects visitors who may not be
// here; its loader loads my workspaces (WorkspaceLayout answers "not found" for a foreign slug).
// Every signed-in screen is a child of it (settings-routes, work-routes, pages-routes).
import { createRoute } from '@tanstack/react-router';
import { ensureWorkspaces } from '../stores/workspace-store';
import { guardPage } from './guard';
import { PageKind } from './page-kinds';
import { rootRoute } from './root-route';
import { WorkspaceHomePage, WorkspaceLayout } from './workspace-pages';

export const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$workspaceSlug',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  loader: async () => {
    await ensureWorkspaces();
  },
  component: function WorkspaceRoute() {
    return <WorkspaceLayout workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

export const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  component: function WorkspaceHomeRoute() {
    return <WorkspaceHomePage workspaceSlug={workspaceHomeRoute.useParams().workspaceSlug} />;
  },
});
