// The description of an existing issue (detail page and peek): a live Yjs document on /collab
// (`issue.<id>`), edited like a page body, so what anyone types reaches every open detail or peek
// at once, concurrent edits merge instead of overwriting each other, and the server stores it
// (issues.description_html follows). It stays read-only until the first sync, so nothing can be
// typed over a description that has not arrived yet.
import { EditorContent } from '@tiptap/react';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { issueDocumentName } from '../../shared/collab-documents';
import { useT } from '../i18n';
import { useSessionStore } from '../stores/session-store';
import { colorFor, usePageCollab } from './use-page-collab';
import { useCollabEditor } from './use-collab-editor';
import './editor.css';

export function LiveIssueDescriptionEditor({ issueId, editable }: { issueId: string; editable: boolean }) {
  const t = useT();
  const me = useSessionStore((state) => state.user);
  const user = { id: me?.id ?? '', name: me?.display_name || me?.email || '' };
  const collab = usePageCollab(issueDocumentName(issueId), user);
  if (collab.refused) return <p className="muted" role="alert" data-testid="description-refused">{t('issue.descriptionUnavailable')}</p>;
  if (!collab.doc || !collab.provider) return <div className="description-editor description-loading" aria-busy="true" />;
  return (
    <CollabDescription
      doc={collab.doc}
      provider={collab.provider}
      editable={editable && collab.synced && !collab.readOnly}
      synced={collab.synced}
      user={{ name: user.name, color: colorFor(user.id) }}
    />
  );
}

function CollabDescription({ doc, provider, editable, synced, user }: {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  synced: boolean;
  user: { name: string; color: string };
}) {
  const t = useT();
  const editor = useCollabEditor({ doc, provider, editable, user, placeholder: t('issue.descriptionPlaceholder') });

  return (
    <EditorContent
      editor={editor}
      className={`description-editor${synced ? '' : ' description-loading'}`}
      aria-busy={!synced}
      data-testid="description-editor"
      data-synced={synced ? 'true' : 'false'}
    />
  );
}
