// Failure and success toasts of the stores: `reportFailure` names what did not stick and the
// server's reason. The toasts themselves are client/ui/toast.ts (sonner); `showToast` and
// `useToastStore` keep the earlier call sites and tests working on it.
import { readErrorText } from '../../api/http';
import { t, type MessageKey } from '../../i18n';
import { toast, useToastStore, type ShownToast, type ToastKind } from '../../ui/toast';

export { useToastStore };
export type Toast = ShownToast;

/** Shows a toast for a few seconds. */
export function showToast({ kind, title, message }: { kind: ToastKind; title: string; message?: string }): void {
  toast[kind](title, { description: message });
}

export function dismissToast(id: number): void {
  toast.dismiss(id);
}

/** Longest user text (an issue name…) a toast quotes; the rest is cut with an ellipsis. */
export const TOAST_QUOTE_MAX = 80;

/** `text` cut to `max` characters with an ellipsis, so a toast stays readable. */
export function shortenForToast(text: string, max = TOAST_QUOTE_MAX): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** Shows "<what failed>" with the server's reason, then rethrows nothing: callers decide. */
export function reportFailure(what: MessageKey, error: unknown, vars?: Record<string, string | number>): void {
  const body = (error as { body?: unknown } | null)?.body;
  const quoted = vars && Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, typeof value === 'string' ? shortenForToast(value) : value]));
  toast.error(t(what, quoted), { description: shortenForToast(readErrorText(body) ?? t('common.errorGeneric'), 300) });
}
