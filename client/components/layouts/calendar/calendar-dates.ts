// Date arithmetic for the calendar and gantt layouts, on plain YYYY-MM-DD strings in UTC so no
// timezone shifts a due date (API.md: dates are YYYY-MM-DD, no per-user shifting).

/** YYYY-MM-DD of a Date (UTC). */
export function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A Date at UTC midnight of a YYYY-MM-DD string. */
export function parseDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

export function addDays(value: string, days: number): string {
  const date = parseDate(value);
  date.setUTCDate(date.getUTCDate() + days);
  return toDateString(date);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDate(b).getTime() - parseDate(a).getTime()) / 86_400_000);
}

export function isWeekend(value: string): boolean {
  const day = parseDate(value).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * The weeks shown for a month (Monday first) or for the week containing `anchor`; weekends are
 * dropped when `showWeekends` is false.
 */
export function calendarWeeks(anchor: string, layout: 'month' | 'week', showWeekends: boolean): string[][] {
  const anchorDate = parseDate(anchor);
  const start = layout === 'month' ? `${anchor.slice(0, 7)}-01` : anchor;
  const startDay = (parseDate(start).getUTCDay() + 6) % 7; // Monday = 0
  let cursor = addDays(start, -startDay);
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

/** The anchor moved one month or one week. */
export function shiftAnchor(anchor: string, layout: 'month' | 'week', direction: 1 | -1): string {
  if (layout === 'week') return addDays(anchor, 7 * direction);
  const date = parseDate(`${anchor.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + direction);
  return toDateString(date);
}
