// The start and due date chips: the date (or a muted "Start date"/"Due date") opening the date
// picker panel. D on a focused issue opens the due date's.
import { CalendarDays } from 'lucide-react';
import { useLocale, useT } from '../../i18n';
import { DatePickerPanel } from '../../ui/pickers/date-picker-panel';
import { parseIsoDay } from '../../ui/pickers/date-options';
import { PickerShell } from '../../ui/pickers/picker-shell';
import { usePickerOpen } from './issue-hotkeys';
import { saveIssue, type ChipProps } from './save-issue';

export function IssueDatePicker({ slug, issue, field, disabled }: ChipProps & { field: 'start_date' | 'target_date' }) {
  const t = useT();
  const locale = useLocale();
  const picker = usePickerOpen(field === 'target_date' ? 'due_date' : null);
  const label = t(field === 'start_date' ? 'property.start_date' : 'property.due_date');
  const value = issue[field] ?? null;
  const day = parseIsoDay(value);
  const shown = day ? day.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(day.getFullYear() !== new Date().getFullYear() ? { year: 'numeric' } : {}) }) : label;
  const choose = (next: string | null) => {
    picker.onOpenChange(false);
    if (next !== value) saveIssue(slug, issue.id, { [field]: next });
  };
  return (
    <PickerShell
      {...picker}
      label={label}
      chipLabel={t('pickers.chipValue', { property: label, value: day ? shown : t('pickers.noDate') })}
      title={day ? `${label}: ${shown}` : label}
      chip={<><CalendarDays size={13} aria-hidden="true" className="picker-icon" /><span className="property-chip-text">{shown}</span></>}
      empty={!day}
      disabled={disabled}
      testId={`${field}-input`}
    >
      <DatePickerPanel
        label={label}
        value={value}
        onPick={choose}
        locale={locale}
        texts={{
          placeholder: t('pickers.dateSearch'),
          presets: { today: t('pickers.date.today'), tomorrow: t('pickers.date.tomorrow'), nextWeek: t('pickers.date.nextWeek') },
          clear: t('pickers.date.clear'),
          typed: (date) => t('pickers.date.typed', { date }),
          empty: t('pickers.noMatch'),
        }}
      />
    </PickerShell>
  );
}
