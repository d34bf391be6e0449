// The first day of the week for the interface locale, shared by the calendar layout and the date
// picker so both lay a week out the same way: from the browser's CLDR data for its own tag when
// the browser speaks the interface language (en-GB keeps Monday, en-US Sunday), else the locale's.
import { normalizeLocale } from './index';

/** Day of the week as JavaScript counts it: 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

type WeekInfo = { firstDay?: number };

/**
 * The first day of the week of a locale (en-US → Sunday, en-GB and zh-CN → Monday), from the
 * browser's CLDR data (`Intl.Locale#getWeekInfo`, older engines `weekInfo`); Monday when unknown.
 */
export function firstDayOfWeek(localeTag: string): Weekday {
  try {
    const locale = new Intl.Locale(localeTag) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    // CLDR counts 1 = Monday … 7 = Sunday.
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return (firstDay % 7) as Weekday;
  } catch {
    // An invalid tag: fall through to Monday.
  }
  return 1;
}

/** The browser's own tag when it speaks the interface language (en-GB keeps Monday), else the locale. */
export function weekLocaleTag(locale: string): string {
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  return browser && normalizeLocale(browser) === locale ? browser : locale;
}

/** The first weekday (0 = Sunday) a person of this interface locale expects. */
export function weekStartOf(locale: string): Weekday {
  return firstDayOfWeek(weekLocaleTag(locale));
}
