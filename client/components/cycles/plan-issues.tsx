// Planning on the cycles page: the project's unfinished issues that are in no cycle, each dragged
// (@dnd-kit/core, as the kanban board) onto a cycle row to put it there. Keyboard: focus an issue,
// Space picks it up, the arrow keys move it over the rows, Space drops (Escape cancels); or its
// cycle chip (Enter, type the cycle's name, Enter). The list is the issue store filtered, so an
// issue moved here or in another browser leaves it at once, and the rows' counts follow live.
import { useState, type ReactNode } from 'react';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { GripVertical, Inbox } from 'lucide-react';
import { CycleStatus } from '../../../shared/cycle';
import { isFinishedStateGroup } from '../../../shared/issue-constants';
import { http } from '../../api/http';
import { useResource } from '../../api/use-resource';
import type { Cycle, IssueListResponse } from '../../api/types';
import { useT } from '../../i18n';
import { projectPath } from '../../stores/api-paths';
import { useProjectCycles } from '../../stores/cycle-store';
import { readListResponse } from '../../stores/issue-list-store';
import { addIssuesToCycle, getIssue, upsertIssues, useIssues, type Issue } from '../../stores/issue-store';
import { useStateMap } from '../../stores/state-store';
import { Button, EmptyState, toast } from '../../ui';
import { StateIcon } from '../../ui/pickers/property-icons';
import { IssueKey, IssueTitle } from '../issues/issue-parts';
import { CyclePicker } from '../issues/issue-plan-pickers';

/** How many unplanned issues the panel loads and shows (newest first). */
const SHOWN = 100;

/** A cycle can take issues: not completed, not archived. */
export const takesIssues = (cycle: Cycle) => !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED;

/** The drag and drop frame of the cycles page: cycle rows inside it accept the issues dragged in it. */
export function PlanDnd({ slug, projectId, children }: { slug: string; projectId: string; children: ReactNode }) {
  const t = useT();
  const cycles = useProjectCycles(projectId);
  const [dragged, setDragged] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const nameOf = (id: unknown) => cycles.find((cycle) => cycle.id === id)?.name ?? '';
  const issueName = (id: unknown) => getIssue(String(id))?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('cycles.plan.pickedUp', { name: issueName(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('cycles.plan.over', { name: issueName(active.id), cycle: nameOf(over.id) }) : t('cycles.plan.notOver', { name: issueName(active.id) })),
    onDragEnd: ({ active, over }) => (over ? t('cycles.addedToast', { name: nameOf(over.id) }) : t('cycles.plan.cancelled', { name: issueName(active.id) })),
    onDragCancel: ({ active }) => t('cycles.plan.cancelled', { name: issueName(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const cycle = cycles.find((row) => row.id === over?.id);
    if (!cycle || !takesIssues(cycle)) return;
    void addIssuesToCycle(slug, projectId, cycle.id, [String(active.id)]).then(
      () => toast.success(t('cycles.addedToast', { name: cycle.name })),
      () => toast.error(t('cycles.toast.addFailed')),
    );
  };
  const issue = dragged ? getIssue(dragged) : undefined;
  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('cycles.plan.instructions') } }}
      onDragStart={({ active }) => setDragged(String(active.id))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      {children}
      <DragOverlay>{issue ? <div className="plan-issue plan-issue-overlay"><IssueKey issue={issue} /> <IssueTitle issue={issue} /></div> : null}</DragOverlay>
    </DndContext>
  );
}

/** A cycle row as a drop target: `isOver` while an issue is held over it. */
export function useCycleDrop(cycle: Cycle, enabled: boolean) {
  const { setNodeRef, isOver } = useDroppable({ id: cycle.id, disabled: !enabled });
  return { ref: setNodeRef, isOver: enabled && isOver };
}

/** Loads the project's unfinished issues without a cycle into the issue store (once per project while mounted). */
function useUnplannedLoad(slug: string, projectId: string) {
  const query = { cycle: 'None', state_group: 'backlog,unstarted,started', per_page: String(SHOWN), order_by: '-created_at' };
  const loaded = useResource(`${slug}/${projectId}/unplanned`, async (signal) => {
    upsertIssues(readListResponse(await http.get<IssueListResponse>(`${projectPath(slug, projectId)}/issues/`, query, signal)).issues);
  });
  const status = loaded.loading ? 'loading' : loaded.error ? 'error' : 'ready';
  return { status, retry: loaded.reload };
}

export function UnplannedIssues({ slug, projectId, canEdit }: { slug: string; projectId: string; canEdit: boolean }) {
  const t = useT();
  const states = useStateMap();
  const all = useIssues();
  const { status, retry } = useUnplannedLoad(slug, projectId);
  const open = (issue: Issue) => {
    const group = states.get(issue.state_id ?? '')?.group ?? issue.state__group ?? 'backlog';
    return !isFinishedStateGroup(group);
  };
  const shown = all
    .filter((issue) => issue.project_id === projectId && !issue.cycle_id && !issue.archived_at && !issue.is_draft && !issue.is_local_update && open(issue))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))
    .slice(0, SHOWN);
  return (
    <section className="plan-panel" aria-labelledby="plan-title" data-testid="unplanned-issues">
      <h3 id="plan-title">{t('cycles.plan.title')}</h3>
      <p className="muted">{canEdit ? t('cycles.plan.hint') : t('cycles.plan.readOnly')}</p>
      {status === 'error' && shown.length === 0 ? (
        <EmptyState title={t('cycles.plan.loadFailed')} action={<Button variant="secondary" size="sm" onClick={retry}>{t('common.retry')}</Button>} />
      ) : status === 'loading' && shown.length === 0 ? (
        <p className="muted">{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <EmptyState title={t('cycles.plan.empty')} icon={<Inbox size={20} />} />
      ) : (
        <ul className="plan-list">
          {shown.map((issue) => <PlanIssue key={issue.id} slug={slug} issue={issue} canEdit={canEdit} group={states.get(issue.state_id ?? '')?.group ?? issue.state__group} color={states.get(issue.state_id ?? '')?.color} />)}
        </ul>
      )}
    </section>
  );
}

function PlanIssue({ slug, issue, canEdit, group, color }: { slug: string; issue: Issue; canEdit: boolean; group?: string | null; color?: string }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: issue.id, disabled: !canEdit });
  return (
    <li className={`plan-issue${isDragging ? ' plan-issue-dragging' : ''}`} data-testid="unplanned-issue" data-issue-id={issue.id}>
      {canEdit && (
        <button type="button" ref={setNodeRef} className="plan-handle" {...attributes} {...listeners} aria-label={t('cycles.plan.drag', { name: issue.name })} data-testid="plan-handle">
          <GripVertical size={14} aria-hidden="true" />
        </button>
      )}
      <StateIcon group={group} color={color} />
      <IssueKey issue={issue} />
      <IssueTitle issue={issue} />
      <span className="toolbar-spacer" />
      <CyclePicker slug={slug} issue={issue} disabled={!canEdit} />
    </li>
  );
}
