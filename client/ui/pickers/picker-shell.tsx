// The frame every property picker shares: a compact chip (the Radix Popover trigger) and the
// popover it opens. Radix gives focus management (focus moves into the popover, Escape or an
// outside click closes it, focus returns to the chip) and collision-aware placement.
//
// The popover is portalled to <body>, but React still bubbles its events through the component
// tree: without the stops below a click on an option would also "click" the kanban card or list
// row around the chip (opening the issue) and a pointer-down would start a card drag.
import type { ReactNode, SyntheticEvent } from 'react';
import { Popover } from 'radix-ui';
import './pickers.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

export interface PickerShellProps {
  /** The property's name, e.g. "State": the popover's accessible name. */
  label: string;
  /** The chip's accessible name, e.g. "State: In Progress". */
  chipLabel: string;
  /** What the chip shows. */
  chip: ReactNode;
  /** Full text shown as a tooltip when the chip's text is cut short. */
  title?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disabled?: boolean;
  testId?: string;
  /** Where focus goes on close instead of the chip (the chip may be gone, e.g. a kanban card). */
  returnFocusTo?: () => HTMLElement | null;
  /** Shown muted: the property is not set. */
  empty?: boolean;
  children: ReactNode;
}

export function PickerShell({ label, chipLabel, chip, title, open, onOpenChange, disabled, testId, returnFocusTo, empty, children }: PickerShellProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild disabled={disabled}>
        <button type="button" className={`property-chip${empty ? ' property-chip-empty' : ''}`} aria-label={chipLabel} title={title ?? chipLabel} data-testid={testId} onClick={stop} onPointerDown={stop} onKeyDown={stop}>
          {chip}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="picker-content"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          data-testid={testId ? `${testId}-picker` : undefined}
          onClick={stop}
          onPointerDown={stop}
          onKeyDown={stop}
          onEscapeKeyDown={(event) => event.stopPropagation() /* closes this picker only, not the peek or dialog under it */}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
            // The choice may re-mount the target (a card moving column); find it once React has.
            requestAnimationFrame(() => {
              if (!document.activeElement || document.activeElement === document.body) returnFocusTo?.()?.focus();
            });
          }}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
