// Saved views screens (spec §2, §4 Views; reference §4): "save as view" from a list's current
// filters and display, the create/edit dialog (name, description, private), the project views page
// and the workspace views page (the built-in global views plus saved ones) with favorite, lock,
// private and delete-with-undo, and one view's issue list on the list engine in every layout.
// A locked view keeps its filters read-only here as the server refuses its PATCH.
import { Bookmark, Globe, Lock, LockOpen, MoreHorizontal, Pencil, Star, Trash2, Undo2, Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { nameOrUntitled } from '../../shared/names';
import { BUILT_IN_VIEW_IDS, type BuiltInViewId } from '../../shared/built-in-views';
import { VIEW_NAME_MAX_LENGTH } from '../../shared/schemas/view';
import { ViewAccess } from '../../shared/visibility';
import { AppShell } from '../components/app-shell';
import { IssueListView } from '../components/issues/issue-list-view';
import type { IssueFilters, ListSource } from '../stores/list-model';
import { shortenForToast } from '../stores/toast-store';
import { Button, Dialog, EmptyState, IconButton, Menu, SkeletonRows, type MenuItem } from '../ui';
import { undoWindow } from '../ui/toast';
import { useT, type MessageKey } from '../i18n';
import { differsFromView, isViewSource, resetListToView, useListSettings, viewContentOf } from '../stores/issue-filter-store';
import { createView, deleteView, setViewAccess, setViewFavorite, setViewLocked, updateView, useView, useViews, useViewsStatus, viewPermissions, type View } from '../stores/view-store';
import { ProjectFrame, useCurrentList } from './work-pages';
import './views.css';
import { SaveAsViewButton, useViewRole } from './save-as-view';

/** The caller's role facts for views of a project (projectId) or of the workspace (null). */

const FILTER_LABEL: Record<string, MessageKey> = {
  priority: 'property.priority',
  state: 'property.state',
  state_group: 'groupBy.stateGroup',
  assignees: 'property.assignee',
  labels: 'property.labels',
  created_by: 'views.filter.createdBy',
  project: 'views.filter.project',
  cycle: 'views.filter.cycle',
  module: 'views.filter.module',
};

/** "Priority (2) · Labels (1)": the filters a view captures, for the dialog and the list rows. */
function FiltersSummary({ filters }: { filters: unknown }) {
  const t = useT();
  const entries = Object.entries((filters ?? {}) as IssueFilters).filter(([, values]) => Array.isArray(values) && values.length > 0);
  if (entries.length === 0) return <span className="muted" data-testid="view-filters-summary">{t('views.noFilters')}</span>;
  return (
    <span className="muted" data-testid="view-filters-summary">
      {entries.map(([key, values]) => `${FILTER_LABEL[key] ? t(FILTER_LABEL[key]) : key} (${values!.length})`).join(' · ')}
    </span>
  );
}

/** Create ("save as view", with the list's current filters) or edit a view's name, description and access. */
export function ViewDialog({ slug, projectId, source, view, onClose, onSaved }: {
  slug: string;
  projectId: string | null;
  /** The list whose filters and display a new view captures. */
  source?: ListSource;
  /** The view being edited (absent: create). */
  view?: View;
  onClose: () => void;
  onSaved?: (view: View) => void;
}) {
  const t = useT();
  const settings = useListSettings(source ?? { kind: 'workspace-view', viewId: '' });
  const [name, setName] = useState(view?.name ?? '');
  const [description, setDescription] = useState(view?.description ?? '');
  const [isPrivate, setPrivate] = useState(view ? view.access === ViewAccess.PRIVATE : false);
  const [busy, setBusy] = useState(false);
  const content = source ? viewContentOf(settings) : null;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const access = isPrivate ? ViewAccess.PRIVATE : ViewAccess.PUBLIC;
    try {
      if (view) {
        await updateView(slug, view, { name: name.trim(), description, access });
        onSaved?.(view);
      } else {
        const created = await createView(slug, projectId, { name: name.trim(), description, access, ...(content ?? {}) });
        onSaved?.(created);
      }
      onClose();
    } catch {
      // The store reported it and rolled back; the dialog stays open to try again.
      setBusy(false);
    }
  }
  return (
    <Dialog title={t(view ? 'views.editTitle' : 'views.createTitle')} onClose={onClose} testId="view-dialog">
      <form onSubmit={(event) => void submit(event)} className="stack">
        <label className="field">
          <span>{t('views.name')}</span>
          <input className="input" value={name} onChange={(event) => setName(event.target.value)} maxLength={VIEW_NAME_MAX_LENGTH} required data-testid="view-name" />
        </label>
        <label className="field">
          <span>{t('views.description')} <span className="muted">({t('common.optional')})</span></span>
          <textarea className="input" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} data-testid="view-description" />
        </label>
        <label className="check-label">
          <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} data-testid="view-private" />
          {t('views.private')} <span className="muted">— {t('views.privateHint')}</span>
        </label>
        <div className="field">
          <span>{t('views.filters')}</span>
          <FiltersSummary filters={content ? content.filters : view?.filters} />
        </div>
        <div className="row-end">
          <Button type="button" variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" disabled={busy || !name.trim()} data-testid="view-submit">{t(view ? 'common.save' : 'views.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The actions on one view: favorite, edit, lock, public/private, delete (undo window). */
