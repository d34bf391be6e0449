// Keyboard between issues in the list, spreadsheet and kanban layouts: J/K and ArrowDown/ArrowUp
// move focus to the next or previous issue (kanban: within a column, ArrowLeft/ArrowRight to the
// next column), and each list is one Tab stop (a roving tabindex: the row last focused, or the
// first one on screen, takes Tab; chips inside rows take none, ChipTabStop). Rows carry
// `data-row-index`, their index in the layout's own row array, so a row the virtualiser has not
// rendered is scrolled into view and then focused.
import type { ReactNode } from 'react';
import { ChipTabStop } from '../../ui';
import { isShortcutBlocked } from '../keyboard/shortcut-guard';

type NavigationEvent = Pick<KeyboardEvent, 'key' | 'target' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'defaultPrevented'>;

/** +1 for J or ArrowDown, -1 for K or ArrowUp, 0 for anything else or a key the guard stops. */
export function rowStep(event: NavigationEvent): -1 | 0 | 1 {
  if (event.shiftKey || isShortcutBlocked(event)) return 0;
  if (event.key === 'j' || event.key === 'ArrowDown') return 1;
  if (event.key === 'k' || event.key === 'ArrowUp') return -1;
  return 0;
}

/** +1 for ArrowRight, -1 for ArrowLeft (kanban columns; L is the labels picker, so no H/L). */
export function columnStep(event: NavigationEvent): -1 | 0 | 1 {
  if (event.shiftKey || isShortcutBlocked(event)) return 0;
  return event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
}

/** The index of the row a key press came from (the row itself or something inside it), or null. */
export function rowIndexOf(target: EventTarget | null): number | null {
  const row = target && typeof (target as Element).closest === 'function' ? (target as Element).closest<HTMLElement>('[data-row-index]') : null;
  return row ? Number(row.dataset.rowIndex) : null;
}

/** The next index from `from` in `step`'s direction that `isIssue`, or null past either end. */
export function nextRowIndex(count: number, from: number, step: -1 | 1, isIssue: (index: number) => boolean = () => true): number | null {
  for (let index = from + step; index >= 0 && index < count; index += step) {
    if (isIssue(index)) return index;
  }
  return null;
}

/** How many frames to wait for a scrolled-to row to render before giving up. */
const RENDER_WAIT_FRAMES = 30;

/**
 * Focuses the row at `index` inside `container`. A row already rendered is focused (the browser
 * scrolls it into view); one the virtualiser has not rendered is scrolled to first, then focused
 * once it is in the DOM.
 */
export function focusRow(container: HTMLElement | null, index: number, scrollToIndex?: (index: number) => void): void {
  const find = () => container?.querySelector<HTMLElement>(`[data-row-index="${index}"]`) ?? null;
  const rendered = find();
  if (rendered || !scrollToIndex) {
    rendered?.focus();
    return;
  }
  scrollToIndex(index);
  let frames = 0;
  const attempt = () => {
    const row = find();
    if (row) row.focus();
    else if ((frames += 1) < RENDER_WAIT_FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** The roving Tab stop: the remembered row when it is still a candidate, else the first candidate. */
export function rovingTabStop(remembered: string | null, candidates: readonly string[]): string | null {
  return remembered !== null && candidates.includes(remembered) ? remembered : (candidates[0] ?? null);
}

/** Wraps a row's content: chips inside it are reached by the row's hotkeys, not by Tab. */
export function RowChips({ children }: { children: ReactNode }) {
  return <ChipTabStop.Provider value={false}>{children}</ChipTabStop.Provider>;
}
