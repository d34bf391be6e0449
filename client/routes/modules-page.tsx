// `/{ws}/projects/{id}/modules`: the project's modules (tabs: live and archived; spec §9 sort
// options), each with status, progress, favorite and archive; the create dialog. And
// `/{ws}/projects/{id}/modules/{moduleId}`: one module with its progress, links, members and its
// issues in the list layouts. Every list follows live `module` and `issue` events.
import { Archive, ArchiveRestore, Link2, Plus, Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { nameOrUntitled } from '../../shared/names';
import { MODULE_STATUSES, ARCHIVABLE_MODULE_STATUSES, type ModuleStatus } from '../../shared/schemas/module';
import { can, memberContext } from '../../shared/permission-table';
import { IssueListView } from '../components/issues/issue-list-view';
import type { ListSource } from '../stores/list-model';
import { Button, Dialog, EmptyState, IconButton, ProgressBar as UiProgressBar, PropertyChip, Select } from '../ui';
import { useT, type MessageKey } from '../i18n';
import { useProject } from '../stores/project-store';
import {
  MODULE_SORTS,
  addModuleLink,
  createModule,
  setModuleArchived,
  toggleModuleFavorite,
  updateModule,
  useModule,
  useProjectModules,
  type Module,
  type ModuleSort,
} from '../stores/module-store';
import { reportFailure } from '../stores/toast-store';
import { ProjectFrame } from './work-pages';
import { ModuleProgressChart } from '../components/modules/module-progress-chart';
import { ModulePeople } from '../components/modules/module-people';
import { AddModuleIssuesDialog } from '../components/modules/module-add-issues';
import './modules.css';

const statusKey = (status: string) => `modules.status.${status}` as MessageKey;

function useCanEdit(projectId: string): boolean {
  const project = useProject(projectId);
  return can('project.edit', memberContext(null, project?.member_role));
}

function ProgressBar({ module }: { module: Module }) {
  const t = useT();
  return (
    <div className="module-progress" data-testid="module-progress">
      <UiProgressBar done={module.completed_issues ?? 0} total={module.total_issues ?? 0} tone="success" />
      <span className="muted">{t('modules.progress', { done: module.completed_issues ?? 0, total: module.total_issues ?? 0 })}</span>
    </div>
  );
}

function StatusSelect({ slug, module, disabled }: { slug: string; module: Module; disabled: boolean }) {
  const t = useT();
  return (
    <PropertyChip
      label={t('modules.status')}
      valueText={t(statusKey(module.status))}
      options={MODULE_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) }))}
      selected={[module.status]}
      disabled={disabled}
      testId="module-status"
      onSelect={(status) => void (status !== module.status && updateModule(slug, module, { status }).catch(() => undefined))}
    />
  );
}

function CreateModuleDialog({ slug, projectId, onClose }: { slug: string; projectId: string; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [status, setStatus] = useState<ModuleStatus>('planned');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await createModule(slug, projectId, { name: name.trim(), status });
      onClose();
    } catch (error) {
      reportFailure('modules.createFailed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('modules.createTitle')} onClose={onClose} testId="module-create-dialog">
      <form onSubmit={(event) => void submit(event)} className="stack">
        <label className="field">
          <span>{t('modules.name')}</span>
          <input className="input" value={name} onChange={(event) => setName(event.target.value)} autoFocus maxLength={255} data-testid="module-name" />
        </label>
        <label className="field">
          <span>{t('modules.status')}</span>
          <Select
            label={t('modules.status')}
            value={status}
            options={MODULE_STATUSES.map((value) => ({ value, label: t(statusKey(value)) }))}
            onChange={(value) => setStatus(value as ModuleStatus)}
            testId="module-create-status"
          />
        </label>
        <div className="row-end">
          <Button type="button" variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" disabled={busy || !name.trim()} data-testid="module-create-submit">{t('modules.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ModulesListPage({ slug, projectId, archived }: { slug: string; projectId: string; archived: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [sort, setSort] = useState<ModuleSort>('name');
  const [creating, setCreating] = useState(false);
  const canEdit = useCanEdit(projectId);
  // A module's detail is Member+ (work-items §3): guests see the list only.
  const canOpen = can('project.member-read', memberContext(null, useProject(projectId)?.member_role));
  const rows = useProjectModules(projectId, archived, sort);
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="modules">
      <div className="modules-toolbar">
        <nav className="segmented" aria-label={t('modules.title')}>
          {([false, true] as const).map((tab) => (
            <Link key={String(tab)} to="/$workspaceSlug/projects/$projectId/modules" params={{ workspaceSlug: slug, projectId }} search={tab ? { archived: true } : {}} className={`segment${tab === archived ? ' segment-active' : ''}`} data-testid={`modules-tab-${tab ? 'archived' : 'active'}`}>
              {t(tab ? 'modules.tab.archived' : 'modules.tab.active')}
            </Link>
          ))}
        </nav>
        <label className="field-inline">
          <span className="muted">{t('modules.sort')}</span>
          <Select
            className="input-sm"
            label={t('modules.sort')}
            value={sort}
            options={MODULE_SORTS.map((value) => ({ value, label: t(`modules.sort.${value}` as MessageKey) }))}
            onChange={(value) => setSort(value as ModuleSort)}
            testId="modules-sort"
          />
        </label>
        {canEdit && !archived && (
          <Button size="sm" onClick={() => setCreating(true)} data-testid="module-create">
            <Plus size={14} aria-hidden="true" /> {t('modules.create')}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t(archived ? 'modules.archivedEmpty' : 'modules.empty')} body={archived ? undefined : t('modules.emptyHint')} />
      ) : (
        <ul className="modules-list" data-testid="modules-list">
          {rows.map((module) => (
            <li key={module.id} className="module-row" data-testid="module-row" data-module-id={module.id}>
              <IconButton label={t(module.is_favorite ? 'modules.unfavorite' : 'modules.favorite')} onClick={() => void toggleModuleFavorite(slug, module)} disabled={!canEdit || archived} icon={<Star size={16} fill={module.is_favorite ? 'currentColor' : 'none'} aria-hidden="true" />} />
              {canOpen ? (
                <button type="button" className="module-name link-button" onClick={() => void navigate({ to: '/$workspaceSlug/projects/$projectId/modules/$moduleId', params: { workspaceSlug: slug, projectId, moduleId: module.id } })}>
                  {nameOrUntitled(module.name)}
                </button>
              ) : (
                <span className="module-name">{nameOrUntitled(module.name)}</span>
              )}
              <ProgressBar module={module} />
              <StatusSelect slug={slug} module={module} disabled={!canEdit || archived} />
              {canEdit && (archived ? (
                <IconButton label={t('modules.restore')} onClick={() => void setModuleArchived(slug, module, false).catch(() => undefined)} icon={<ArchiveRestore size={16} aria-hidden="true" />} />
              ) : ARCHIVABLE_MODULE_STATUSES.includes(module.status as ModuleStatus) ? (
                <IconButton label={t('modules.archive')} onClick={() => void setModuleArchived(slug, module, true).catch(() => undefined)} icon={<Archive size={16} aria-hidden="true" />} />
              ) : null)}
            </li>
          ))}
        </ul>
      )}
      {creating && <CreateModuleDialog slug={slug} projectId={projectId} onClose={() => setCreating(false)} />}
    </ProjectFrame>
  );
}

