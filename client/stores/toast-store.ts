// Failure and success toasts of the stores: `reportFailure` names what did not stick and the
// server's reason. The toasts themselves are client/ui/toast.ts (sonner); `showToast` and
// `useToastStore` keep the earlier call sites and tests working on it.
import { isNetworkFailure, readErrorText } from '../api/http';
import { t, type MessageKey } from '../i18n';
import { toast, useToastStore, type ToastKind } from '../ui/toast';

export { useToastStore };

/** Shows a toast for a few seconds. */
export function showToast({ kind, title, message }: { kind: ToastKind; title: string; message?: string }): void {
  toast[kind](title, { description: message });
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

/**
 * Background reads whose failure for want of the network is no news: offline is a normal state, the
 * screen keeps the data it has (the service worker's copy), the header's one indicator says
 * "Offline", and the lists are read again when the live stream reconnects or the screen reopens.
 */
const QUIET_WHEN_UNREACHABLE: ReadonlySet<MessageKey> = new Set<MessageKey>(['toast.refreshFailed']);

/** Shows "<what failed>" with the server's reason, then rethrows nothing: callers decide. */
export function reportFailure(what: MessageKey, error: unknown, vars?: Record<string, string | number>): void {
  if (typeof error === 'object' && error !== null) reported.add(error);
  if (QUIET_WHEN_UNREACHABLE.has(what) && isNetworkFailure(error)) return;
  const body = (error as { body?: unknown } | null)?.body;
  const quoted = vars && Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, typeof value === 'string' ? shortenForToast(value) : value]));
  toast.error(t(what, quoted), { description: shortenForToast(readErrorText(body) ?? t('common.errorGeneric'), 300) });
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
