// "2 minutes ago" that stays true: every RelativeTime on screen reads one shared clock, which
// ticks only while at least one is mounted. The exact date and time is the tooltip.
import { useSyncExternalStore } from 'react';
import { useLocale } from '../i18n';
import { formatDateTime, formatRelativeTime } from './format';

/** How often relative times are refreshed; the smallest unit shown is a minute. */
const CLOCK_TICK_MS = 15_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The shared clock, in epoch milliseconds, updated every CLOCK_TICK_MS while someone listens. */
function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/** A `<time>` showing how long ago `value` was, in the user's locale, with the exact time as title. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const locale = useLocale();
  // The clock may lag a tick behind (or the server's clock run ahead): what just happened reads "now".
  const nowMs = Math.max(useNow(), Date.parse(value) || 0);
  return (
    <time className={className ?? 'muted'} dateTime={value} title={formatDateTime(value, locale)} data-testid="relative-time">
      {formatRelativeTime(value, nowMs, locale)}
    </time>
  );
}
