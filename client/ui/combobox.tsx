// A searchable listbox on cmdk: type to filter, arrow keys move, Enter chooses. Single choice
// reports one value; `multiple` toggles values and shows check marks. `onCreate` adds a
// "Create …" row for a query that matches nothing (labels made from the picker).
import { useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { Check, Plus } from 'lucide-react';
import { useT } from '../i18n';

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
  placeholder?: string;
  testId?: string;
}

/** Case-insensitive substring match on the label and keywords: predictable, unlike fuzzy scores. */
export function matchesQuery(search: string, keywords: readonly string[] = []): number {
  const query = search.trim().toLowerCase();
  if (!query) return 1;
  return keywords.some((word) => word.toLowerCase().includes(query)) ? 1 : 0;
}

export function Combobox({ label, options, selected, onSelect, multiple = false, onCreate, placeholder, testId }: ComboboxProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const exact = options.some((option) => option.label.toLowerCase() === trimmed.toLowerCase());
  return (
    <Command className="ui-combobox" label={label} filter={(_value, search, keywords) => matchesQuery(search, keywords)} loop data-testid={testId}>
      <Command.Input className="ui-combobox-input" value={query} onValueChange={setQuery} placeholder={placeholder ?? t('ui.combobox.search')} aria-label={label} autoFocus />
      <Command.List className="ui-combobox-list" aria-label={label} aria-multiselectable={multiple || undefined}>
        <Command.Empty className="ui-combobox-empty">{t('ui.combobox.empty')}</Command.Empty>
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <Command.Item
              key={option.value}
              value={option.value}
              keywords={[option.label, ...(option.keywords ?? [])]}
              onSelect={() => onSelect(option.value)}
              className="ui-combobox-item"
              aria-checked={multiple ? checked : undefined}
              data-checked={checked || undefined}
              data-testid={testId ? `${testId}-option-${option.value}` : undefined}
            >
              {option.icon && <span className="ui-combobox-icon" aria-hidden="true">{option.icon}</span>}
              <span className="ui-combobox-label">{option.label}</span>
              {checked && <Check className="ui-combobox-check" size={14} aria-hidden="true" />}
            </Command.Item>
          );
        })}
        {onCreate && trimmed && !exact && (
          // Matches every query (the keyword is the query itself) so it is never filtered away.
          <Command.Item value={`create:${trimmed}`} keywords={[trimmed]} onSelect={() => { onCreate(trimmed); setQuery(''); }} className="ui-combobox-item ui-combobox-create">
            <Plus size={14} aria-hidden="true" />
            <span>{t('ui.combobox.create', { name: trimmed })}</span>
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}
