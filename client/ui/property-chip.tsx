// A compact chip for one issue property (state, priority, assignees, labels…) that opens a
// searchable Combobox in a popover. Single choice closes the popover; multi-select stays open.
// The same chip is meant for the list row, the kanban card, the spreadsheet cell and the sidebar.
import { useState, type ReactNode } from 'react';
import { ChipPopover } from './chip';
import { Combobox, type ComboboxOption } from './combobox';

export interface PropertyChipProps {
  /** The property's name ("State"); the chip's accessible name is "State: In progress". */
  label: string;
  /** What the chip shows for the current value ("In progress", "2 labels", "None"). */
  valueText: string;
  icon?: ReactNode;
  options: ComboboxOption[];
  selected: readonly string[];
  /** The new set of values (one value for single choice). */
  onChange: (values: string[]) => void;
  multiple?: boolean;
  onCreate?: (query: string) => void;
  disabled?: boolean;
  /** Shown dimmed when no value is set, so empty chips do not compete with set ones. */
  empty?: boolean;
  testId?: string;
}

export function PropertyChip({ label, valueText, icon, options, selected, onChange, multiple = false, onCreate, disabled, empty, testId }: PropertyChipProps) {
  const [open, setOpen] = useState(false);
  const choose = (value: string) => {
    if (!multiple) {
      onChange([value]);
      setOpen(false);
      return;
    }
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);
  };
  return (
    <ChipPopover open={open} onOpenChange={setOpen} label={label} valueText={valueText} icon={icon} empty={empty} disabled={disabled} testId={testId}>
      <Combobox label={label} options={options} selected={selected} onSelect={choose} multiple={multiple} onCreate={onCreate} testId={testId ? `${testId}-combobox` : undefined} />
    </ChipPopover>
  );
}
