// Locale-aware date formatting for lists.
import type { Locale } from '../i18n';

/** "Mar 4, 2026" / "2026年3月4日"; empty for a missing or invalid date. */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}
