// The compact chip that shows a property's value and opens its picker in a popover (Radix): the
// frame of every property picker — state, priority, people, labels, dates, filters. Radix gives
// focus management (focus moves into the popover, Escape or an outside click closes it, focus
// returns to the chip) and collision-aware placement. The chip's accessible name is
// "<property>: <value>" and its tooltip the full value, since long values are cut short.
//
// The popover is portalled to <body>, but React still bubbles its events through the component
// tree: without the stops below a click on an option would also "click" the kanban card or list
// row around the chip (opening the issue) and a pointer-down would start a card drag.
import { createContext, useContext, useState, type ComponentProps, type ReactNode, type SyntheticEvent } from 'react';
import { Popover } from 'radix-ui';
import { useT } from '../i18n';
import './pickers/pickers.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The floating list of a chip or a Select: clicks and keys stay inside it (a row or card under it
 * must not react), and Escape closes this list only, not the peek or dialog it sits on.
 */
export function PickerContent({ label, testId, ...rest }: { label: string; testId?: string } & Omit<ComponentProps<typeof Popover.Content>, 'aria-label'>) {
  return (
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
        onEscapeKeyDown={(event) => event.stopPropagation()}
        {...rest}
      />
    </Popover.Portal>
  );
}

/**
 * Whether chips are Tab stops (they are, by default). A list row or kanban card provides false:
 * the row is the one Tab stop and its chips open by the row's hotkeys or a click.
 */
export const ChipTabStop = createContext(true);

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
  // Radix's popover (contexts, presence, portal, composed refs) costs every closed chip on a board
  // of cards its hooks; a chip is a plain button until first opened (by a click or a hotkey), then
  // the popover takes over the same place and stays.
  const [armed, setArmed] = useState(false);
  const chipLabel = t('pickers.chipValue', { property: label, value: spokenValue ?? valueText });
  const tabIndex = useContext(ChipTabStop) ? undefined : -1;
  const button = (onClick: (event: SyntheticEvent) => void, extra: Record<string, unknown> = {}) => (
    <button type="button" tabIndex={tabIndex} className={`property-chip${empty ? ' property-chip-empty' : ''}`} aria-label={chipLabel} title={title ?? valueText} data-testid={testId} onClick={onClick} onPointerDown={stop} onKeyDown={stop} {...extra}>
      {chip ?? <>{icon}<span className="property-chip-text">{valueText}</span></>}
    </button>
  );
  if (!armed && !isOpen) {
    // What Radix's trigger says of a closed popover, so the chip reads the same before and after.
    return button(
      (event) => {
        stop(event);
        setArmed(true);
        setOpen(true);
      },
      { disabled, 'aria-haspopup': 'dialog', 'aria-expanded': false, 'data-state': 'closed' },
    );
  }
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        {button(stop)}
      </Popover.Trigger>
      <PickerContent
          label={label}
          testId={testId}
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
      </PickerContent>
    </Popover.Root>
  );
}
