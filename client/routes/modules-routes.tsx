// Module routes under a project: the modules list (live and archived tabs) and one module.
import { createRoute } from '@tanstack/react-router';
import { fetchModule, fetchModules } from '../stores/module-store';
import { ModuleDetailPage, ModulesListPage } from './modules-page';
import { projectRoute } from './project-route';
import { screenStates } from './screen-states';

const modulesListRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'modules',
  validateSearch: (search: Record<string, unknown>): { archived?: boolean } => (search.archived === true || search.archived === 'true' ? { archived: true } : {}),
  loader: async ({ params }) => {
    await Promise.all([fetchModules(params.workspaceSlug, params.projectId), fetchModules(params.workspaceSlug, params.projectId, true)]);
  },
  ...screenStates,
  component: function ModulesListRoute() {
    const { workspaceSlug, projectId } = modulesListRoute.useParams();
    return <ModulesListPage slug={workspaceSlug} projectId={projectId} archived={modulesListRoute.useSearch().archived === true} />;
  },
});

const moduleDetailRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'modules/$moduleId',
  validateSearch: (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {}),
  loader: async ({ params }) => {
    await fetchModule(params.workspaceSlug, params.projectId, params.moduleId);
  },
  ...screenStates,
  component: function ModuleDetailRoute() {
    const { workspaceSlug, projectId, moduleId } = moduleDetailRoute.useParams();
    return <ModuleDetailPage slug={workspaceSlug} projectId={projectId} moduleId={moduleId} peekId={moduleDetailRoute.useSearch().peekId} />;
  },
});

/** The module routes, children of the project route (work-routes adds them). */
export const moduleRoutes = [modulesListRoute, moduleDetailRoute] as const;
