// The date picker inside a date chip's popover: a filterable list of quick choices (Today,
// Tomorrow, In one week, a typed date such as 2026-12-24, Clear) driven by the keyboard like
// every other picker, and a react-day-picker month for the mouse. The calendar's first day of
// the week follows the interface locale (Sunday in en, Monday in zh-CN).
import { useMemo, useState } from 'react';
import { Command } from 'cmdk';
import { DayPicker } from 'react-day-picker';
import { enUS, zhCN } from 'react-day-picker/locale';
import { CalendarDays, CalendarX } from 'lucide-react';
import { isoDay, parseIsoDay, parseTypedDay, presetDays, type DatePreset } from './date-options';
import { pickerFilter } from './picker-filter';
import 'react-day-picker/style.css';

export interface DatePickerTexts {
  placeholder: string;
  presets: Record<DatePreset, string>;
  clear: string;
  /** "Set to {date}" for a typed date. */
  typed: (formatted: string) => string;
  empty: string;
}

export function DatePickerPanel({ label, value, onPick, texts, locale }: {
  label: string;
  value: string | null;
  onPick: (day: string | null) => void;
  texts: DatePickerTexts;
  locale: string;
}) {
  const [search, setSearch] = useState('');
  const now = useMemo(() => new Date(), []);
  const presets = presetDays(now);
  const typed = parseTypedDay(search, now);
  const format = (day: string) => parseIsoDay(day)!.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' });
  const selected = parseIsoDay(value);
  return (
    <div className="date-picker-panel">
      <Command className="picker-command" label={label} filter={pickerFilter} loop>
        <Command.Input className="picker-input" value={search} onValueChange={setSearch} placeholder={texts.placeholder} />
        <Command.List className="picker-list">
          <Command.Empty className="picker-empty">{texts.empty}</Command.Empty>
          {typed && (
            <Command.Item forceMount value={`typed-${typed}`} onSelect={() => onPick(typed)} className="picker-item">
              <CalendarDays size={14} aria-hidden="true" />
              <span className="picker-item-label">{texts.typed(format(typed))}</span>
            </Command.Item>
          )}
          {(Object.keys(presets) as DatePreset[]).map((preset) => (
            <Command.Item key={preset} value={preset} keywords={[texts.presets[preset], preset]} onSelect={() => onPick(presets[preset])} className="picker-item">
              <CalendarDays size={14} aria-hidden="true" />
              <span className="picker-item-label">{texts.presets[preset]}</span>
              <span className="picker-hint">{format(presets[preset])}</span>
            </Command.Item>
          ))}
          {value && (
            <Command.Item value="clear" keywords={[texts.clear]} onSelect={() => onPick(null)} className="picker-item">
              <CalendarX size={14} aria-hidden="true" />
              <span className="picker-item-label">{texts.clear}</span>
            </Command.Item>
          )}
        </Command.List>
      </Command>
      <DayPicker
        mode="single"
        className="picker-calendar"
        locale={locale.startsWith('zh') ? zhCN : enUS}
        selected={selected}
        defaultMonth={selected ?? now}
        onSelect={(day) => onPick(day ? isoDay(day) : null)}
      />
    </div>
  );
}
