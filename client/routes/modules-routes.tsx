// Module routes under a project: the modules list (live and archived tabs) and one module.
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { fetchModule, fetchModules } from '../stores/module-store';
import { projectRoute } from './project-route';
import { screenStates } from './screen-states';
import { ProjectFeatureGate } from './project-feature-gate';

const ModuleDetailPage = lazyScreen(() => import('./modules-page'), 'ModuleDetailPage');
const ModulesListPage = lazyScreen(() => import('./modules-page'), 'ModulesListPage');

const modulesListRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'modules',
  validateSearch: (search: Record<string, unknown>): { archived?: boolean } => (search.archived === true || search.archived === 'true' ? { archived: true } : {}),
  loader: async ({ params }) => {
    await Promise.all([fetchModules(params.workspaceSlug, params.projectId), fetchModules(params.workspaceSlug, params.projectId, true)]);
  },
  ...screenStates,
  component: withScreens(function ModulesListRoute() {
    const { workspaceSlug, projectId } = modulesListRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="module_view">
        <ModulesListPage slug={workspaceSlug} projectId={projectId} archived={modulesListRoute.useSearch().archived === true} />
      </ProjectFeatureGate>
    );
  }, ModulesListPage),
});

const moduleDetailRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'modules/$moduleId',
  validateSearch: (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {}),
  loader: async ({ params }) => {
    try {
      await fetchModule(params.workspaceSlug, params.projectId, params.moduleId);
    } catch (error) {
      // A refusal (no such module, no access) is answered by the screen with "module not found" and
      // the way back, as a missing cycle or issue is; a Retry would only fail again.
      if (!(error instanceof ApiError && error.status < 500)) throw error;
    }
  },
  ...screenStates,
  component: withScreens(function ModuleDetailRoute() {
    const { workspaceSlug, projectId, moduleId } = moduleDetailRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="module_view">
        <ModuleDetailPage slug={workspaceSlug} projectId={projectId} moduleId={moduleId} peekId={moduleDetailRoute.useSearch().peekId} />
      </ProjectFeatureGate>
    );
  }, ModuleDetailPage),
});

/** The module routes, children of the project route (work-routes adds them). */
export const moduleRoutes = [modulesListRoute, moduleDetailRoute] as const;
