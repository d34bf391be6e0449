// The page body editor: Tiptap with the shared page schema, bound to the live Y.Doc (Collaboration)
// with named, coloured carets of the other editors, the "/" menu and the spec §9 placeholder.
import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { BODY_FIELD, pageSchemaExtensions } from '../../shared/editor-schema';
import { useT } from '../i18n';
import { SlashCommands } from './slash-commands';
import { isUsable } from './usable-editor';
import './editor.css';

export function PageEditor({ doc, provider, editable, user }: {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  user: { name: string; color: string };
}) {
  const t = useT();
  const editor = useEditor(
    {
      editable,
      immediatelyRender: true,
      extensions: [
        ...pageSchemaExtensions(),
        Collaboration.configure({ document: doc, field: BODY_FIELD }),
        CollaborationCaret.configure({ provider, user }),
        Placeholder.configure({ placeholder: t('pages.editor.placeholder') }),
        SlashCommands,
      ],
      editorProps: { attributes: { class: 'page-editor-content', 'data-testid': 'page-editor' } },
    },
    [doc, provider],
  );

  useEffect(() => {
    // The instance rendered may already be destroyed (see usable-editor.ts).
    if (isUsable(editor)) editor.setEditable(editable);
  }, [editor, editable]);

  return <EditorContent editor={editor} className={`page-editor${editable ? '' : ' is-readonly'}`} />;
}
