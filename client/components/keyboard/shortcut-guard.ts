// The one rule for single-key shortcuts (`c`, `g p`, `?`, S/P/A/L/D, J/K, Shift+V): they are
// heard only when the key press is not typing or choosing. Every shortcut handler asks
// `isShortcutBlocked` first, so a key typed into an editor, a field, a picker, a menu or a
// dialog never opens "New issue" or moves the list underneath.

/** Fields that take text or a choice: inputs, text areas, selects and any contenteditable (Tiptap/ProseMirror). */
const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Floating or modal surfaces with keys of their own: Radix popovers, menus and selects (all in
 * a popper wrapper), our picker and menu panels, listboxes (the @mention list), modal dialogs.
 * The peek (a non-modal dialog beside the list) is not one: the open issue's keys work in it.
 */
const OVERLAY = '[data-radix-popper-content-wrapper], .picker-content, .ui-menu, [role="menu"], [role="listbox"], [role="dialog"][aria-modal="true"], [role="alertdialog"], .modal';

/** Overlays that hold the keyboard while they are open, wherever focus happens to be. */
const OPEN_OVERLAY = '.modal, .picker-content';

/** The target as an element, or null (the document, the window, no target). */
const asElement = (target: EventTarget | null): HTMLElement | null => (target && typeof (target as Element).closest === 'function' ? (target as HTMLElement) : null);

/** True when a key press lands in a field or an editor (typing, never a shortcut). */
function isTypingTarget(target: EventTarget | null): boolean {
  const element = asElement(target);
  return !!element && (element.isContentEditable || element.closest(FIELD) !== null);
}

/** True when focus is inside a popover, menu, listbox or modal dialog. */
function isInOverlay(target: EventTarget | null): boolean {
  return asElement(target)?.closest(OVERLAY) != null;
}

type ShortcutEvent = Pick<KeyboardEvent, 'target' | 'metaKey' | 'ctrlKey' | 'altKey' | 'defaultPrevented'>;

/**
 * True when a single-key shortcut must not fire for this key press: a modifier is held (those
 * are the browser's or the palette's), something already handled it, focus is in a field,
 * an editor or an overlay, or a modal or picker is open.
 */
export function isShortcutBlocked(event: ShortcutEvent): boolean {
  if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return true;
  if (isTypingTarget(event.target) || isInOverlay(event.target)) return true;
  return typeof document !== 'undefined' && document.querySelector(OPEN_OVERLAY) !== null;
}
