// Locale-aware date formatting for lists.
import type { Locale } from '../i18n';

/** "Mar 4, 2026" / "2026年3月4日"; empty for a missing or invalid date. */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** A calendar day (`YYYY-MM-DD`, no time zone) as "Mar 4, 2026"; empty when it is not a day. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  // Read and written in UTC, so the day never shifts with the viewer's time zone.
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An instant with date and time, for tooltips: "Mar 4, 2026, 3:05 PM"; empty when invalid. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const RELATIVE_STEPS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 86400 },
  { unit: 'month', seconds: 30 * 86400 },
  { unit: 'week', seconds: 7 * 86400 },
  { unit: 'day', seconds: 86400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/**
 * How long ago (or ahead) an instant is, in the largest whole unit: "now", "2 minutes ago",
 * "yesterday", "3 months ago" (Intl.RelativeTimeFormat, so plurals follow the locale's rules).
 * Less than a minute reads "now". Empty when invalid.
 */
export function formatRelativeTime(value: string | null | undefined, nowMs: number, locale: Locale): string {
  if (!value) return '';
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = (ms - nowMs) / 1000;
  for (const step of RELATIVE_STEPS) {
    const amount = Math.trunc(seconds / step.seconds);
    if (amount !== 0) return format.format(amount, step.unit);
  }
  return format.format(0, 'second');
}
