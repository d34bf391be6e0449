// A property chip whose picker is a searchable option list: the piece state, priority, estimate,
// assignees, labels and parent share. It words the chip's accessible name ("State: Todo"), its
// tooltip and the list's empty and "selected" texts once.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { OptionPicker, type OptionPickerProps } from '../../ui/pickers/option-picker';
import { PickerShell } from '../../ui/pickers/picker-shell';
import type { usePickerOpen } from './issue-hotkeys';

export interface OptionChipProps extends Omit<OptionPickerProps, 'label' | 'emptyText' | 'checkedText'> {
  picker: ReturnType<typeof usePickerOpen>;
  /** The property's name ("State"). */
  property: string;
  /** The value as text ("Todo", "Ada, Bob"): accessible name and tooltip. */
  value: string;
  /** The icon before the value text, or the whole chip content when `chip` is given. */
  icon?: ReactNode;
  chip?: ReactNode;
  empty?: boolean;
  disabled?: boolean;
  testId: string;
}

export function OptionChip({ picker, property, value, icon, chip, empty, disabled, testId, ...list }: OptionChipProps) {
  const t = useT();
  return (
    <PickerShell
      {...picker}
      label={property}
      chipLabel={t('pickers.chipValue', { property, value })}
      title={value}
      chip={chip ?? <>{icon}<span className="property-chip-text">{value}</span></>}
      empty={empty}
      disabled={disabled}
      testId={testId}
    >
      <OptionPicker {...list} label={property} emptyText={t('pickers.noMatch')} checkedText={t('pickers.selected')} />
    </PickerShell>
  );
}
