// Loading and empty states shared by pages.
import type { ReactNode } from 'react';
import { useT } from '../i18n';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label ?? t('common.loading')}</span>
    </div>
  );
}

export function PageLoader() {
  return (
    <div className="page-loader" data-testid="page-loader">
      <Spinner />
    </div>
  );
}

export function EmptyState({ title, body, action, icon = '◇' }: { title: string; body?: string; action?: ReactNode; icon?: string }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <div className="empty-state-icon" aria-hidden="true">
        {icon}
      </div>
      <h3 className="empty-state-title">{title}</h3>
      {body && <p className="empty-state-body">{body}</p>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
