// The Cycles screens (spec §2): the project's cycles with tabs active, upcoming, completed, draft
// and archived (the active tab shows the current cycle's panel), and one cycle: its numbers, the
// complete-and-transfer flow and its issues in every layout. Cycle rows take issues dropped on them.
import { useState, type DragEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Archive, ArchiveRestore, MoreHorizontal, Pencil, Star, Trash2 } from 'lucide-react';
import { CycleStatus } from '../../shared/cycle';
import { can, memberContext } from '../../shared/permission-table';
import type { Cycle } from '../api/types';
import { toastOnFailure } from '../components/app-shell/toast-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CycleModal } from '../components/cycles/cycle-modal';
import { CycleNumbers, ProgressBar } from '../components/cycles/cycle-panel';
import { TransferDialog } from '../components/cycles/transfer-dialog';
import { IssueListView } from '../components/issues/issue-list-view';
import type { ListSource } from '../components/issues/list-model';
import { useT } from '../i18n';
import { deleteCycle, setCycleArchived, setCycleFavorite, useCycle, useProjectCycles } from '../stores/cycle-store';
import { addIssuesToCycle } from '../stores/issue-store';
import { useProject } from '../stores/project-store';
import { Button, EmptyState, IconButton, Menu, toast } from '../ui';
import { ProjectFrame, useCurrentList } from './work-pages';
import '../components/cycles/cycles.css';

export const CYCLE_TABS = ['active', 'upcoming', 'completed', 'draft', 'archived'] as const;
export type CycleTab = (typeof CYCLE_TABS)[number];

/** The drag payload type of an issue row (lists set it; cycle rows accept it). */
export const ISSUE_DRAG_TYPE = 'application/x-trellis-issue';

function inTab(cycle: Cycle, tab: CycleTab): boolean {
  if (tab === 'archived') return Boolean(cycle.archived_at);
  if (cycle.archived_at) return false;
  const status = { active: CycleStatus.CURRENT, upcoming: CycleStatus.UPCOMING, completed: CycleStatus.COMPLETED, draft: CycleStatus.DRAFT }[tab];
  return cycle.status === status;
}

function useDay() {
  return (value: string | null) => (value ? new Date(value).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '');
}

export function CyclesPage({ slug, projectId, tab }: { slug: string; projectId: string; tab: CycleTab }) {
  const t = useT();
  const project = useProject(projectId);
  const cycles = useProjectCycles(projectId);
  const [creating, setCreating] = useState(false);
  const canEdit = can('project.edit', memberContext(null, project?.member_role));
  const canCreate = can('project.create', memberContext(null, project?.member_role));
  const shown = cycles.filter((cycle) => inTab(cycle, tab));
  const active = tab === 'active' ? shown[0] : undefined;
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="cycles">
      <div className="cycles-page" data-testid="cycles-page">
        <div className="cycles-toolbar">
          <nav className="segmented" aria-label={t('cycles.tabs')}>
            {CYCLE_TABS.map((name) => (
              <Link key={name} to="/$workspaceSlug/projects/$projectId/cycles" params={{ workspaceSlug: slug, projectId }} search={{ tab: name }} className={`segment${name === tab ? ' segment-active' : ''}`} data-testid={`cycles-tab-${name}`}>
                {t(`cycles.tab.${name}`)}
              </Link>
            ))}
          </nav>
          {canCreate && <Button size="sm" onClick={() => setCreating(true)} data-testid="cycle-new">{t('cycles.new')}</Button>}
        </div>
        {shown.length === 0 ? (
          <EmptyState
            title={t(`cycles.empty.${tab}`)}
            body={tab === 'active' ? t('cycles.empty.activeBody') : t('cycles.empty.body')}
            action={canCreate ? <Button size="sm" onClick={() => setCreating(true)}>{t('cycles.new')}</Button> : undefined}
          />
        ) : (
          <ul className="cycle-list" data-testid="cycle-list">
            {shown.map((cycle) => <CycleRow key={cycle.id} slug={slug} cycle={cycle} canEdit={canEdit} />)}
          </ul>
        )}
        {active && <CycleNumbers slug={slug} cycle={active} />}
      </div>
      {creating && <CycleModal slug={slug} projectId={projectId} onClose={() => setCreating(false)} />}
    </ProjectFrame>
  );
}

