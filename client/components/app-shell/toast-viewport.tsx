// Renders the toast stack in the bottom-right corner; toasts are announced politely.
import { useT } from '../../i18n';
import { dismissToast, useToastStore } from './toast-store';

export function ToastViewport() {
  const t = useT();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="toast-viewport" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid="toast">
          <div className="toast-text">
            <strong>{toast.title}</strong>
            {toast.message && <span>{toast.message}</span>}
          </div>
          <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={() => dismissToast(toast.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
