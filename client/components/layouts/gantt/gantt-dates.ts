// Date arithmetic of the gantt layout on YYYY-MM-DD strings: the range the chart covers, the month
// bands of its header, where it opens, and the dates a drag writes (only the dates the issue has).
import type { Issue } from '../../../stores/issue-store';
import { addDays } from '../../../../shared/calendar-day';
import { daysBetween, parseDate } from '../calendar/calendar-dates';

type Dated = Pick<Issue, 'start_date' | 'target_date'>;

/** The day range the chart covers: every dated issue with margins, at least around today. */
export function ganttRange(issues: Dated[], today: string): { start: string; days: number } {
  const dates = issues.flatMap((issue) => [issue.start_date, issue.target_date]).filter((value): value is string => Boolean(value));
  const min = dates.reduce((a, b) => (a < b ? a : b), today);
  const max = dates.reduce((a, b) => (a > b ? a : b), today);
  const start = addDays(min, -7);
  return { start, days: Math.max(60, daysBetween(start, max) + 21) };
}

/** The first and last day of an issue's bar; an issue with one date is a one-day bar. */
export function barDates(issue: Dated): { start: string; end: string } | null {
  const start = issue.start_date ?? issue.target_date;
  const end = issue.target_date ?? issue.start_date;
  return start && end ? { start, end } : null;
}

/**
 * The dates to save after dragging a bar by `deltaDays`: moved (`move`) or one edge resized
 * (`start`/`end`). An issue with only a due date (or only a start date) moves that date alone:
 * a drag never invents the other one. Null when nothing changes or the range would turn over.
 */
export function draggedDates(issue: Dated, mode: 'move' | 'start' | 'end', deltaDays: number): Partial<Record<'start_date' | 'target_date', string>> | null {
  if (deltaDays === 0) return null;
  if (!issue.start_date || !issue.target_date) {
    if (issue.target_date) return { target_date: addDays(issue.target_date, deltaDays) };
    if (issue.start_date) return { start_date: addDays(issue.start_date, deltaDays) };
    return null;
  }
  const next = {
    start_date: mode === 'end' ? issue.start_date : addDays(issue.start_date, deltaDays),
    target_date: mode === 'start' ? issue.target_date : addDays(issue.target_date, deltaDays),
  };
  return next.start_date <= next.target_date ? next : null;
}

/** One month of the header: its first shown day (offset from the range start) and length in days. */
interface MonthBand {
  month: string;
  offset: number;
  days: number;
}

/** The months the range spans, cut to the range, for the header's month labels. */
export function monthBands(range: { start: string; days: number }): MonthBand[] {
  const bands: MonthBand[] = [];
  let offset = 0;
  while (offset < range.days) {
    const day = addDays(range.start, offset);
    const date = parseDate(day);
    const nextMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const days = Math.min(daysBetween(day, nextMonth), range.days - offset);
    bands.push({ month: day.slice(0, 7), offset, days });
    offset += days;
  }
  return bands;
}

/**
 * The day the chart opens on (its left edge): a few days before the earliest bar when that is at
 * most `reach` days before today, so recent early bars are in view; else a few days before today.
 */
export function openingDay(issues: Dated[], today: string, reach = 30): string {
  const starts = issues.map(barDates).filter((bar): bar is { start: string; end: string } => bar !== null).map((bar) => bar.start);
  const earliest = starts.reduce<string | null>((a, b) => (a === null || b < a ? b : a), null);
  if (earliest && earliest < today && daysBetween(earliest, today) <= reach) return addDays(earliest, -2);
  return addDays(today, -3);
}
