// Cycle routes under a project: the cycles page (`?tab=`) and one cycle (`?peekId=` for its list);
// and the workspace's active cycles (`/$workspaceSlug/active-cycles`).
import { createRoute } from '@tanstack/react-router';
import { ensureProjects } from '../stores/project-store';
import { fetchActiveCycles, fetchCycles } from '../stores/cycle-store';
import { workspaceRoute } from './workspace-route';
import { CYCLE_TABS, type CycleTab } from './screen-tabs';
import { lazyScreen, withScreens } from './lazy-screen';
import { projectRoute } from './project-route';
import { screenStates } from './screen-states';
import { ProjectFeatureGate } from './project-feature-gate';

const ActiveCyclesPage = lazyScreen(() => import('./active-cycles-page'), 'ActiveCyclesPage');

const CycleDetailPage = lazyScreen(() => import('./cycles-pages'), 'CycleDetailPage');
const CyclesPage = lazyScreen(() => import('./cycles-pages'), 'CyclesPage');

const isCycleTab = (value: unknown): value is CycleTab => (CYCLE_TABS as readonly unknown[]).includes(value);

const cyclesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'cycles',
  validateSearch: (search: Record<string, unknown>): { tab?: CycleTab } => (isCycleTab(search.tab) ? { tab: search.tab } : {}),
  loader: ({ params }) => fetchCycles(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: withScreens(function CyclesRoute() {
    const { workspaceSlug, projectId } = cyclesRoute.useParams();
    // Spec §3: the cycles page opens on the active tab.
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="cycle_view">
        <CyclesPage slug={workspaceSlug} projectId={projectId} tab={cyclesRoute.useSearch().tab ?? 'active'} />
      </ProjectFeatureGate>
    );
  }, CyclesPage),
});

const cycleRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'cycles/$cycleId',
  validateSearch: (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {}),
  loader: ({ params }) => fetchCycles(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: withScreens(function CycleRoute() {
    const { workspaceSlug, projectId, cycleId } = cycleRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="cycle_view">
        <CycleDetailPage slug={workspaceSlug} projectId={projectId} cycleId={cycleId} peekId={cycleRoute.useSearch().peekId} />
      </ProjectFeatureGate>
    );
  }, CycleDetailPage),
});

const activeCyclesRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'active-cycles',
  loader: async ({ params }) => (await Promise.all([fetchActiveCycles(params.workspaceSlug), ensureProjects(params.workspaceSlug)]))[0],
  ...screenStates,
  component: withScreens(function ActiveCyclesRoute() {
    return <ActiveCyclesPage slug={activeCyclesRoute.useParams().workspaceSlug} initial={activeCyclesRoute.useLoaderData()} />;
  }, ActiveCyclesPage),
});

export const cycleRoutes = [cyclesRoute, cycleRoute] as const;
export const workspaceCycleRoutes = [activeCyclesRoute] as const;
