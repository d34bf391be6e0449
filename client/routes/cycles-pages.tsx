// The Cycles screens (spec §2): the project's cycles with tabs active, upcoming, completed, draft
// and archived (the active tab shows the current cycle's panel), and one cycle: its numbers, the
// complete-and-transfer flow and its issues in every layout. Cycle rows take issues dragged onto
// them from the unplanned issues below (plan-issues.tsx).
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Archive, ArchiveRestore, MoreHorizontal, Pencil, Star, Trash2 } from 'lucide-react';
import { CycleStatus } from '../../shared/cycle';
import { can, memberContext } from '../../shared/permission-table';
import type { Cycle } from '../api/types';
import { toastOnFailure } from '../stores/toast-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CycleModal } from '../components/cycles/cycle-modal';
import { CycleNumbers } from '../components/cycles/cycle-panel';
import { TransferDialog } from '../components/cycles/transfer-dialog';
import { IssueListView } from '../components/issues/issue-list-view';
import type { ListSource } from '../stores/list-model';
import { useT } from '../i18n';
import { deleteCycle, setCycleArchived, setCycleFavorite, useCycle, useProjectCycles } from '../stores/cycle-store';
import { useProject } from '../stores/project-store';
import { useSessionStore } from '../stores/session-store';
import { useCurrentWorkspaceSlug, useWorkspace } from '../stores/workspace-store';
import { canDeletePlanningRow } from '../../shared/policies/planning';
import { Button, EmptyState, IconButton, Menu, ProgressBar } from '../ui';
import { PlanDnd, UnplannedIssues, takesIssues as cycleTakesIssues, useCycleDrop } from '../components/cycles/plan-issues';
import { ProjectFrame, useCurrentList } from './work-pages';
import '../components/cycles/cycles.css';
import { CYCLE_TABS, type CycleTab } from './screen-tabs';


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
        <PlanDnd slug={slug} projectId={projectId}>
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
        {tab !== 'completed' && tab !== 'archived' && <UnplannedIssues slug={slug} projectId={projectId} canEdit={canEdit} />}
        </PlanDnd>
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
  const takesIssues = canEdit && cycleTakesIssues(cycle);
  const drop = useCycleDrop(cycle, takesIssues);
  // Deleting is the cycle creator's or a project admin's (the server's row rule), not every editor's.
  const me = useSessionStore((state) => state.user?.id ?? '');
  const workspaceRole = useWorkspace(useCurrentWorkspaceSlug())?.role ?? null;
  const canDelete = canDeletePlanningRow({ userId: me, projectRole: useProject(cycle.project_id)?.member_role ?? null, workspaceRole }, cycle);

  const items = [
    ...(canEdit && !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED ? [{ id: 'cycle-edit', label: t('cycles.edit'), icon: <Pencil size={14} />, onSelect: () => setEditing(true) }] : []),
    ...(canEdit && cycle.status === CycleStatus.COMPLETED && !cycle.archived_at ? [{ id: 'cycle-archive', label: t('cycles.archive'), icon: <Archive size={14} />, onSelect: () => void toastOnFailure(setCycleArchived(slug, cycle, true)) }] : []),
    ...(canEdit && cycle.archived_at ? [{ id: 'cycle-restore', label: t('cycles.restore'), icon: <ArchiveRestore size={14} />, onSelect: () => void toastOnFailure(setCycleArchived(slug, cycle, false)) }] : []),
    ...(canDelete ? [{ id: 'cycle-delete', label: t('cycles.delete'), icon: <Trash2 size={14} />, danger: true, onSelect: () => setDeleting(true) }] : []),
  ];

  return (
    <li
      ref={drop.ref}
      className={`cycle-row${drop.isOver ? ' cycle-row-over' : ''}`}
      data-testid={`cycle-row-${cycle.name}`}
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

/**
 * A completed cycle still holding backlog, unstarted or started issues (it ended by its dates, not
 * by a transfer). Once transferred its counts are the frozen snapshot, which no longer say what it
 * holds, so a transferred cycle offers no second transfer.
 */
function holdsUnfinished(cycle: Cycle): boolean {
  const frozen = Object.keys(cycle.progress_snapshot ?? {}).length > 0;
  return !frozen && cycle.backlog_issues + cycle.unstarted_issues + cycle.started_issues > 0;
}

/** The cycles page tab a cycle is listed on. */
function tabOf(cycle: Cycle): CycleTab {
  if (cycle.archived_at) return 'archived';
  return cycle.status === CycleStatus.CURRENT ? 'active' : (cycle.status as CycleTab);
}

/**
 * A cycle with no issues yet: its next step is planning it, which the cycles page does (unplanned
 * issues dragged onto its row); a new issue made here would not join the cycle, so no "New issue".
 */
function EmptyCycle({ slug, cycle, canPlan }: { slug: string; cycle: Cycle; canPlan: boolean }) {
  const t = useT();
  return (
    <div data-testid="cycle-empty">
      <EmptyState
        title={t('cycles.emptyIssues.title')}
        body={canPlan ? t('cycles.emptyIssues.body') : undefined}
        action={canPlan ? (
          <Link to="/$workspaceSlug/projects/$projectId/cycles" params={{ workspaceSlug: slug, projectId: cycle.project_id }} search={{ tab: tabOf(cycle) }} className="btn btn-primary btn-sm">
            {t('cycles.emptyIssues.plan')}
          </Link>
        ) : undefined}
      />
    </div>
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
          {canEdit && !cycle.archived_at && cycle.status === CycleStatus.CURRENT && (
            <Button size="sm" variant="secondary" onClick={() => setTransferring(true)} data-testid="cycle-complete">{t('cycles.complete')}</Button>
          )}
          {canEdit && !cycle.archived_at && cycle.status === CycleStatus.COMPLETED && holdsUnfinished(cycle) && (
            <Button size="sm" variant="secondary" onClick={() => setTransferring(true)} data-testid="cycle-transfer-open">{t('cycles.transferUnfinished')}</Button>
          )}
        </div>
        <CycleNumbers slug={slug} cycle={cycle} />
        <h3>{t('cycles.issues')}</h3>
        {cycle.total_issues === 0 ? (
          <EmptyCycle slug={slug} cycle={cycle} canPlan={canEdit && cycleTakesIssues(cycle)} />
        ) : (
          <IssueListView slug={slug} source={source} peekId={peekId} onPeek={(id) => void navigate({ to: '.', search: id ? { peekId: id } : {} })} />
        )}
      </div>
      {transferring && <TransferDialog slug={slug} cycle={cycle} onClose={() => setTransferring(false)} />}
    </ProjectFrame>
  );
}
