// `/{workspaceSlug}/projects/{projectId}/pages/{pageId}`: one page — autosaved title, live body with
// carets and who-is-here, read-only where the rules say so, offline indicator, and the page actions.
// Loaded lazily: the editor stack is large (toolchain P16).
import { useNavigate } from '@tanstack/react-router';
import { useResource } from '../api/use-resource';
import { AppShell } from '../components/app-shell';
import { EmptyState, PageLoader } from '../components/feedback';
import { useT, type MessageKey } from '../i18n';
import { fetchPage, pagePermissions, updatePage, usePage } from '../stores/page-store';
import { PageActions } from '../routes/pages-actions';
import { usePageActor } from '../routes/pages-access';
import { PageEditor } from './page-editor';
import { PresenceAvatars } from './presence-avatars';
import { colorFor, usePageCollab } from './use-page-collab';
import { SaveState, useTitleAutosave } from './use-title-autosave';

const SAVE_LABEL: Record<SaveState, MessageKey> = {
  [SaveState.SAVED]: 'pages.title.saved',
  [SaveState.SUBMITTING]: 'pages.title.submitting',
  [SaveState.SUBMITTED]: 'pages.title.submitted',
};

/**
 * One save state for title and body: "Saved" only when both are stored — the body's edits count as
 * stored once the collab server confirmed them, which it does after they reached the database.
 */
function pageSaveState(title: SaveState, body: { synced: boolean; unsaved: boolean }): SaveState {
  if (title === SaveState.SUBMITTING || (body.synced && body.unsaved)) return SaveState.SUBMITTING;
  return title;
}

export default function PageScreen({ workspaceSlug, projectId, pageId }: { workspaceSlug: string; projectId: string; pageId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const page = usePage(pageId);
  const { actor, user } = usePageActor(workspaceSlug, projectId);
  const collab = usePageCollab(pageId, user);
  // The live title (another editor's rename) shows at once; the page row follows through REST.
  const titleSave = useTitleAutosave(collab.title ?? page?.name ?? '', async (name) => {
    if (page) await updatePage(workspaceSlug, projectId, page, { name });
  });

  // The row the list left in the store shows at once; this read brings it up to date, and a
  // failure means the page is gone or not ours to see.
  const missing = useResource(`${workspaceSlug}/${projectId}/${pageId}`, () => fetchPage(workspaceSlug, projectId, pageId)).error !== null;

  if (missing || collab.deleted) return <AppShell workspaceSlug={workspaceSlug} title={t('pages.title')}><EmptyState title={t('pages.missing')} /></AppShell>;
  if (!page) return <PageLoader />;

  const permissions = pagePermissions(actor, page);
  const editable = permissions.canEdit && !collab.readOnly;
  const goToList = () => void navigate({ to: '/$workspaceSlug/projects/$projectId/pages', params: { workspaceSlug, projectId } });

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={page.name || t('pages.untitled')}
      actions={
        <PageActions
          slug={workspaceSlug}
          projectId={projectId}
          page={page}
          permissions={permissions}
          onDeleted={goToList}
          onDuplicated={(copy) => void navigate({ to: '/$workspaceSlug/projects/$projectId/pages/$pageId', params: { workspaceSlug, projectId, pageId: copy.id } })}
        />
      }
    >
      <div className="page-status-bar" data-testid="page-status">
        {(permissions.canEditTitle || editable) && <span data-testid="page-save-state">{t(SAVE_LABEL[pageSaveState(titleSave.state, collab)])}</span>}
        {!collab.online && <span className="page-offline" data-testid="offline-indicator">{t('pages.offline')}</span>}
        {!editable && <span className="page-readonly-badge" data-testid="readonly-badge">{t(page.is_locked ? 'pages.locked' : page.archived_at ? 'pages.archivedBadge' : 'pages.readOnly')}</span>}
        <PresenceAvatars peers={collab.peers} />
      </div>
      <input
        className="page-title-input"
        value={titleSave.title}
        placeholder={t('pages.untitled')}
        maxLength={255}
        readOnly={!permissions.canEditTitle}
        aria-label={t('pages.title.label')}
        data-testid="page-title-input"
        onChange={(event) => titleSave.setTitle(event.target.value)}
      />
      {collab.refused ? (
        <EmptyState title={t('pages.refused')} />
      ) : collab.doc && collab.provider ? (
        <PageEditor slug={workspaceSlug} projectId={projectId} doc={collab.doc} provider={collab.provider} editable={editable} user={{ name: user.name, color: colorFor(user.id) }} />
      ) : (
        <PageLoader />
      )}
    </AppShell>
  );
}
