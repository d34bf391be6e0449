// `/{workspaceSlug}/projects/{projectId}/pages`: the project's pages in public / private / archived
// tabs, sorted by name, created or updated (default updated descending, spec §9), with a favorites
// filter, the create modal and per-page actions.
import { ArrowDown, ArrowUp, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { Button } from '../components/button';
import { EmptyState, PageLoader } from '../components/feedback';
import { useT, type MessageKey } from '../i18n';
import {
  PageSortKey,
  PageTab,
  pagePermissions,
  selectPages,
  useProjectPages,
  usePageStore,
} from '../stores/page-store';
import { CreatePageModal } from './pages-create-modal';
import { PageActions } from './pages-actions';
import { usePageActor } from './pages-access';
import './pages.css';
import { PageAccess } from '../../shared/visibility';

const TABS: Array<{ tab: PageTab; label: MessageKey }> = [
  { tab: PageTab.PUBLIC, label: 'pages.tab.public' },
  { tab: PageTab.PRIVATE, label: 'pages.tab.private' },
  { tab: PageTab.ARCHIVED, label: 'pages.tab.archived' },
];
const SORTS: Array<{ key: PageSortKey; label: MessageKey }> = [
  { key: PageSortKey.UPDATED_AT, label: 'pages.sort.updated' },
  { key: PageSortKey.CREATED_AT, label: 'pages.sort.created' },
  { key: PageSortKey.NAME, label: 'pages.sort.name' },
];

export function PagesListPage({ workspaceSlug, projectId }: { workspaceSlug: string; projectId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { actor, canCreate } = usePageActor(workspaceSlug, projectId);
  const rows = useProjectPages(workspaceSlug, projectId);
  const status = usePageStore((state) => state.status);
  const [tab, setTab] = useState<PageTab>(PageTab.PUBLIC);
  const [sortKey, setSortKey] = useState<PageSortKey>(PageSortKey.UPDATED_AT);
  const [descending, setDescending] = useState(true);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [creating, setCreating] = useState(false);

  const openPage = (pageId: string) =>
    void navigate({ to: '/$workspaceSlug/projects/$projectId/pages/$pageId', params: { workspaceSlug, projectId, pageId } });
  const shown = selectPages(rows, tab, { key: sortKey, descending }, favoritesOnly);

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('pages.title')}
      actions={canCreate && <Button size="sm" onClick={() => setCreating(true)} data-testid="new-page-button">{t('pages.new')}</Button>}
    >
      <div className="pages-toolbar">
        <div className="pages-tabs" role="tablist" aria-label={t('pages.title')} data-testid="pages-tabs">
          {TABS.map((item) => (
            <Button key={item.tab} size="sm" variant={tab === item.tab ? 'secondary' : 'ghost'} role="tab" aria-selected={tab === item.tab} onClick={() => setTab(item.tab)} data-testid={`pages-tab-${item.tab}`}>
              {t(item.label)}
            </Button>
          ))}
        </div>
        <label className="pages-sort">
          {t('pages.sort.label')}
          <select className="select" value={sortKey} onChange={(event) => setSortKey(event.target.value as PageSortKey)} data-testid="pages-sort">
            {SORTS.map((item) => <option key={item.key} value={item.key}>{t(item.label)}</option>)}
          </select>
        </label>
        <Button size="sm" variant="ghost" onClick={() => setDescending(!descending)} aria-label={t('pages.sort.direction')}>
          {descending ? <ArrowDown size={14} aria-hidden="true" /> : <ArrowUp size={14} aria-hidden="true" />}
        </Button>
        <Button size="sm" variant={favoritesOnly ? 'secondary' : 'ghost'} aria-pressed={favoritesOnly} onClick={() => setFavoritesOnly(!favoritesOnly)} data-testid="pages-favorites-filter">
          {t('pages.favorites')}
        </Button>
      </div>
      {status === 'loading' && rows.length === 0 ? (
        <PageLoader />
      ) : shown.length === 0 ? (
        <EmptyState title={t('pages.empty.title')} body={t('pages.empty.body')} />
      ) : (
        <ul className="list card card-flush" data-testid="pages-list">
          {shown.map((page) => (
            <li key={page.id} className="list-row" data-testid="page-row">
              <div className="list-row-main">
                <Link to="/$workspaceSlug/projects/$projectId/pages/$pageId" params={{ workspaceSlug, projectId, pageId: page.id }} className="list-row-title">
                  {page.is_favorite ? <Star size={12} role="img" aria-label={t('ui.favorite')} /> : null}
                  {page.name || t('pages.untitled')}
                </Link>
                <span className="muted">
                  {page.access === PageAccess.PRIVATE ? t('pages.access.private') : t('pages.access.public')}
                  {page.is_locked ? ` · ${t('pages.locked')}` : ''}
                </span>
              </div>
              <PageActions slug={workspaceSlug} projectId={projectId} page={page} permissions={pagePermissions(actor, page)} onDuplicated={(copy) => openPage(copy.id)} />
            </li>
          ))}
        </ul>
      )}
      {creating && <CreatePageModal slug={workspaceSlug} projectId={projectId} onClose={() => setCreating(false)} onCreated={(page) => openPage(page.id)} />}
    </AppShell>
  );
}
