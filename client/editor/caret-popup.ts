// The editors' suggestion popups (the "/" menu, the @mention list): where they stand — just under
// the text being typed, in page coordinates (they are children of <body>) — and who hears Escape
// while one is open: the popup alone, so the dialog or peek around the editor stays open.
import type { PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { exitSuggestion, type SuggestionProps } from '@tiptap/suggestion';

/** Puts `popup` 4 px under the suggestion's text, when the editor can say where that is. */
export function placeUnderCaret(popup: HTMLElement | null, suggestion: Pick<SuggestionProps<unknown, unknown>, 'clientRect'> | null): void {
  const rect = suggestion?.clientRect?.();
  if (!popup || !rect) return;
  popup.style.left = `${rect.left + window.scrollX}px`;
  popup.style.top = `${rect.bottom + window.scrollY + 4}px`;
}

/**
 * While the popup is open, Escape closes it and goes no further. Heard on the window in the capture
 * phase, before a Radix dialog (document, capture) or the peek (document) can take it as "close".
 * Returns the function that stops listening.
 */
export function closeOnEscape(view: EditorView, pluginKey: PluginKey): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !view.hasFocus()) return;
    event.preventDefault();
    event.stopPropagation();
    exitSuggestion(view, pluginKey);
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}
