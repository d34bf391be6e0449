// "Today" for the signed-in person: the calendar day where they are (shared/calendar-day.ts), so
// the calendar and gantt mark the right day west of UTC in the evening.
import { personalTimeZone, todayIn } from '../../shared/calendar-day';
import { useSessionStore } from '../stores/session-store';

/** The browser's IANA time zone (where the person is when they chose none in their profile). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The signed-in person's time zone: their profile's when they chose one, else the browser's. */
function useTimeZone(): string {
  const profileZone = useSessionStore((state) => state.user?.user_timezone);
  return personalTimeZone(profileZone, browserTimeZone());
}

/** Today's `YYYY-MM-DD` in the signed-in person's time zone (read at render). */
export function useToday(): string {
  return todayIn(useTimeZone());
}
