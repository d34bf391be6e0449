// The app's modal dialog, now client/ui/Dialog (Radix: focus trap, Escape, focus return, the page
// behind hidden from screen readers); the props stay as they were so call sites do not change.
import type { ReactNode } from 'react';
import { Dialog } from '../ui/dialog';

export function Modal({ title, onClose, children, testId, footer }: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog title={title} onClose={onClose} testId={testId} footer={footer}>
      {children}
    </Dialog>
  );
}
