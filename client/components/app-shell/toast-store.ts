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
/** Errors stay longer: they say what did not stick and the reason takes a moment to read. */
const ERROR_LIFETIME_MS = 12_000;

/** Shows a toast for a few seconds. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  useToastStore.setState((state) => ({ toasts: [...state.toasts.slice(-4), { ...toast, id }] }));
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), toast.kind === 'error' ? ERROR_LIFETIME_MS : LIFETIME_MS);
}

export function dismissToast(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Longest user text (an issue name…) a toast quotes; the rest is cut with an ellipsis. */
export const TOAST_QUOTE_MAX = 80;

/** `text` cut to `max` characters with an ellipsis, so a toast stays readable. */
export function shortenForToast(text: string, max = TOAST_QUOTE_MAX): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** Errors already shown as a toast, so a caller further up does not show them a second time. */
const reported = new WeakSet<object>();
const wasReported = (error: unknown): boolean => typeof error === 'object' && error !== null && reported.has(error);

/** Shows "<what failed>" with the server's reason, then rethrows nothing: callers decide. */
export function reportFailure(what: MessageKey, error: unknown, vars?: Record<string, string | number>): void {
  if (typeof error === 'object' && error !== null) reported.add(error);
  const body = (error as { body?: unknown } | null)?.body;
  const quoted = vars && Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, typeof value === 'string' ? shortenForToast(value) : value]));
  showToast({ kind: 'error', title: t(what, quoted), message: shortenForToast(readErrorText(body) ?? t('common.errorGeneric'), 300) });
}

/**
 * For work started and not awaited (a click handler, a background refresh): a failure shows as a
 * toast "<what>" with the server's reason, unless the store already toasted that very error.
 * The returned promise never rejects (for a `.finally` after it).
 */
export function toastOnFailure(work: Promise<unknown>, what: MessageKey = 'toast.actionFailed', vars?: Record<string, string | number>): Promise<void> {
  return work.then(() => undefined, (error: unknown) => {
    if (!wasReported(error)) reportFailure(what, error, vars);
  });
}
