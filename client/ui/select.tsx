// A form's single choice (a role, a sort order, the cycle to transfer to, a module's status): a
// button that shows the chosen option and opens the searchable Combobox in a popover — the same
// list, keys and look as the property pickers, in place of the browser's native <select>, which
// cannot be styled, searched or themed alike across browsers (issue #12). Keyboard: Enter, Space
// or ArrowDown on the button opens it, typing filters, arrows move, Enter chooses, Escape closes;
// focus goes back to the button (Radix).
//
// The button's accessible name is "<label>: <value>" so a screen reader hears both; a visible
// <label htmlFor={id}> still points at it for clicks. The popover is portalled, so its events are
// kept from bubbling into rows or dialogs around the button (as ChipPopover does).
import { useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Popover } from 'radix-ui';
import { useT } from '../i18n';
import { PickerContent } from './chip';
import { Combobox, type ComboboxOption } from './combobox';
import './pickers/pickers.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();
/** The list's key for an option whose value is '' ("no parent", "estimates off"): cmdk reads an empty value as "use the text". */
const EMPTY = '__empty__';

export type SelectOption = ComboboxOption;

export interface SelectProps {
  /** The choice's name ("Role", "Sort by"): the list's accessible name and the button's prefix. */
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** Shown when `value` matches no option. */
  placeholder?: string;
  disabled?: boolean;
  /** For a <label htmlFor>. */
  id?: string;
  /** Extra classes for the button (`input-sm`, a width). */
  className?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The button's test id; the popover gets `<testId>-picker`. */
  testId?: string;
  /** Icon before the value. */
  icon?: ReactNode;
}

export function Select({ label, value, options, onChange, placeholder, disabled, id, className, invalid, describedBy, testId, icon }: SelectProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const current = options.find((option) => option.value === value);
  const shown = current?.label ?? placeholder ?? '';
  const listed = options.map((option) => (option.value === '' ? { ...option, value: EMPTY } : option));
  const choose = (picked: string) => {
    const next = picked === EMPTY ? '' : picked;
    setOpen(false);
    if (next !== value) onChange(next);
  };
  // A native select opens on ArrowDown/ArrowUp too; keep that habit.
  const openOnArrow = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        <button
          type="button"
          id={id}
          className={['input', 'select', 'ui-select', className ?? ''].filter(Boolean).join(' ')}
          aria-label={t('pickers.chipValue', { property: label, value: shown || t('pickers.notChosen') })}
          aria-haspopup="listbox"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          title={shown}
          data-value={value}
          data-testid={testId}
          onClick={stop}
          onPointerDown={stop}
          onKeyDown={openOnArrow}
        >
          {current?.icon ?? icon}
          <span className="ui-select-text">{shown}</span>
        </button>
      </Popover.Trigger>
      <PickerContent label={label} testId={testId}>
        <Combobox label={label} options={listed} selected={[value === '' ? EMPTY : value]} onSelect={choose} emptyText={t('pickers.noMatch')} checkedText={t('pickers.selected')} />
      </PickerContent>
    </Popover.Root>
  );
}
