// Tiptap's useEditor (3.x) creates the editor during render and destroys it 1 ms later unless the
// component has mounted by then. React 19 renders lazily loaded and transition updates
// concurrently, so a macrotask can run between render and commit: the effects of that commit then
// see an editor whose schema and view are already gone (`editor.getHTML()` → "Cannot read
// properties of null (reading 'cached')"), and useEditor hands out a fresh instance on the next
// render. Every effect that touches an editor checks it with this first.
import type { Editor } from '@tiptap/core';

/** True when `editor` exists and has not been destroyed. */
export function isUsable(editor: Editor | null | undefined): editor is Editor {
  return !!editor && !editor.isDestroyed;
}
