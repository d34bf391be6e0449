// A colour choice drawn by the design system: a swatch button that opens a popover of palette
// swatches and a hex field, instead of the browser's native colour dialog (unstyled, different
// in every browser, and out of the theme). The palette is the caller's (labels pass theirs).
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Popover } from './popover';

export interface ColorPickerProps {
  value: string;
  onChange: (color: string) => void;
  palette: readonly string[];
  /** Accessible name of the trigger and the panel ("Label colour"). */
  label: string;
  /** Accessible name of the hex field. */
  hexLabel: string;
  testId?: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function ColorPicker({ value, onChange, palette, label, hexLabel, testId }: ColorPickerProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState(value);
  const pick = (color: string) => {
    onChange(color);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setTyped(value);
      }}
      label={label}
      className="ui-color-panel"
      testId={testId ? `${testId}-panel` : undefined}
      trigger={
        <button type="button" className="ui-color-trigger" aria-label={`${label}: ${value}`} data-testid={testId}>
          <span className="ui-color-swatch" style={{ background: value }} aria-hidden="true" />
        </button>
      }
    >
      <div className="ui-color-grid" role="group" aria-label={label}>
        {palette.map((color) => (
          <button
            key={color}
            type="button"
            className="ui-color-option"
            style={{ background: color }}
            aria-label={color}
            aria-pressed={color.toLowerCase() === value.toLowerCase()}
            onClick={() => pick(color)}
            data-testid={testId ? `${testId}-option` : undefined}
          >
            {color.toLowerCase() === value.toLowerCase() && <Check size={12} strokeWidth={3} aria-hidden="true" />}
          </button>
        ))}
      </div>
      <input
        className="input input-sm ui-color-hex"
        value={typed}
        aria-label={hexLabel}
        maxLength={7}
        spellCheck={false}
        onChange={(event) => {
          setTyped(event.target.value);
          if (HEX.test(event.target.value)) onChange(event.target.value.toLowerCase());
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (HEX.test(typed)) pick(typed.toLowerCase());
          }
        }}
        data-testid={testId ? `${testId}-hex` : undefined}
      />
    </Popover>
  );
}
