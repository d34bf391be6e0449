// The compact button that shows a property's value ("In progress", "Mar 3"). A popover trigger:
// it forwards the ref and props Radix gives it. Its accessible name is "<property>: <value>".
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Popover } from './popover';

export interface ChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  valueText: string;
  icon?: ReactNode;
  /** Dimmed and dashed when no value is set, so empty chips do not compete with set ones. */
  empty?: boolean;
  testId?: string;
}

export const Chip = forwardRef<HTMLButtonElement, ChipProps>(function Chip({ label, valueText, icon, empty, testId, className, ...rest }, ref) {
  return (
    <button ref={ref} type="button" className={['ui-chip', empty ? 'ui-chip-empty' : '', className ?? ''].filter(Boolean).join(' ')} aria-label={`${label}: ${valueText}`} data-testid={testId} {...rest}>
      {icon && <span className="ui-chip-icon" aria-hidden="true">{icon}</span>}
      <span className="ui-chip-text">{valueText}</span>
    </button>
  );
});

/** A chip that opens a popover (the shape of every property picker). */
export function ChipPopover({ open, onOpenChange, children, ...chip }: Omit<ChipProps, 'onClick'> & { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <Popover open={open} onOpenChange={onOpenChange} label={chip.label} testId={chip.testId ? `${chip.testId}-popover` : undefined} trigger={<Chip {...chip} />}>
      {children}
    </Popover>
  );
}
