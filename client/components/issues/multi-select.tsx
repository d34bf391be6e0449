// A small popover with checkboxes for many-valued properties (assignees, labels); closes on
// Escape or an outside click, and reports each toggle at once.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface MultiSelectOption {
  value: string;
  label: string;
  color?: string;
}

export function MultiSelect({ label, summary, options, selected, onChange, disabled, testId }: {
  label: string;
  summary: ReactNode;
  options: MultiSelectOption[];
  selected: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);

  return (
    <div className="prop-popover" ref={rootRef} onClick={(event) => event.stopPropagation()}>
      <button type="button" className="prop-button" aria-label={label} aria-expanded={open} disabled={disabled} onClick={() => setOpen((value) => !value)} data-testid={testId}>
        {summary}
      </button>
      {open && (
        <div className="prop-menu" role="listbox" aria-multiselectable="true" aria-label={label}>
          {options.map((option) => (
            <label key={option.value} className="prop-menu-item">
              <input type="checkbox" checked={selected.includes(option.value)} onChange={() => toggle(option.value)} />
              {option.color && <span className="dot" style={{ background: option.color }} aria-hidden="true" />}
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
