// Loading and empty states shared by pages.
import { useT } from '../i18n';
import { SkeletonRows } from '../ui/skeleton';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A screen's content while it loads: grey line placeholders, announced once as "Loading…". */
export function PageLoader() {
  return (
    <div className="page-loader" data-testid="page-loader">
      <SkeletonRows rows={6} />
    </div>
  );
}

/** The design system's empty state (client/ui/empty-state.tsx), kept importable from here. */
export { EmptyState } from '../ui/empty-state';
