// Date arithmetic for the calendar and gantt layouts, on plain YYYY-MM-DD strings in UTC so no
// timezone shifts a due date (API.md: dates are YYYY-MM-DD, no per-user shifting). Day steps are
// shared/calendar-day.ts's addDays; which day is today is the person's (use-today.ts).
import { addDays } from '../../../../shared/calendar-day';
import type { Weekday } from '../../../i18n/week-start';

/** YYYY-MM-DD of a Date (UTC). */
function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A Date at UTC midnight of a YYYY-MM-DD string. */
export function parseDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDate(b).getTime() - parseDate(a).getTime()) / 86_400_000);
}

export function isWeekend(value: string): boolean {
  const day = parseDate(value).getUTCDay();
  return day === 0 || day === 6;
}

// The first day of the week lives with the locale: the date picker needs it too.
export { firstDayOfWeek, type Weekday } from '../../../i18n/week-start';

/**
 * The weeks shown for a month or for the week containing `anchor`, each starting on `weekStart`
 * (default Monday); weekends are dropped when `showWeekends` is false.
 */
export function calendarWeeks(anchor: string, layout: 'month' | 'week', showWeekends: boolean, weekStart: Weekday = 1): string[][] {
  const anchorDate = parseDate(anchor);
  const start = layout === 'month' ? `${anchor.slice(0, 7)}-01` : anchor;
  const offset = (parseDate(start).getUTCDay() - weekStart + 7) % 7;
  let cursor = addDays(start, -offset);
  const weeks: string[][] = [];
  const month = anchorDate.getUTCMonth();
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      if (showWeekends || !isWeekend(cursor)) week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  } while (layout === 'month' && parseDate(cursor).getUTCMonth() === month);
  return weeks;
}

/** The column headers for the days of one shown week ("Mon", "周一"), in the locale. */
export function weekdayHeaders(week: string[], localeTag: string): { day: string; short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(localeTag, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(localeTag, { weekday: 'long', timeZone: 'UTC' });
  return week.map((day) => ({ day, short: short.format(parseDate(day)), long: long.format(parseDate(day)) }));
}

/** How many of `dates` fall on a weekend between `first` and `last` (inclusive): what hiding weekends hides. */
export function countWeekendDates(dates: Iterable<string | null | undefined>, first: string, last: string): number {
  let count = 0;
  for (const date of dates) if (date && date >= first && date <= last && isWeekend(date)) count += 1;
  return count;
}

/** The anchor moved one month or one week. */
export function shiftAnchor(anchor: string, layout: 'month' | 'week', direction: 1 | -1): string {
  if (layout === 'week') return addDays(anchor, 7 * direction);
  const date = parseDate(`${anchor.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + direction);
  return toDateString(date);
}

/**
 * The dates a calendar drop onto `day` sets: the due date moves there; a start date later than the
 * new due date comes along to it (the API refuses a start after the due date), an earlier one stays.
 * Null when the issue is already due that day.
 */
export function rescheduleToDay(issue: { start_date: string | null; target_date: string | null }, day: string): { target_date: string; start_date?: string } | null {
  if (issue.target_date === day) return null;
  return issue.start_date && issue.start_date > day ? { target_date: day, start_date: day } : { target_date: day };
}
