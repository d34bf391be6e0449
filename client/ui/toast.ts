// The app's toasts, on sonner (stacking, swipe and hover-to-pause, an announced region, action
// buttons for undo) instead of a hand-written viewport. Call sites use `toast.success(title,
// { undo })` and friends; `useToastStore` mirrors what is on screen so code and tests can read
// what the user was told.
import { toast as sonner } from 'sonner';
import { create } from 'zustand';
import { t } from '../i18n';

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastOptions {
  /** A second line: the reason, the detail. */
  description?: string;
  /** Shows an "Undo" button that runs this and closes the toast. */
  undo?: () => void | Promise<void>;
  /** Milliseconds on screen; errors default to longer. */
  duration?: number;
  /** A button other than Undo (e.g. Reload): runs `run` and closes the toast. */
  action?: { label: string; run: () => void };
  /** Runs when the toast closes without Undo (its time ran out, or it was dismissed). */
  onClose?: () => void;
}

interface ShownToast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
  duration: number;
  undo?: () => void | Promise<void>;
  action?: ToastOptions['action'];
}

export const useToastStore = create<{ toasts: ShownToast[] }>(() => ({ toasts: [] }));

/** How many toasts stay listed; sonner itself shows three and stacks the rest. */
const KEPT = 5;
export const TOAST_LIFETIME_MS = 6000;
/** Errors stay longer: they say what did not stick and the reason takes a moment to read. */
export const ERROR_TOAST_LIFETIME_MS = 12_000;

let nextId = 1;

function forget(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

function show(kind: ToastKind, title: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const duration = options.duration ?? (kind === 'error' ? ERROR_TOAST_LIFETIME_MS : TOAST_LIFETIME_MS);
  const undo = options.undo;
  useToastStore.setState((state) => ({ toasts: [...state.toasts.slice(-(KEPT - 1)), { id, kind, title, message: options.description, duration, undo, action: options.action }] }));
  sonner[kind](title, {
    id,
    description: options.description,
    duration,
    testId: 'toast',
    action: undo ? { label: t('common.undo'), onClick: () => void runUndo(id, undo) } : options.action ? { label: options.action.label, onClick: () => options.action!.run() } : undefined,
    onDismiss: () => {
      forget(id);
      options.onClose?.();
    },
    onAutoClose: () => {
      forget(id);
      options.onClose?.();
    },
  });
  return id;
}

async function runUndo(id: number, undo: () => void | Promise<void>): Promise<void> {
  forget(id);
  try {
    await undo();
  } catch {
    show('error', t('toast.undoFailed'));
  }
}

/**
 * Shows `title` with an Undo button for the toast's lifetime (paused while hovered). Resolves
 * false when the user pressed Undo, true once the toast closed otherwise: the change may go ahead.
 * For changes the server cannot take back (a delete), the caller waits for this before sending.
 */
export function undoWindow(title: string, options: Omit<ToastOptions, 'undo' | 'onClose'> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    show('success', title, { ...options, undo: () => resolve(false), onClose: () => resolve(true) });
  });
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
  /** Closes one toast. */
  dismiss(id: number): void {
    sonner.dismiss(id);
    forget(id);
  },
};
