// The page body editor: Tiptap with the shared page schema, bound to the live Y.Doc (Collaboration)
// with named, coloured carets of the other editors, the "/" menu and the spec §9 placeholder.
import { EditorContent } from '@tiptap/react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { useT } from '../i18n';
import { SlashCommands } from './slash-commands';
import { useCollabEditor } from './use-collab-editor';
import './editor.css';

export function PageEditor({ doc, provider, editable, user }: {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  user: { name: string; color: string };
}) {
  const t = useT();
  const editor = useCollabEditor({
    doc,
    provider,
    editable,
    user,
    placeholder: t('pages.editor.placeholder'),
    extra: [SlashCommands],
    attributes: { class: 'page-editor-content', 'data-testid': 'page-editor' },
  });

  return <EditorContent editor={editor} className={`page-editor${editable ? '' : ' is-readonly'}`} />;
}
