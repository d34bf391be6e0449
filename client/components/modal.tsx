// An accessible modal dialog: labelled, Escape closes (unless a picker inside took it), focus moves
// in and returns on close.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';

export function Modal({ title, onClose, children, testId, footer }: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const t = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panelRef.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal-close)');
    (first ?? panelRef.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      // A picker inside the dialog that handled Escape (preventDefault) closes only itself, and
      // only the topmost of nested dialogs answers, so one Escape never closes two layers.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== panelRef.current) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panelRef} tabIndex={-1} data-testid={testId}>
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}
