// The ONE Tiptap extension list of a page body and an issue description: the client editor adds only
// behaviour (collaboration, carets, placeholder, slash menu, @mention suggestions) on top of it, and
// the server converts Yjs ↔ HTML with it, so both sides agree on every node and mark.
import type { AnyExtension } from '@tiptap/core';
import { StarterKit } from '@tiptap/starter-kit';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { MentionNode } from './editor-mention';

export { BODY_FIELD, TITLE_FIELD } from './document-fields';

/** Extensions that define the page schema. Undo/redo is off: collaboration brings its own history. */
export function pageSchemaExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({ undoRedo: false, link: { openOnClick: false } }),
    TaskList,
    TaskItem.configure({ nested: true }),
    MentionNode,
  ];
}
