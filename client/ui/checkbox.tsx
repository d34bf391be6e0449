// A checkbox drawn by the design system (Radix Checkbox: a button with role="checkbox" and
// aria-checked, Space toggles it) instead of the browser's native box, which ignored the theme —
// a bright white square in dark mode. Put it inside a <label> with its text, as a native one.
import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Accessible name when the checkbox is not inside a label with text. */
  label?: string;
  'aria-describedby'?: string;
  testId?: string;
}

export function Checkbox({ checked, onCheckedChange, disabled, label, testId, ...rest }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      className="ui-checkbox"
      checked={checked}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      disabled={disabled}
      aria-label={label}
      aria-describedby={rest['aria-describedby']}
      data-testid={testId}
    >
      <RadixCheckbox.Indicator className="ui-checkbox-indicator">
        <Check size={12} strokeWidth={3} aria-hidden="true" />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
