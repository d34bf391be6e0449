// Page routes under a project: the project's page list and one page. The page screen is
// lazy-loaded so the editor stack stays out of the main bundle.
import { lazyScreen, withScreens } from './lazy-screen';
import { lazy, Suspense } from 'react';
import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/feedback';
import { projectRoute } from './project-route';
import { loadPagesScreen } from './screen-loaders';
import { screenStates } from './screen-states';
import { ProjectFeatureGate } from './project-feature-gate';

const PagesListPage = lazyScreen(() => import('./pages-list-page'), 'PagesListPage');

const PageScreen = lazy(() => import('../editor/page-screen'));

const pagesListRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pages',
  loader: ({ params }) => loadPagesScreen(params.workspaceSlug, params.projectId),
  ...screenStates,
  component: withScreens(function PagesListRoute() {
    const { workspaceSlug, projectId } = pagesListRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="page_view">
        <PagesListPage workspaceSlug={workspaceSlug} projectId={projectId} />
      </ProjectFeatureGate>
    );
  }, PagesListPage),
});

const pageRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pages/$pageId',
  component: function PageRoute() {
    const { workspaceSlug, projectId, pageId } = pageRoute.useParams();
    return (
      <ProjectFeatureGate slug={workspaceSlug} projectId={projectId} feature="page_view">
        <Suspense fallback={<PageLoader />}>
          <PageScreen key={pageId} workspaceSlug={workspaceSlug} projectId={projectId} pageId={pageId} />
        </Suspense>
      </ProjectFeatureGate>
    );
  },
});

/** The two page routes, children of the project route (work-routes adds them). */
export const pageRoutes = [pagesListRoute, pageRoute] as const;