function ViewActions({ slug, view, onDeleted }: { slug: string; view: View; onDeleted?: () => void }) {
  const t = useT();
  const { me, role } = useViewRole(slug, view.project);
  const allowed = viewPermissions(view, me, role);
  const [editing, setEditing] = useState(false);
  const run = (action: Promise<unknown>) => void action.catch(() => undefined);
  const remove = () => {
    onDeleted?.();
    // Failures are reported by the store; an Undo shows the view again.
    void deleteView(slug, view, { undoWindow: () => undoWindow(t('views.deleted', { name: shortenForToast(view.name) })) }).catch(() => undefined);
  };
  const items: (MenuItem | 'separator')[] = [];
  if (allowed.canEdit) items.push({ id: 'view-edit', label: t('views.edit'), icon: <Pencil size={14} />, onSelect: () => setEditing(true) });
  if (allowed.canLock) items.push({ id: 'view-lock', label: t(view.is_locked ? 'views.unlock' : 'views.lock'), icon: view.is_locked ? <LockOpen size={14} /> : <Lock size={14} />, onSelect: () => run(setViewLocked(slug, view, !view.is_locked)) });
  if (allowed.canChangeAccess) {
    const toPrivate = view.access !== ViewAccess.PRIVATE;
    items.push({ id: 'view-access', label: t(toPrivate ? 'views.makePrivate' : 'views.makePublic'), icon: toPrivate ? <Lock size={14} /> : <Globe size={14} />, onSelect: () => run(setViewAccess(slug, view, toPrivate ? ViewAccess.PRIVATE : ViewAccess.PUBLIC)) });
  }
  if (allowed.canDelete) {
    if (items.length) items.push('separator');
    items.push({ id: 'view-delete', label: t('common.delete'), icon: <Trash2 size={14} />, danger: true, onSelect: remove });
  }
  return (
    <div className="view-actions">
      {allowed.canFavorite && (
        <IconButton label={t(view.is_favorite ? 'views.unfavorite' : 'views.favorite')} aria-pressed={Boolean(view.is_favorite)} onClick={() => void setViewFavorite(slug, view, !view.is_favorite)} icon={<Star size={16} fill={view.is_favorite ? 'currentColor' : 'none'} aria-hidden="true" />} data-testid="view-favorite" />
      )}
      {items.length > 0 && (
        <Menu label={t('views.actions')} items={items} trigger={<IconButton label={t('views.actions')} icon={<MoreHorizontal size={16} aria-hidden="true" />} data-testid="view-menu" />} />
      )}
      {editing && <ViewDialog slug={slug} projectId={view.project} view={view} onClose={() => setEditing(false)} />}
    </div>
  );
}

/** Private and locked badges. */
function ViewBadges({ view }: { view: View }) {
  const t = useT();
  return (
    <>
      {view.access === ViewAccess.PRIVATE && <span className="badge" data-testid="view-private-badge"><Lock size={11} aria-hidden="true" /> {t('views.privateBadge')}</span>}
      {view.is_locked && <span className="badge" data-testid="view-locked-badge"><Lock size={11} aria-hidden="true" /> {t('views.lockedBadge')}</span>}
    </>
  );
}

