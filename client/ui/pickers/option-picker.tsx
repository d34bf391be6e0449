// A searchable option list inside a picker (cmdk): type to filter, arrow keys to move, Enter to
// choose. Single-value pickers close on a choice; multi-value ones (assignees, labels) toggle
// the option, show a check mark and stay open. An optional last item creates the typed name.
import { useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { Check, Plus } from 'lucide-react';
import { isNewName, pickerFilter } from './picker-filter';

export interface PickerOption {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra words the filter matches (an email, a key). */
  keywords?: string[];
}

export interface OptionPickerProps {
  label: string;
  placeholder: string;
  emptyText: string;
  options: PickerOption[];
  selected: readonly string[];
  multiple?: boolean;
  onPick: (value: string) => void;
  /** Offers "create" for a typed name no option has; `createText` words the item. */
  onCreate?: (name: string) => void;
  createText?: (name: string) => string;
  /** Read out before a chosen option ("Selected"), for screen readers that miss the check mark. */
  checkedText?: string;
}

export function OptionPicker({ label, placeholder, emptyText, options, selected, multiple, onPick, onCreate, createText, checkedText }: OptionPickerProps) {
  const [search, setSearch] = useState('');
  const canCreate = Boolean(onCreate) && isNewName(search, options.map((option) => option.label));
  return (
    <Command className="picker-command" label={label} filter={pickerFilter} loop>
      <Command.Input className="picker-input" value={search} onValueChange={setSearch} placeholder={placeholder} />
      <Command.List className="picker-list">
        <Command.Empty className="picker-empty">{emptyText}</Command.Empty>
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <Command.Item key={option.value} value={option.value} keywords={[option.label, ...(option.keywords ?? [])]} onSelect={() => onPick(option.value)} className="picker-item" data-checked={checked || undefined}>
              {multiple && <span className="picker-check" aria-hidden="true">{checked && <Check size={14} />}</span>}
              {checked && checkedText && <span className="sr-only">{checkedText}: </span>}
              {option.icon}
              <span className="picker-item-label" title={option.label}>{option.label}</span>
              {!multiple && checked && <Check size={14} className="picker-current" aria-hidden="true" />}
            </Command.Item>
          );
        })}
        {canCreate && (
          // forceMount: cmdk reads an item's keywords once, at mount; this item matches whatever is typed.
          <Command.Item forceMount value="__create__" onSelect={() => { onCreate!(search.trim()); setSearch(''); }} className="picker-item picker-create">
            <Plus size={14} aria-hidden="true" />
            <span className="picker-item-label">{createText ? createText(search.trim()) : search.trim()}</span>
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}