function LinksPanel({ slug, module, canEdit }: { slug: string; module: Module; canEdit: boolean }) {
  const t = useT();
  const [url, setUrl] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return;
    try {
      await addModuleLink(slug, module, { url: url.trim() });
      setUrl('');
    } catch (error) {
      reportFailure('modules.updateFailed', error, { name: module.name });
    }
  }
  const links = module.link_module ?? [];
  return (
    <section className="module-panel" data-testid="module-links">
      <h3>{t('modules.links')}</h3>
      {links.length === 0 ? <p className="muted">{t('modules.linksEmpty')}</p> : (
        <ul>
          {links.map((link) => (
            <li key={link.id}>
              <Link2 size={14} aria-hidden="true" /> <a href={link.url} target="_blank" rel="noreferrer noopener">{link.title || link.url}</a>
            </li>
          ))}
        </ul>
      )}
      {canEdit && !module.archived_at && (
        <form onSubmit={(event) => void submit(event)} className="row">
          <input className="input input-sm" placeholder={t('modules.linkUrl')} aria-label={t('modules.linkUrl')} value={url} onChange={(event) => setUrl(event.target.value)} data-testid="module-link-url" />
          <Button size="sm" type="submit" disabled={!url.trim()}>{t('modules.addLink')}</Button>
        </form>
      )}
    </section>
  );
}

export function ModuleDetailPage({ slug, projectId, moduleId, peekId }: { slug: string; projectId: string; moduleId: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const module = useModule(moduleId);
  const canEdit = useCanEdit(projectId);
  const [adding, setAdding] = useState(false);
  const source: ListSource = { kind: 'module', projectId, moduleId };
  // The route's loader has read the module: it is missing only when there is none (or it was just deleted).
  if (!module) {
    return (
      <ProjectFrame slug={slug} projectId={projectId} current="modules">
        <EmptyState title={t('modules.notFound')} action={<Link to="/$workspaceSlug/projects/$projectId/modules" params={{ workspaceSlug: slug, projectId }}>{t('modules.back')}</Link>} />
      </ProjectFrame>
    );
  }
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="modules">
      <div className="module-header">
        <Link to="/$workspaceSlug/projects/$projectId/modules" params={{ workspaceSlug: slug, projectId }} className="muted">{t('modules.back')}</Link>
        <h2 data-testid="module-title">{nameOrUntitled(module.name)}</h2>
        <StatusSelect slug={slug} module={module} disabled={!canEdit || Boolean(module.archived_at)} />
        {(module.start_date || module.target_date) && <span className="muted">{module.start_date ?? '—'} – {module.target_date ?? '—'}</span>}
        <span className="toolbar-spacer" />
        {canEdit && !module.archived_at && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)} data-testid="module-add-existing">
            <Plus size={14} aria-hidden="true" /> {t('modules.detail.addExisting')}
          </Button>
        )}
      </div>
      <div className="module-panels">
        <ModuleProgressChart module={module} />
        <ModulePeople slug={slug} module={module} canEdit={canEdit} />
        <LinksPanel slug={slug} module={module} canEdit={canEdit} />
      </div>
      {adding && <AddModuleIssuesDialog slug={slug} module={module} onClose={() => setAdding(false)} />}
      <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: id ? { peekId: id } : {} })} />
    </ProjectFrame>
  );
}
