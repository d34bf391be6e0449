// Cycle routes under a project: the cycles page (`?tab=`) and one cycle (`?peekId=` for its list).
import { createRoute } from '@tanstack/react-router';
import { fetchCycles } from '../stores/cycle-store';
import { CYCLE_TABS, CycleDetailPage, CyclesPage, type CycleTab } from './cycles-pages';
import { projectRoute } from './project-route';
import { screenStates } from './screen-states';

const isCycleTab = (value: unknown): value is CycleTab => (CYCLE_TABS as readonly unknown[]).includes(value);

const cyclesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'cycles',
  validateSearch: (search: Record<string, unknown>): { tab?: CycleTab } => (isCycleTab(search.tab) ? { tab: search.tab } : {}),
  loader: ({ params }) => fetchCycles(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: function CyclesRoute() {
    const { workspaceSlug, projectId } = cyclesRoute.useParams();
    // Spec §3: the cycles page opens on the active tab.
    return <CyclesPage slug={workspaceSlug} projectId={projectId} tab={cyclesRoute.useSearch().tab ?? 'active'} />;
  },
});

const cycleRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'cycles/$cycleId',
  validateSearch: (search: Record<string, unknown>): { peekId?: string } => (typeof search.peekId === 'string' ? { peekId: search.peekId } : {}),
  loader: ({ params }) => fetchCycles(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: function CycleRoute() {
    const { workspaceSlug, projectId, cycleId } = cycleRoute.useParams();
    return <CycleDetailPage slug={workspaceSlug} projectId={projectId} cycleId={cycleId} peekId={cycleRoute.useSearch().peekId} />;
  },
});

export const cycleRoutes = [cyclesRoute, cycleRoute] as const;
