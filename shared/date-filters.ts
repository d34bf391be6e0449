// The legacy date filter syntax of reference §1.2 and the relative date presets of spec §9, counted
// from the caller's today in their time zone (calendar-day.ts).
import { addDays, todayIn } from './calendar-day';

/** A comparison against a calendar day: on or after, on or before, or on that day. */
type DateFilterOp = 'gte' | 'lte' | 'eq';

/** One condition of a date filter; all conditions of a filter are ANDed. */
export interface DateCondition {
  op: DateFilterOp;
  /** `YYYY-MM-DD` */
  date: string;
}

/** Days in a relative week and month (spec §9). */
const DAYS_PER_WEEK = 7;
const DAYS_PER_MONTH = 30;

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE_RE = /^(\d{1,4})_(weeks|months)$/;

/** True when `value` is a real calendar day written `YYYY-MM-DD`. */
export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE_RE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parseTerm(term: string, today: string): DateCondition | null {
  const parts = term.split(';');
  if (parts.some((part) => part === '')) return null;
  if (parts.length === 1) return isValidIsoDate(parts[0]) ? { op: 'eq', date: parts[0] } : null;
  const op: DateFilterOp = parts[1] === 'after' ? 'gte' : 'lte';
  const relative = RELATIVE_RE.exec(parts[0]);
  if (relative) {
    if (parts.length !== 3) return null;
    const days = Number(relative[1]) * (relative[2] === 'weeks' ? DAYS_PER_WEEK : DAYS_PER_MONTH);
    return { op, date: addDays(today, parts[2] === 'fromnow' ? days : -days) };
  }
  return isValidIsoDate(parts[0]) ? { op, date: parts[0] } : null;
}

/**
 * Parses a date filter value: a comma list of terms, each `YYYY-MM-DD;after` (≥),
 * `YYYY-MM-DD;before` (≤; any second part other than `after` counts as before), a bare
 * `YYYY-MM-DD` (that day), or `N_weeks|N_months;after|before;fromnow|ago` relative to the day it
 * is at `now` in `timeZone` (`fromnow` adds, anything else subtracts; weeks are 7 days, months 30).
 * Returns `[]` when the value or any term is empty (the filter is off), `null` when a term is malformed.
 */
export function parseDateFilter(value: string, now: Date, timeZone = 'UTC'): DateCondition[] | null {
  const terms = value.split(',');
  if (terms.some((term) => term.trim() === '')) return [];
  const today = todayIn(timeZone, now);
  const conditions: DateCondition[] = [];
  for (const term of terms) {
    const condition = parseTerm(term.trim(), today);
    if (!condition) return null;
    conditions.push(condition);
  }
  return conditions;
}

/** Builds the range form `from;after,to;before` (either end optional). */
export function formatDateRange(from?: string | null, to?: string | null): string {
  return [from ? `${from};after` : null, to ? `${to};before` : null].filter(Boolean).join(',');
}

/** Relative date presets (spec §9). */
export const DatePreset = {
  TODAY: 'today',
  YESTERDAY: 'yesterday',
  LAST_7_DAYS: 'last_7_days',
  LAST_30_DAYS: 'last_30_days',
} as const;
export type DatePreset = (typeof DatePreset)[keyof typeof DatePreset];

/** The inclusive range of days a preset covers, relative to the day it is at `now` in `timeZone`. */
export function datePresetRange(preset: DatePreset, now: Date, timeZone = 'UTC'): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case DatePreset.TODAY:
      return { from: today, to: today };
    case DatePreset.YESTERDAY: {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case DatePreset.LAST_7_DAYS:
      return { from: addDays(today, -7), to: today };
    case DatePreset.LAST_30_DAYS:
      return { from: addDays(today, -30), to: today };
    default:
      return assertNever(preset);
  }
}

/** The filter value of a preset, e.g. `2024-05-01;after,2024-05-01;before` for today. */
export function datePresetFilter(preset: DatePreset, now: Date, timeZone = 'UTC'): string {
  const { from, to } = datePresetRange(preset, now, timeZone);
  return formatDateRange(from, to);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
