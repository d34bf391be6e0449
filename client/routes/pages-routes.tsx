// Page routes under the workspace route: the project's page list and one page. The page screen is
// lazy-loaded so the editor stack stays out of the main bundle.
import { lazy, Suspense } from 'react';
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { PageLoader } from '../components/feedback';
import { PagesListPage } from './pages-list-page';

const PageScreen = lazy(() => import('../editor/page-screen'));

/** The two page routes, as children of the `$workspaceSlug` route. */
export function createPagesRoutes<TParent extends AnyRoute>(workspaceRoute: TParent) {
  const pagesListRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/pages',
    component: function PagesListRoute() {
      const { workspaceSlug, projectId } = pagesListRoute.useParams() as { workspaceSlug: string; projectId: string };
      return <PagesListPage workspaceSlug={workspaceSlug} projectId={projectId} />;
    },
  });
  const pageRoute = createRoute({
    getParentRoute: () => workspaceRoute,
    path: 'projects/$projectId/pages/$pageId',
    component: function PageRoute() {
      const { workspaceSlug, projectId, pageId } = pageRoute.useParams() as { workspaceSlug: string; projectId: string; pageId: string };
      return (
        <Suspense fallback={<PageLoader />}>
          <PageScreen key={pageId} workspaceSlug={workspaceSlug} projectId={projectId} pageId={pageId} />
        </Suspense>
      );
    },
  });
  return [pagesListRoute, pageRoute] as const;
}
