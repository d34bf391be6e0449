// The root of the route tree: what an unknown path shows, and the full-page error a route outside
// the signed-in frame (sign-in, onboarding, the workspace frame itself) falls back to.
import { createRootRoute, Link, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNetworkFailure } from '../api/http';
import { AuthLayout } from '../components/auth-layout';
import { useT } from '../i18n';
import { Button } from '../ui';

function NotFound() {
  const t = useT();
  return (
    <AuthLayout title={t('page.notFound.title')} subtitle={t('page.notFound.body')}>
      <Link to="/" className="btn btn-primary btn-block">{t('page.goHome')}</Link>
    </AuthLayout>
  );
}

/**
 * A failed route's Retry: reset() clears the error boundary; invalidate() marks the matches stale
 * and runs the failed loaders again, so the screen comes back once the server answers.
 */
export function useRouteRetry(reset: () => void): () => void {
  const router = useRouter();
  return () => {
    reset();
    void router.invalidate();
  };
}

/**
 * What a route whose loading or rendering failed shows: "cannot reach the server" only when a
 * request went unanswered, otherwise a plain "something went wrong"; both with a retry that runs
 * the route's loaders again (`router.invalidate`).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const retry = useRouteRetry(reset);
  return (
    <AuthLayout title={t('page.error.title')} subtitle={t(isNetworkFailure(error) ? 'common.errorNetwork' : 'common.errorGeneric')}>
      <Button block onClick={retry} data-testid="retry-button">
        {t('common.retry')}
      </Button>
    </AuthLayout>
  );
}

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
