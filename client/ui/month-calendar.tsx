// The month grid of the date picker (react-day-picker), loaded when a date picker first opens so
// the first screen's JavaScript does not carry it. The week starts on the locale's first day, the
// same as the calendar layout's (an en-GB browser gets Monday, not en-US's Sunday).
import { DayPicker } from 'react-day-picker';
import { enUS, zhCN } from 'react-day-picker/locale';
import type { Locale } from '../i18n';
import { weekStartOf } from '../i18n/week-start';
import { isoDay } from './pickers/date-options';
import 'react-day-picker/style.css';

const DAY_PICKER_LOCALES = { en: enUS, 'zh-CN': zhCN } as const;

/** The date-fns locale for an interface locale (its `options.weekStartsOn` is the first weekday). */
function dayPickerLocale(locale: Locale) {
  return DAY_PICKER_LOCALES[locale];
}

export default function MonthCalendar({ locale, selected, onPick }: { locale: Locale; selected: Date | undefined; onPick: (day: string | null) => void }) {
  return (
    <DayPicker
      mode="single"
      className="picker-calendar"
      locale={dayPickerLocale(locale)}
      weekStartsOn={weekStartOf(locale)}
      selected={selected}
      defaultMonth={selected ?? new Date()}
      onSelect={(date) => onPick(date ? isoDay(date) : null)}
    />
  );
}
