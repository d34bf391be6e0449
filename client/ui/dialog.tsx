// A modal dialog on Radix Dialog: focus trapped inside, Escape and an outside click close it,
// focus returns to what opened it, the page behind is hidden from assistive technology.
// Escape closes one layer at a time: Radix answers only for the topmost dialog or popover, and a
// hand-written picker open inside (marked `data-escape-layer`) keeps its Escape to itself.
import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useT } from '../i18n';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** A sentence under the title that describes the dialog to screen readers too. */
  description?: string;
  testId?: string;
  /** Extra class on the panel (width variants). */
  className?: string;
}

/** Open while mounted: callers render it conditionally, as they did the hand-written modal. */
export function Dialog({ title, onClose, children, footer, description, testId, className }: DialogProps) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="modal-backdrop">
          <RadixDialog.Content
            className={['modal', className ?? ''].filter(Boolean).join(' ')}
            data-testid={testId}
            // Without a description Radix is told so explicitly (it warns otherwise).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              // The first field, not the close button: the user came to type or choose.
              const panel = event.currentTarget as HTMLElement;
              const first = panel.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, [contenteditable=true], .modal-body button, .modal-footer button');
              event.preventDefault();
              (first ?? panel).focus();
            }}
            ref={panelRef}
            onEscapeKeyDown={(event) => {
              // An open hand-written picker inside (rendered only while open) closes itself first.
              if (panelRef.current?.querySelector('[data-escape-layer]')) event.preventDefault();
            }}
          >
            <div className="modal-header">
              <RadixDialog.Title className="modal-title">{title}</RadixDialog.Title>
              <RadixDialog.Close className="modal-close" aria-label={t('common.close')}>
                <X size={18} aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            {description && <RadixDialog.Description className="modal-description">{description}</RadixDialog.Description>}
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