function CycleRow({ slug, cycle, canEdit }: { slug: string; cycle: Cycle; canEdit: boolean }) {
  const t = useT();
  const day = useDay();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [over, setOver] = useState(false);
  const takesIssues = canEdit && !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED;

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    setOver(false);
    const ids = (event.dataTransfer.getData(ISSUE_DRAG_TYPE) || '').split(',').filter(Boolean);
    if (!takesIssues || ids.length === 0) return;
    event.preventDefault();
    void addIssuesToCycle(slug, cycle.project_id, cycle.id, ids).then(
      () => toast.success(t('cycles.addedToast', { name: cycle.name })),
      () => toast.error(t('cycles.toast.addFailed')),
    );
  };

  const items = [
    ...(canEdit && !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED ? [{ id: 'cycle-edit', label: t('cycles.edit'), icon: <Pencil size={14} />, onSelect: () => setEditing(true) }] : []),
    ...(canEdit && cycle.status === CycleStatus.COMPLETED && !cycle.archived_at ? [{ id: 'cycle-archive', label: t('cycles.archive'), icon: <Archive size={14} />, onSelect: () => void toastOnFailure(setCycleArchived(slug, cycle, true)) }] : []),
    ...(canEdit && cycle.archived_at ? [{ id: 'cycle-restore', label: t('cycles.restore'), icon: <ArchiveRestore size={14} />, onSelect: () => void toastOnFailure(setCycleArchived(slug, cycle, false)) }] : []),
    ...(canEdit ? [{ id: 'cycle-delete', label: t('cycles.delete'), icon: <Trash2 size={14} />, danger: true, onSelect: () => setDeleting(true) }] : []),
  ];

  return (
    <li
      className={`cycle-row${over ? ' cycle-row-over' : ''}`}
      data-testid={`cycle-row-${cycle.name}`}
      onDragOver={(event) => {
        if (!takesIssues || !event.dataTransfer.types.includes(ISSUE_DRAG_TYPE)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-description={takesIssues ? t('cycles.dropHint', { name: cycle.name }) : undefined}
    >
      <Link to="/$workspaceSlug/projects/$projectId/cycles/$cycleId" params={{ workspaceSlug: slug, projectId: cycle.project_id, cycleId: cycle.id }} className="cycle-row-name">
        {cycle.name}
      </Link>
      <span className={`cycle-status cycle-status-${cycle.status}`}>{t(`cycles.status.${cycle.status}`)}</span>
      <span className="muted cycle-row-dates">{cycle.start_date && cycle.end_date ? t('cycles.dates', { start: day(cycle.start_date), end: day(cycle.end_date) }) : t('cycles.noDates')}</span>
      <span className="cycle-row-progress" data-testid={`cycle-row-progress-${cycle.name}`}>
        <ProgressBar done={cycle.completed_issues} total={cycle.total_issues} />
        <span className="muted">{t('cycles.progressLabel', { done: cycle.completed_issues, total: cycle.total_issues })}</span>
      </span>
      {canEdit && !cycle.archived_at && (
        <IconButton
          label={cycle.is_favorite ? t('cycles.unfavorite') : t('cycles.favorite')}
          icon={<Star size={14} fill={cycle.is_favorite ? 'currentColor' : 'none'} />}
          onClick={() => void toastOnFailure(setCycleFavorite(slug, cycle, !cycle.is_favorite))}
        />
      )}
      {items.length > 0 && <Menu label={t('cycles.actions')} trigger={<IconButton label={t('cycles.actions')} icon={<MoreHorizontal size={14} />} data-testid={`cycle-menu-${cycle.name}`} />} items={items} />}
      {editing && <CycleModal slug={slug} projectId={cycle.project_id} cycle={cycle} onClose={() => setEditing(false)} />}
      {deleting && (
        <ConfirmDialog title={t('cycles.deleteTitle', { name: cycle.name })} message={t('cycles.deleteBody')} confirmLabel={t('common.delete')} onClose={() => setDeleting(false)} onConfirm={() => deleteCycle(slug, cycle)} />
      )}
    </li>
  );
}

export function CycleDetailPage({ slug, projectId, cycleId, peekId }: { slug: string; projectId: string; cycleId: string; peekId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const cycle = useCycle(cycleId);
  const project = useProject(projectId);
  const [transferring, setTransferring] = useState(false);
  const source: ListSource = { kind: 'cycle', projectId, cycleId };
  useCurrentList(source);
  const canEdit = can('project.edit', memberContext(null, project?.member_role));
  if (!cycle) {
    return (
      <ProjectFrame slug={slug} projectId={projectId} current="cycles">
        <EmptyState title={t('cycles.notFound')} action={<Link to="/$workspaceSlug/projects/$projectId/cycles" params={{ workspaceSlug: slug, projectId }}>{t('cycles.back')}</Link>} />
      </ProjectFrame>
    );
  }
  return (
    <ProjectFrame slug={slug} projectId={projectId} current="cycles">
      <div className="cycle-detail" data-testid="cycle-detail">
        <div className="cycles-toolbar">
          <Link to="/$workspaceSlug/projects/$projectId/cycles" params={{ workspaceSlug: slug, projectId }} className="muted">{t('cycles.back')}</Link>
          <h2 className="cycle-detail-name">{cycle.name}</h2>
          <span className={`cycle-status cycle-status-${cycle.status}`}>{t(`cycles.status.${cycle.status}`)}</span>
          {canEdit && !cycle.archived_at && cycle.status !== CycleStatus.DRAFT && (
            <Button size="sm" variant="secondary" onClick={() => setTransferring(true)} data-testid="cycle-complete">{t('cycles.complete')}</Button>
          )}
        </div>
        <CycleNumbers slug={slug} cycle={cycle} />
        <h3>{t('cycles.issues')}</h3>
        <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: id ? { peekId: id } : {} })} />
      </div>
      {transferring && <TransferDialog slug={slug} cycle={cycle} onClose={() => setTransferring(false)} />}
    </ProjectFrame>
  );
}
