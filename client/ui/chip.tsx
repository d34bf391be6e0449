// The compact chip that shows a property's value and opens its picker in a popover (Radix): the
// frame of every property picker — state, priority, people, labels, dates, filters. Radix gives
// focus management (focus moves into the popover, Escape or an outside click closes it, focus
// returns to the chip) and collision-aware placement. The chip's accessible name is
// "<property>: <value>" and its tooltip the full value, since long values are cut short.
//
// The popover is portalled to <body>, but React still bubbles its events through the component
// tree: without the stops below a click on an option would also "click" the kanban card or list
// row around the chip (opening the issue) and a pointer-down would start a card drag.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Popover } from 'radix-ui';
import { useT } from '../i18n';
import './pickers/pickers.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

export interface ChipPopoverProps {
  /** The property's name, e.g. "State": the popover's accessible name. */
  label: string;
  /** The value as text ("In progress", "Ada, Bob"): the chip's accessible name and tooltip. */
  valueText: string;
  /** Icon before the value text. */
  icon?: ReactNode;
  /** The whole chip content instead of icon + value text (an avatar stack). */
  chip?: ReactNode;
  /** The value as read out when it differs from the text shown (an empty date shows "Due date"). */
  spokenValue?: string;
  /** Tooltip; defaults to the accessible name. */
  title?: string;
  /** Controlled open state (a hotkey opens it); uncontrolled when left out. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on close instead of the chip (the chip may be gone, e.g. a kanban card). */
  returnFocusTo?: () => HTMLElement | null;
  /** Shown muted and dashed: the property is not set. */
  empty?: boolean;
  disabled?: boolean;
  /** The chip's test id; the popover gets `<testId>-picker`. */
  testId?: string;
  children: ReactNode;
}

/** Open state that the caller may control; `setOpen` reports to the caller's `onOpenChange` too. */
export function useChipOpen(open: boolean | undefined, onOpenChange: ((open: boolean) => void) | undefined) {
  const [inner, setInner] = useState(false);
  const current = open ?? inner;
  const setOpen = (next: boolean) => {
    setInner(next);
    onOpenChange?.(next);
  };
  return [current, setOpen] as const;
}

export function ChipPopover({ label, valueText, icon, chip, spokenValue, title, open, onOpenChange, returnFocusTo, empty, disabled, testId, children }: ChipPopoverProps) {
  const t = useT();
  const [isOpen, setOpen] = useChipOpen(open, onOpenChange);
  const chipLabel = t('pickers.chipValue', { property: label, value: spokenValue ?? valueText });
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        <button type="button" className={`property-chip${empty ? ' property-chip-empty' : ''}`} aria-label={chipLabel} title={title ?? valueText} data-testid={testId} onClick={stop} onPointerDown={stop} onKeyDown={stop}>
          {chip ?? <>{icon}<span className="property-chip-text">{valueText}</span></>}
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
