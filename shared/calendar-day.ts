// Calendar days as `YYYY-MM-DD` strings (API.md: dates carry no time of day and no zone) and which
// day is "today" for a person, on date-fns and @date-fns/tz. "Today" depends on where the person is:
// at 02:00 UTC it is still yesterday in Los Angeles, so it is never the UTC day.
import { TZDate } from '@date-fns/tz';
import { addDays as addDaysToDate, format, parseISO } from 'date-fns';

const DAY_FORMAT = 'yyyy-MM-dd';

/** The time zone stored for users who never chose one (users.user_timezone's default). */
const DEFAULT_USER_TIME_ZONE = 'UTC';

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  // parseISO reads a bare date as local midnight, and date-fns steps whole calendar days, so no
  // daylight-saving change in the runtime's own zone can shift the answer.
  return format(addDaysToDate(parseISO(day), days), DAY_FORMAT);
}

/** The calendar day it is at `now` in `timeZone` (an IANA name); UTC for a name the runtime does not know. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const zoned = new TZDate(now, timeZone);
  return format(Number.isNaN(zoned.getTime()) ? new TZDate(now, 'UTC') : zoned, DAY_FORMAT);
}

/**
 * The zone a person's "today" is counted in: their profile's `user_timezone` when they chose one,
 * else `fallback` (the browser's zone in the client; UTC on the server, which has no browser). The
 * default `UTC` counts as not chosen: nobody can set it in the app, so it says nothing about where
 * the person is.
 */
export function personalTimeZone(profileZone: string | null | undefined, fallback: string): string {
  return profileZone && profileZone !== DEFAULT_USER_TIME_ZONE ? profileZone : fallback;
}
