// A Tiptap editor bound to a live Y.Doc body (pages and issue descriptions): the shared editor
// schema, Collaboration on the body fragment, named carets of the other editors, a placeholder,
// and the editable flag kept in step (guarded: the rendered instance may already be destroyed).
import { useEffect } from 'react';
import { useEditor } from '@tiptap/react';
import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { BODY_FIELD, pageSchemaExtensions } from '../../shared/editor-schema';
import { isUsable } from './usable-editor';

export interface CollabEditorOptions {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  user: { name: string; color: string };
  placeholder: string;
  /** Behaviour on top of the schema (the page "/" menu). */
  extra?: AnyExtension[];
  attributes?: Record<string, string>;
}

export function useCollabEditor({ doc, provider, editable, user, placeholder, extra = [], attributes }: CollabEditorOptions) {
  const editor = useEditor(
    {
      editable,
      immediatelyRender: true,
      extensions: [
        ...pageSchemaExtensions(),
        Collaboration.configure({ document: doc, field: BODY_FIELD }),
        CollaborationCaret.configure({ provider, user }),
        Placeholder.configure({ placeholder }),
        ...extra,
      ],
      editorProps: { attributes: attributes ?? {} },
    },
    [doc, provider],
  );

  useEffect(() => {
    if (isUsable(editor)) editor.setEditable(editable);
  }, [editor, editable]);

  return editor;
}
