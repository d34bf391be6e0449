// `/$workspaceSlug/projects/$projectId`: the layout route of one project's screens (issues, one
// issue, archived, drafts, settings, pages). Its loader loads what every project screen shows
// (states, labels, members, estimates) once on entering the project, not again per tab: live
// events keep those rows current while the user stays.
import { createRoute, notFound, Outlet } from '@tanstack/react-router';
import { loadProjectScreen } from './screen-loaders';
import { screenStates } from './screen-states';
import { workspaceRoute } from './workspace-route';

export const projectRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'projects/$projectId',
  loader: ({ params }) => loadProjectScreen(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: Outlet,
});

/** `/projects/{id}` alone names no screen (as before the layout route existed). */
export const projectIndexRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  beforeLoad: () => {
    throw notFound();
  },
});