function ViewRows({ slug, rows, href }: { slug: string; rows: View[]; href: (view: View) => { to: string; params: Record<string, string> } }) {
  return (
    <ul className="views-list" data-testid="views-list">
      {rows.map((view) => {
        const link = href(view);
        return (
          <li key={view.id} className="view-row" data-testid="view-row" data-view-id={view.id}>
            <div className="view-row-main">
              <Link to={link.to} params={link.params} className="view-name" data-testid="view-link">{nameOrUntitled(view.name)}</Link>
              <ViewBadges view={view} />
              {view.description && <span className="muted view-description">{view.description}</span>}
              <FiltersSummary filters={view.filters} />
            </div>
            <ViewActions slug={slug} view={view} />
          </li>
        );
      })}
    </ul>
  );
}

/** `/{ws}/projects/{id}/views`: the project's saved views. */
export function ProjectViewsPage({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const rows = useViews(slug, projectId);
  const status = useViewsStatus();
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="views">
      <div className="views-toolbar">
        <h2 className="views-heading">{t('views.projectTitle')}</h2>
        <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId }} className="muted">{t('views.fromIssues')}</Link>
      </div>
      {status === 'loading' && rows.length === 0 ? (
        <SkeletonRows />
      ) : rows.length === 0 ? (
        <EmptyState title={t('views.empty')} body={t('views.emptyHint')} icon={<Bookmark size={22} />} />
      ) : (
        <ViewRows slug={slug} rows={rows} href={(view) => ({ to: '/$workspaceSlug/projects/$projectId/views/$viewId', params: { workspaceSlug: slug, projectId, viewId: view.id } })} />
      )}
    </ProjectFrame>
  );
}

/** The bar over a saved view's list: name, badges, actions, and save/discard of unsaved edits. */
function ViewHeader({ slug, view, source, onDeleted }: { slug: string; view: View; source: Extract<ListSource, { kind: 'view' | 'workspace-view' }>; onDeleted: () => void }) {
  const t = useT();
  const settings = useListSettings(source);
  const { me, role } = useViewRole(slug, view.project);
  const allowed = viewPermissions(view, me, role);
  const dirty = settings.loaded && differsFromView(settings, view, source);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    await updateView(slug, view, viewContentOf(settings)).catch(() => undefined);
    setSaving(false);
  };
  return (
    <div className="view-header" data-testid="view-header">
      <h2 data-testid="view-title">{nameOrUntitled(view.name)}</h2>
      <ViewBadges view={view} />
      {view.is_locked && <span className="muted" data-testid="view-locked-note">{t('views.lockedNote')}</span>}
      <span className="toolbar-spacer" />
      {dirty && (
        <>
          <Button size="sm" variant="ghost" onClick={() => resetListToView(source, view)} data-testid="view-discard"><Undo2 size={14} aria-hidden="true" /> {t('views.discard')}</Button>
          {allowed.canEdit && <Button size="sm" onClick={() => void save()} disabled={saving} data-testid="view-save"><Save size={14} aria-hidden="true" /> {t('views.saveChanges')}</Button>}
        </>
      )}
      <ViewActions slug={slug} view={view} onDeleted={onDeleted} />
    </div>
  );
}

/** Keeps a view's list on what the view saved whenever the saved content changes (live too). */
function useViewContentSync(source: Extract<ListSource, { kind: 'view' | 'workspace-view' }>, view: View | undefined) {
  const content = view ? JSON.stringify([view.filters, view.display_filters, view.display_properties]) : null;
  const [applied, setApplied] = useState<string | null>(null);
  const settings = useListSettings(source);
  useEffect(() => {
    if (!view || content === null || !settings.loaded) return;
    if (applied === null) {
      setApplied(content);
      return;
    }
    if (applied !== content) {
      setApplied(content);
      resetListToView(source, view);
    }
  }, [content, applied, settings.loaded, view, source]);
}

/** `/{ws}/projects/{id}/views/{viewId}`: one project view's issues, in every layout. */
export function ProjectViewPage({ slug, projectId, viewId, peekId }: { slug: string; projectId: string; viewId: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const view = useView(viewId);
  const source: ListSource = { kind: 'view', projectId, viewId };
  useCurrentList(source);
  useViewContentSync(source, view);
  const back = () => void navigate({ to: '/$workspaceSlug/projects/$projectId/views', params: { workspaceSlug: slug, projectId } });
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="views">
      {view ? (
        <>
          <ViewHeader slug={slug} view={view} source={source} onDeleted={back} />
          <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: id ? { peekId: id } : {} })} filtersLocked={view.is_locked} />
        </>
      ) : (
        <EmptyState title={t('views.gone')} body={t('views.goneHint')} action={<Button size="sm" onClick={back}>{t('views.backToViews')}</Button>} />
      )}
    </ProjectFrame>
  );
}

