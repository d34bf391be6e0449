// Linear-style single keys on a focused issue (a list row, a kanban card, the open detail):
// S state, P priority, A assignee, L labels, D due date, Shift+C cycle, M modules open that
// property's picker. The row
// (or detail) is a scope: it hears the key and the matching chip inside it opens, even when the
// chip is not on screen (an unset property on a kanban card, a hidden display property). When a
// picker opened this way closes, focus goes back to the issue, where the next key press lands.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { MessageKey } from '../../i18n';
import { isShortcutBlocked } from '../keyboard/shortcut-guard';

type HotkeyProperty = 'state' | 'priority' | 'assignee' | 'labels' | 'due_date' | 'cycle' | 'modules';

const KEY_TO_PROPERTY: Record<string, HotkeyProperty> = { s: 'state', p: 'priority', a: 'assignee', l: 'labels', d: 'due_date', m: 'modules' };

/** The rows these keys add to the shortcut modal (`?`). */
export const ISSUE_SHORTCUTS: { keys: string; label: MessageKey }[] = (
  [['S', 'shortcuts.issueState'], ['P', 'shortcuts.issuePriority'], ['A', 'shortcuts.issueAssignee'], ['L', 'shortcuts.issueLabels'], ['D', 'shortcuts.issueDueDate'], ['Shift C', 'shortcuts.issueCycle'], ['M', 'shortcuts.issueModules'], ['Enter', 'shortcuts.openIssue'], ['J Down', 'shortcuts.nextIssue'], ['K Up', 'shortcuts.previousIssue'], ['Left Right', 'shortcuts.otherColumn'], ['X', 'shortcuts.selectIssue']] as const
).map(([keys, label]) => ({ keys, label }));

/** The property a key press asks for, or null (the shortcut guard's cases never count). */
function hotkeyProperty(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'target' | 'defaultPrevented'>): HotkeyProperty | null {
  if (isShortcutBlocked(event)) return null;
  // Plain C creates an issue (global); Shift+C is the cycle, as in Linear.
  if (event.key === 'C') return 'cycle';
  return KEY_TO_PROPERTY[event.key.toLowerCase()] ?? null;
}

interface HotkeyScope {
  requested: HotkeyProperty | null;
  clear: () => void;
  /** The issue's element, to take focus back after a key-opened picker. */
  issueElement: () => HTMLElement | null;
}

const HotkeyContext = createContext<HotkeyScope | null>(null);
export const IssueHotkeyProvider = HotkeyContext.Provider;

/**
 * A hotkey scope for one issue element: spread `onKeyDown` on it and provide `scope`. With
 * `issueId`, focus finds the issue again after the change re-mounted it (a kanban card whose new
 * state puts it in another column).
 */
export function useIssueHotkeyScope<T extends HTMLElement>(enabled: boolean, issueId?: string) {
  const ref = useRef<T>(null);
  const [requested, setRequested] = useState<HotkeyProperty | null>(null);
  const scope = useMemo<HotkeyScope>(() => ({
    requested,
    clear: () => setRequested(null),
    issueElement: () => (ref.current?.isConnected || !issueId ? ref.current : document.querySelector<HTMLElement>(`[data-issue-id="${issueId}"][tabindex]`)),
  }), [requested, issueId]);
  const request = setRequested;
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (!enabled) return;
    const property = hotkeyProperty(event.nativeEvent);
    if (!property) return;
    event.preventDefault();
    // The row handles it; the detail page's document listener (peek underneath) must not too.
    event.stopPropagation();
    request(property);
  };
  return { ref, scope, onKeyDown, request };
}

/** True when this scope asks for `property`'s picker right now. */
export function useHotkeyRequested(property: HotkeyProperty | null): boolean {
  const scope = useContext(HotkeyContext);
  return property !== null && scope?.requested === property;
}

/**
 * Open state of one property chip: opened by a click (its own state) or by the scope's key.
 * A key-opened picker gives focus back to the issue when it closes.
 */
export function usePickerOpen(property: HotkeyProperty | null) {
  const scope = useContext(HotkeyContext);
  const [clicked, setClicked] = useState(false);
  const requested = property !== null && scope?.requested === property;
  const byKey = useRef(false);
  useEffect(() => {
    if (requested) byKey.current = true;
  }, [requested]);
  return {
    open: clicked || requested,
    onOpenChange: (next: boolean) => {
      if (next) byKey.current = false;
      setClicked(next);
      if (!next && requested) scope?.clear();
    },
    returnFocusTo: () => (byKey.current ? (scope?.issueElement() ?? null) : null),
  };
}

/**
 * The open issue's keys (full page or peek): heard on the document, unless focus is in a field,
 * a list row or card (their own scope stops the event), a dialog or an open picker.
 */
export function useDocumentHotkeys(enabled: boolean, request: (property: HotkeyProperty) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const handleKey = (event: KeyboardEvent) => {
      const property = hotkeyProperty(event);
      if (!property) return;
      event.preventDefault();
      request(property);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [enabled, request]);
}
