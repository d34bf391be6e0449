// What one signed-in screen shows while its route loader runs and when the loader failed: the
// app shell (sidebar, top bar) stays, only the screen's content becomes a spinner or an error
// notice. Routes under `/$workspaceSlug` use these as their `pendingComponent`/`errorComponent`,
// so a failing screen never blanks the whole app and its Retry runs just the loaders again.
import { useParams, type ErrorComponentProps } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { ErrorNotice } from '../components/error-boundary';
import { PageLoader } from '../components/feedback';
import { useT } from '../i18n';
import { useRouteRetry } from './root-route';

/** The workspace of the screen being loaded (every route using these lives under `$workspaceSlug`). */
function useScreenWorkspaceSlug(): string | undefined {
  return useParams({ strict: false }).workspaceSlug;
}

function ScreenPending() {
  const t = useT();
  return (
    <AppShell workspaceSlug={useScreenWorkspaceSlug()} title={t('common.loading')}>
      <PageLoader />
    </AppShell>
  );
}

function ScreenError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const retry = useRouteRetry(reset);
  return (
    <AppShell workspaceSlug={useScreenWorkspaceSlug()} title={t('page.error.title')}>
      <div data-testid="screen-error">
        <ErrorNotice error={error} onRetry={retry} />
      </div>
    </AppShell>
  );
}

/** The pending and error components every screen under `/$workspaceSlug` declares. */
export const screenStates = { pendingComponent: ScreenPending, errorComponent: ScreenError } as const;
