// Banner alerts (errors, successes, notes) shown above forms and pages.
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

export function Alert({ tone = 'error', children, onDismiss, testId }: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId ?? `alert-${tone}`}>
      <span className="alert-icon" aria-hidden="true">
        {tone === 'error' ? <CircleAlert size={18} /> : tone === 'success' ? <CircleCheck size={18} /> : <Info size={18} />}
      </span>
      <div className="alert-body">{children}</div>
      {onDismiss && (
        <button type="button" className="alert-dismiss" onClick={onDismiss} aria-label={t('common.dismiss')}>
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
