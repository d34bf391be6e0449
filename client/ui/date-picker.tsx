// A date chip that opens a month calendar (react-day-picker): keyboard navigable, the week starts
// on the locale's first day (Sunday in en-US, Monday in zh-CN), month and day names translated.
// Values are calendar dates as "YYYY-MM-DD", the API's format, never shifted by a time zone.
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, zhCN } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { CalendarDays } from 'lucide-react';
import { useLocale, useT, type Locale } from '../i18n';
import { ChipPopover } from './chip';

const DAY_PICKER_LOCALES = { en: enUS, 'zh-CN': zhCN } as const;

/** The date-fns locale for an interface locale (its `options.weekStartsOn` is the first weekday). */
export function dayPickerLocale(locale: Locale) {
  return DAY_PICKER_LOCALES[locale];
}

export function parseCalendarDate(value: string | null | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

export function formatCalendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function DatePicker({ label, value, onChange, placeholder, disabled, testId }: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const selected = parseCalendarDate(value);
  const shown = selected ? selected.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' }) : (placeholder ?? t('ui.date.none'));
  return (
    <ChipPopover open={open} onOpenChange={setOpen} label={label} valueText={shown} icon={<CalendarDays size={14} />} empty={!selected} disabled={disabled} testId={testId}>
      <DayPicker
        mode="single"
        locale={dayPickerLocale(locale)}
        selected={selected}
        defaultMonth={selected}
        autoFocus
        onSelect={(date) => {
          onChange(date ? formatCalendarDate(date) : null);
          setOpen(false);
        }}
      />
      {selected && (
        <div className="ui-date-footer">
          <button type="button" className="link-button" onClick={() => { onChange(null); setOpen(false); }}>
            {t('ui.date.clear')}
          </button>
        </div>
      )}
    </ChipPopover>
  );
}
