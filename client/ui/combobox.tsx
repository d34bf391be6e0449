// The one searchable option list of the client (cmdk), inside every property picker and filter:
// type to filter (every typed word must appear in the label or keywords, labels starting with the
// query first), arrow keys move, Enter chooses. Single choice reports one value; `multiple` shows
// a check box per option and the caller toggles. `onCreate` adds a "Create …" row for a typed
// name no option has (labels made from the picker).
import { useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { Check, Plus } from 'lucide-react';
import { useT } from '../i18n';
import { isNewName, pickerFilter } from './pickers/picker-filter';

export interface ComboboxOption {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra words the filter matches (an email, an identifier). */
  keywords?: string[];
}

export interface ComboboxProps {
  /** Accessible name of the list ("State", "Assignees"). */
  label: string;
  options: ComboboxOption[];
  selected: readonly string[];
  onSelect: (value: string) => void;
  multiple?: boolean;
  onCreate?: (query: string) => void;
  /** Words the create row ("Create label “x”"); defaults to "Create “x”". */
  createText?: (name: string) => string;
  placeholder?: string;
  emptyText?: string;
  /** Read out before a chosen option ("Selected"), for screen readers that miss the check mark. */
  checkedText?: string;
  /**
   * The options come from a search the caller runs (a server search as the person types): the list
   * shows them as given instead of filtering them, and `onQueryChange` hears every keystroke.
   */
  onQueryChange?: (query: string) => void;
  /** The caller's search is still running: a "Searching…" row instead of "No matches". */
  loading?: boolean;
  testId?: string;
}

/** Adds `value` to the list, or takes it out when it is there (a multi-select toggle). */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export function Combobox({ label, options, selected, onSelect, multiple = false, onCreate, createText, placeholder, emptyText, checkedText, onQueryChange, loading = false, testId }: ComboboxProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const canCreate = Boolean(onCreate) && isNewName(query, options.map((option) => option.label));
  return (
    <Command className="picker-command" label={label} filter={pickerFilter} shouldFilter={!onQueryChange} loop data-testid={testId}>
      <Command.Input
        className="picker-input"
        value={query}
        onValueChange={(value) => {
          setQuery(value);
          onQueryChange?.(value);
        }}
        placeholder={placeholder ?? t('ui.combobox.search')}
        aria-label={label}
        aria-busy={loading || undefined}
        autoFocus
      />
      <Command.List className="picker-list" aria-label={label} aria-multiselectable={multiple || undefined}>
        {loading && options.length === 0 ? (
          <Command.Loading className="picker-empty" label={t('ui.combobox.searching')}>
            <span data-testid={testId ? `${testId}-loading` : undefined}>{t('ui.combobox.searching')}</span>
          </Command.Loading>
        ) : (
          <Command.Empty className="picker-empty" data-testid={testId ? `${testId}-empty` : undefined}>{emptyText ?? t('ui.combobox.empty')}</Command.Empty>
        )}
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <Command.Item
              key={option.value}
              value={option.value}
              keywords={[option.label, ...(option.keywords ?? [])]}
              onSelect={() => onSelect(option.value)}
              className="picker-item"
              aria-checked={multiple ? checked : undefined}
              data-checked={checked || undefined}
              data-testid={testId ? `${testId}-option-${option.value}` : undefined}
            >
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
          <Command.Item forceMount value="__create__" onSelect={() => { onCreate!(trimmed); setQuery(''); }} className="picker-item picker-create">
            <Plus size={14} aria-hidden="true" />
            <span className="picker-item-label">{createText ? createText(trimmed) : t('ui.combobox.create', { name: trimmed })}</span>
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}
