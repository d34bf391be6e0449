// A date chip whose popover holds a filterable list of quick choices (Today, Tomorrow, In one
// week, a typed date such as 2026-12-24, Clear) driven by the keyboard like every other picker,
// and a react-day-picker month for the mouse. The month's first day of the week follows the
// locale as the calendar layout reads it (Sunday in en-US, Monday in en-GB and zh-CN), month and
// day names translated. Values are calendar dates as "YYYY-MM-DD", the API's format, never
// shifted by a time zone.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Command } from 'cmdk';
import { CalendarDays, CalendarX } from 'lucide-react';
import { useLocale, useT } from '../i18n';
import { ChipPopover, useChipOpen, type ChipPopoverProps } from './chip';
import { parseIsoDay, parseTypedDay, presetDays, type DatePreset } from './pickers/date-options';
import { pickerFilter } from './pickers/picker-filter';

const MonthCalendar = lazy(() => import('./month-calendar'));

// One Intl.DateTimeFormat per locale and shape: toLocaleDateString builds a new one per call, which
// showed in the profile of a 10,000-issue board (a date chip on every card).
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** "Mar 3" this year, "Mar 3, 2027" in another. */
function formatChipDate(day: Date, locale: string, now = new Date()): string {
  return dateFormat(locale, day.getFullYear() !== now.getFullYear()).format(day);
}

export interface DatePickerProps extends Omit<ChipPopoverProps, 'children' | 'valueText' | 'icon' | 'chip' | 'spokenValue' | 'empty'> {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** The chip and its popover; an empty chip shows the property's name ("Due date"). */
export function DatePicker({ value, onChange, open, onOpenChange, ...chip }: DatePickerProps) {
  const t = useT();
  const locale = useLocale();
  const [isOpen, setOpen] = useChipOpen(open, onOpenChange);
  const day = parseIsoDay(value);
  const shown = day ? formatChipDate(day, locale) : chip.label;
  const choose = (next: string | null) => {
    setOpen(false);
    if (next !== value) onChange(next);
  };
  return (
    <ChipPopover
      {...chip}
      open={isOpen}
      onOpenChange={setOpen}
      valueText={shown}
      spokenValue={day ? shown : t('pickers.noDate')}
      title={chip.title ?? (day ? `${chip.label}: ${shown}` : chip.label)}
      icon={<CalendarDays size={13} aria-hidden="true" className="picker-icon" />}
      empty={!day}
    >
      <DatePickerPanel label={chip.label} value={value} onPick={choose} />
    </ChipPopover>
  );
}

function DatePickerPanel({ label, value, onPick }: { label: string; value: string | null; onPick: (day: string | null) => void }) {
  const t = useT();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const now = useMemo(() => new Date(), []);
  const presets = presetDays(now);
  const typed = parseTypedDay(search, now);
  const presetText: Record<DatePreset, string> = { today: t('pickers.date.today'), tomorrow: t('pickers.date.tomorrow'), nextWeek: t('pickers.date.nextWeek') };
  const format = (day: string) => dateFormat(locale, true).format(parseIsoDay(day)!);
  const selected = parseIsoDay(value);
  return (
    <div className="date-picker-panel">
      <Command className="picker-command" label={label} filter={pickerFilter} loop>
        <Command.Input className="picker-input" value={search} onValueChange={setSearch} placeholder={t('pickers.dateSearch')} aria-label={label} />
        <Command.List className="picker-list" aria-label={label}>
          <Command.Empty className="picker-empty">{t('pickers.noMatch')}</Command.Empty>
          {typed && (
            <Command.Item forceMount value={`typed-${typed}`} onSelect={() => onPick(typed)} className="picker-item">
              <CalendarDays size={14} aria-hidden="true" />
              <span className="picker-item-label">{t('pickers.date.typed', { date: format(typed) })}</span>
            </Command.Item>
          )}
          {(Object.keys(presets) as DatePreset[]).map((preset) => (
            <Command.Item key={preset} value={preset} keywords={[presetText[preset], preset]} onSelect={() => onPick(presets[preset])} className="picker-item">
              <CalendarDays size={14} aria-hidden="true" />
              <span className="picker-item-label">{presetText[preset]}</span>
              <span className="picker-hint">{format(presets[preset])}</span>
            </Command.Item>
          ))}
          {value && (
            <Command.Item value="clear" keywords={[t('pickers.date.clear')]} onSelect={() => onPick(null)} className="picker-item">
              <CalendarX size={14} aria-hidden="true" />
              <span className="picker-item-label">{t('pickers.date.clear')}</span>
            </Command.Item>
          )}
        </Command.List>
      </Command>
      <Suspense fallback={<div className="picker-calendar" aria-hidden="true" />}>
        <MonthCalendar locale={locale} selected={selected} onPick={onPick} />
      </Suspense>
    </div>
  );
}
