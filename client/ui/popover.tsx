// A floating panel anchored to a trigger (Radix Popover): positioned with collision handling,
// Escape and an outside click close it, focus returns to the trigger.
import type { ReactElement, ReactNode } from 'react';
import { Popover as RadixPopover } from 'radix-ui';

export interface PopoverProps {
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** Accessible name of the panel. */
  label?: string;
  className?: string;
  testId?: string;
}

export function Popover({ trigger, children, open, onOpenChange, align = 'start', side = 'bottom', label, className, testId }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className={['ui-popover', className ?? ''].filter(Boolean).join(' ')} align={align} side={side} sideOffset={4} collisionPadding={8} aria-label={label} data-testid={testId}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
