// The description of an existing issue (detail page and peek): a live Yjs document on /collab
// (`issue.<id>`), edited like a page body (the same schema and behaviour: "/" menu, input rules,
// @mentions), so what anyone types reaches every open detail or peek
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
import { useMentionSource } from './use-mention-source';
import './editor.css';

export function LiveIssueDescriptionEditor({ slug, projectId, issueId, editable }: { slug: string; projectId: string; issueId: string; editable: boolean }) {
  const t = useT();
  const me = useSessionStore((state) => state.user);
  const user = { id: me?.id ?? '', name: me?.display_name || me?.email || '' };
  const collab = usePageCollab(issueDocumentName(issueId), user);
  if (collab.refused) return <p className="muted" role="alert" data-testid="description-refused">{t('issue.descriptionUnavailable')}</p>;
  if (!collab.doc || !collab.provider) return <div className="description-editor description-loading" aria-busy="true" />;
  return (
    <CollabDescription
      slug={slug}
      projectId={projectId}
      doc={collab.doc}
      provider={collab.provider}
      editable={editable && collab.synced && !collab.readOnly}
      synced={collab.synced}
      user={{ name: user.name, color: colorFor(user.id) }}
    />
  );
}

function CollabDescription({ slug, projectId, doc, provider, editable, synced, user }: {
  slug: string;
  projectId: string;
  doc: Y.Doc;
  provider: HocuspocusProvider;
  editable: boolean;
  synced: boolean;
  user: { name: string; color: string };
}) {
  const t = useT();
  const mentions = useMentionSource(slug, projectId);
  const editor = useCollabEditor({ doc, provider, editable, user, behaviour: { placeholder: t('issue.descriptionPlaceholder'), mentions } });

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
