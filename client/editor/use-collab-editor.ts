// A Tiptap editor bound to a live Y.Doc body (pages and issue descriptions): the shared editor
// schema, Collaboration on the body fragment, named carets of the other editors, the one editor
// behaviour (editor-behaviour.ts: placeholder, "/" menu, input rules, @mentions), and the editable
// flag kept in step (guarded: the rendered instance may already be destroyed).
import { useEffect } from 'react';
import { useEditor } from '@tiptap/react';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { BODY_FIELD, pageSchemaExtensions } from '../../shared/editor-schema';
import { editorBehaviour, type EditorBehaviourOptions } from './editor-behaviour';
import { isUsable } from './usable-editor';

interface CollabEditorOptions {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  user: { name: string; color: string };
  behaviour: EditorBehaviourOptions;
  attributes?: Record<string, string>;
}

export function useCollabEditor({ doc, provider, editable, user, behaviour, attributes }: CollabEditorOptions) {
  const editor = useEditor(
    {
      editable,
      immediatelyRender: true,
      extensions: [
        ...pageSchemaExtensions(),
        Collaboration.configure({ document: doc, field: BODY_FIELD }),
        CollaborationCaret.configure({ provider, user }),
        ...editorBehaviour(behaviour),
      ],
      editorProps: { attributes: attributes ?? {} },
    },
    [doc, provider],
  );

  useEffect(() => {
    if (isUsable(editor)) editor.setEditable(editable);
  }, [editor, editable]);

  useEffect(() => {
    // A teammate's change or caret re-renders the document around the selection the editor holds.
    // The browser moves the caret first (a click, Ctrl+End) and tells ProseMirror in a later task
    // (selectionchange); a frame applied in between put the caret back where ProseMirror last saw
    // it, so words typed at the end landed at the start under load. Read the page into the editor
    // before each frame is applied.
    const readPageFirst = () => {
      if (isUsable(editor)) (editor.view as unknown as { domObserver?: { flush(): void } }).domObserver?.flush();
    };
    provider.on('message', readPageFirst);
    return () => {
      provider.off('message', readPageFirst);
    };
  }, [editor, provider]);

  return editor;
}
