// A small popover with checkboxes for many-valued properties (assignees, labels); closes on
// Escape (which then goes no further: a dialog around it stays open) or an outside click, and
// reports each toggle at once.
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
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Capture phase, before a surrounding dialog's listener: Escape closes this picker only.
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('keydown', handleKey, true);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('keydown', handleKey, true);
    };
  }, [open]);

  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);

  return (
    <div className="prop-popover" ref={rootRef} onClick={(event) => event.stopPropagation()}>
      <button ref={buttonRef} type="button" className="prop-button" aria-label={label} aria-expanded={open} disabled={disabled} onClick={() => setOpen((value) => !value)} data-testid={testId}>
        {summary}
      </button>
      {open && (
        <div className="prop-menu" data-escape-layer role="listbox" aria-multiselectable="true" aria-label={label}>
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