/** The segmented bar of global views: the four built-in ones, then "All views". */
function GlobalViewTabs({ slug, current }: { slug: string; current: string | null }) {
  const t = useT();
  return (
    <nav className="segmented" aria-label={t('nav.views')}>
      {BUILT_IN_VIEW_IDS.map((view) => (
        <Link key={view} to="/$workspaceSlug/workspace-views/$globalViewId" params={{ workspaceSlug: slug, globalViewId: view }} className={`segment${view === current ? ' segment-active' : ''}`} data-testid={`global-view-${view}`}>
          {t(`views.${view}`)}
        </Link>
      ))}
      <Link to="/$workspaceSlug/workspace-views" params={{ workspaceSlug: slug }} className={`segment${current === null ? ' segment-active' : ''}`} data-testid="global-view-all-views">
        {t('views.allViews')}
      </Link>
    </nav>
  );
}

/** `/{ws}/workspace-views`: the built-in global views and the saved workspace views. */
export function WorkspaceViewsPage({ slug }: { slug: string }) {
  const t = useT();
  const rows = useViews(slug, null);
  const status = useViewsStatus();
  return (
    <AppShell workspaceSlug={slug} title={t('nav.views')} actions={<GlobalViewTabs slug={slug} current={null} />}>
      <h2 className="views-heading">{t('views.builtIn')}</h2>
      <ul className="views-list" data-testid="built-in-views">
        {BUILT_IN_VIEW_IDS.map((view) => (
          <li key={view} className="view-row">
            <div className="view-row-main">
              <Link to="/$workspaceSlug/workspace-views/$globalViewId" params={{ workspaceSlug: slug, globalViewId: view }} className="view-name">{t(`views.${view}`)}</Link>
              <span className="muted">{t(`views.hint.${view}` as MessageKey)}</span>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="views-heading">{t('views.saved')}</h2>
      {status === 'loading' && rows.length === 0 ? (
        <SkeletonRows />
      ) : rows.length === 0 ? (
        <EmptyState title={t('views.empty')} body={t('views.emptyGlobalHint')} icon={<Bookmark size={22} />} />
      ) : (
        <ViewRows slug={slug} rows={rows} href={(view) => ({ to: '/$workspaceSlug/workspace-views/$globalViewId', params: { workspaceSlug: slug, globalViewId: view.id } })} />
      )}
    </AppShell>
  );
}

const isBuiltIn = (id: string): id is BuiltInViewId => (BUILT_IN_VIEW_IDS as readonly string[]).includes(id);

/** `/{ws}/workspace-views/{id}`: a built-in global view (spreadsheet by default) or a saved one. */
export function GlobalViewPage({ slug, viewId, me, peekId }: { slug: string; viewId: string; me: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const builtIn = isBuiltIn(viewId) ? viewId : null;
  const saved = useView(builtIn ? undefined : viewId);
  const source: ListSource = builtIn ? { kind: 'global', viewId: builtIn, userId: me } : { kind: 'workspace-view', viewId };
  useCurrentList(source);
  useViewContentSync(isViewSource(source) ? source : { kind: 'workspace-view', viewId: '' }, isViewSource(source) ? saved : undefined);
  const onPeek = (id: string | null) => void navigate({ to: '.', search: id ? { peekId: id } : {} });
  const back = () => void navigate({ to: '/$workspaceSlug/workspace-views', params: { workspaceSlug: slug } });
  return (
    <AppShell workspaceSlug={slug} title={t('nav.views')} actions={<GlobalViewTabs slug={slug} current={builtIn} />}>
      {builtIn ? (
        <IssueListView slug={slug} source={source} peekId={peekId} onPeek={onPeek} actions={<SaveAsViewButton slug={slug} projectId={null} source={source} />} />
      ) : saved && isViewSource(source) ? (
        <>
          <ViewHeader slug={slug} view={saved} source={source} onDeleted={back} />
          <IssueListView slug={slug} source={source} peekId={peekId} onPeek={onPeek} filtersLocked={saved.is_locked} />
        </>
      ) : (
        <EmptyState title={t('views.gone')} body={t('views.goneHint')} action={<Button size="sm" onClick={back}>{t('views.backToViews')}</Button>} />
      )}
    </AppShell>
  );
}
