// Where the editors' suggestion popups (the "/" menu, the @mention list) stand: just under the
// text being typed, in page coordinates (they are children of <body>).
import type { SuggestionProps } from '@tiptap/suggestion';

/** Puts `popup` 4 px under the suggestion's text, when the editor can say where that is. */
export function placeUnderCaret(popup: HTMLElement | null, suggestion: Pick<SuggestionProps<unknown, unknown>, 'clientRect'> | null): void {
  const rect = suggestion?.clientRect?.();
  if (!popup || !rect) return;
  popup.style.left = `${rect.left + window.scrollX}px`;
  popup.style.top = `${rect.bottom + window.scrollY + 4}px`;
}
