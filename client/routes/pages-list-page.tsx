// `/{workspaceSlug}/projects/{projectId}/pages`: the project's pages in public / private / archived
// tabs, sorted by name, created or updated (default updated descending, spec §9), with a favorites
// filter, the create modal and per-page actions.
import { ArrowDown, ArrowUp, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { Button, Select, Tab, TabList, TabPanel, Tabs } from '../ui';
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
      <Tabs value={tab} onValueChange={setTab}>
        <div className="pages-toolbar">
          <TabList label={t('pages.title')} className="pages-tabs" testId="pages-tabs">
            {TABS.map((item) => (
              <Tab key={item.tab} value={item.tab} testId={`pages-tab-${item.tab}`}>
                {t(item.label)}
              </Tab>
            ))}
          </TabList>
          <div className="pages-sort">
            <span aria-hidden="true">{t('pages.sort.label')}</span>
            <Select
              className="select-sm"
              label={t('pages.sort.label')}
              value={sortKey}
              options={SORTS.map((item) => ({ value: item.key, label: t(item.label) }))}
              onChange={(value) => setSortKey(value as PageSortKey)}
              testId="pages-sort"
            />
          </div>
          <Button size="sm" variant="ghost" onClick={() => setDescending(!descending)} aria-label={t('pages.sort.direction')}>
            {descending ? <ArrowDown size={14} aria-hidden="true" /> : <ArrowUp size={14} aria-hidden="true" />}
          </Button>
          <Button size="sm" variant={favoritesOnly ? 'secondary' : 'ghost'} aria-pressed={favoritesOnly} onClick={() => setFavoritesOnly(!favoritesOnly)} data-testid="pages-favorites-filter">
            {t('pages.favorites')}
          </Button>
        </div>
        <TabPanel value={tab}>
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
        </TabPanel>
      </Tabs>
      {creating && <CreatePageModal slug={workspaceSlug} projectId={projectId} onClose={() => setCreating(false)} onCreated={(page) => openPage(page.id)} />}
    </AppShell>
  );
}
