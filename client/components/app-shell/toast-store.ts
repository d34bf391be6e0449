// Toasts: short messages naming what failed (or succeeded). Stores call `reportFailure` when an
// optimistic change was rolled back, so the user learns which change did not stick.
import { create } from 'zustand';
import { readErrorText } from '../../api/http';
import { t, type MessageKey } from '../../i18n';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  title: string;
  message?: string;
}

export const useToastStore = create<{ toasts: Toast[] }>(() => ({ toasts: [] }));

let nextId = 1;
const LIFETIME_MS = 6000;

/** Shows a toast for a few seconds. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  useToastStore.setState((state) => ({ toasts: [...state.toasts.slice(-4), { ...toast, id }] }));
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), LIFETIME_MS);
}

export function dismissToast(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Shows "<what failed>" with the server's reason, then rethrows nothing: callers decide. */
export function reportFailure(what: MessageKey, error: unknown, vars?: Record<string, string | number>): void {
  const body = (error as { body?: unknown } | null)?.body;
  showToast({ kind: 'error', title: t(what, vars), message: readErrorText(body) ?? t('common.errorGeneric') });
}
