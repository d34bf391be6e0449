// `/$workspaceSlug/analytics`: the workspace analytics screen; its chart query lives in the URL.
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import type { AnalyticsSearch } from './analytics-page';
import { loadProjects } from './screen-loaders';
import { screenStates } from './screen-states';
import { workspaceRoute } from './workspace-route';

const AnalyticsPage = lazyScreen(() => import('./analytics-page'), 'AnalyticsPage');

const KEYS = ['x_axis', 'y_axis', 'segment', 'project', 'kind', 'display'] as const;

const analyticsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'analytics',
  validateSearch: (search: Record<string, unknown>): AnalyticsSearch => {
    const picked: AnalyticsSearch = {};
    for (const key of KEYS) if (typeof search[key] === 'string' && search[key]) picked[key] = search[key] as string;
    return picked;
  },
  loader: ({ params }) => loadProjects(params.workspaceSlug),
  ...screenStates,
  component: withScreens(function AnalyticsRoute() {
    return <AnalyticsPage workspaceSlug={analyticsRoute.useParams().workspaceSlug} search={analyticsRoute.useSearch()} />;
  }, AnalyticsPage),
});

export const analyticsRoutes = [analyticsRoute] as const;
