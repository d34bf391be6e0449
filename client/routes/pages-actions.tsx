// The actions on one page (spec §4, §6): favorite, lock, public/private, archive/restore, duplicate,
// delete — each shown only to callers the page rules allow.
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useT } from '../i18n';
import { PageAccess } from '../../shared/visibility';
import {
  deletePage,
  duplicatePage,
  pagePermissions,
  setPageAccess,
  setPageArchived,
  setPageFavorite,
  setPageLocked,
  type Page,
} from '../stores/page-store';
import { Button } from '../ui';

type Permissions = ReturnType<typeof pagePermissions>;

export function PageActions({ slug, projectId, page, permissions, onDuplicated, onDeleted }: {
  slug: string;
  projectId: string;
  page: Page;
  permissions: Permissions;
  onDuplicated?: (copy: Page) => void;
  onDeleted?: () => void;
}) {
  const t = useT();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Failures are rolled back and reported by the store; nothing more to do here.
  const run = (action: Promise<unknown>) => void action.catch(() => {});
  const archived = page.archived_at !== null;

  return (
    <div className="page-actions" data-testid="page-actions">
      {permissions.canFavorite && (
        <Button size="sm" variant="ghost" data-testid="page-favorite" aria-pressed={Boolean(page.is_favorite)} onClick={() => run(setPageFavorite(slug, projectId, page, !page.is_favorite))}>
          {page.is_favorite ? t('pages.action.unfavorite') : t('pages.action.favorite')}
        </Button>
      )}
      {permissions.canLock && !archived && (
        <Button size="sm" variant="ghost" data-testid="page-lock" onClick={() => run(setPageLocked(slug, projectId, page, !page.is_locked))}>
          {page.is_locked ? t('pages.action.unlock') : t('pages.action.lock')}
        </Button>
      )}
      {permissions.canChangeAccess && !archived && (
        <Button size="sm" variant="ghost" data-testid="page-access" onClick={() => run(setPageAccess(slug, projectId, page, page.access === PageAccess.PUBLIC ? PageAccess.PRIVATE : PageAccess.PUBLIC))}>
          {page.access === PageAccess.PUBLIC ? t('pages.action.makePrivate') : t('pages.action.makePublic')}
        </Button>
      )}
      {permissions.canDuplicate && !archived && (
        <Button size="sm" variant="ghost" data-testid="page-duplicate" onClick={() => run(duplicatePage(slug, projectId, page).then((copy) => onDuplicated?.(copy)))}>
          {t('pages.action.duplicate')}
        </Button>
      )}
      {permissions.canArchive && (
        <Button size="sm" variant="ghost" data-testid="page-archive" onClick={() => run(setPageArchived(slug, projectId, page, !archived))}>
          {archived ? t('pages.action.restore') : t('pages.action.archive')}
        </Button>
      )}
      {permissions.canDelete && (
        <Button size="sm" variant="ghost" data-testid="page-delete" onClick={() => setConfirmDelete(true)}>
          {t('common.delete')}
        </Button>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t('pages.delete.title')}
          message={t('pages.delete.message', { name: page.name || t('pages.untitled') })}
          confirmLabel={t('common.delete')}
          onConfirm={async () => {
            await deletePage(slug, projectId, page);
            onDeleted?.();
          }}
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </div>
  );
}
