// The page body editor: Tiptap with the shared page schema, bound to the live Y.Doc (Collaboration)
// with named, coloured carets of the other editors and the one editor behaviour (spec §9
// placeholder, "/" menu, input rules, @mentions of the project's members).
import { EditorContent } from '@tiptap/react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { useT } from '../i18n';
import { useCollabEditor } from './use-collab-editor';
import { useMentionSource } from './use-mention-source';
import './editor.css';

export function PageEditor({ slug, projectId, doc, provider, editable, user }: {
  slug: string;
  projectId: string;
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  user: { name: string; color: string };
}) {
  const t = useT();
  const mentions = useMentionSource(slug, projectId);
  const editor = useCollabEditor({
    doc,
    provider,
    editable,
    user,
    behaviour: { placeholder: t('pages.editor.placeholder'), mentions },
    attributes: { class: 'page-editor-content', 'data-testid': 'page-editor' },
  });

  return <EditorContent editor={editor} className={`page-editor${editable ? '' : ' is-readonly'}`} />;
}
