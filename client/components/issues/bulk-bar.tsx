// The bar shown while issues are selected: bulk property updates (bulk-operation-issues) and
// bulk delete (with its confirmation modal). Bulk calls are per project, all or nothing.
import { useState } from 'react';
import { PRIORITY_ORDER, type Priority } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import { bulkDeleteIssues, bulkUpdateIssues, getIssue, setIssueCycle, updateIssue, type BulkProperties } from '../../stores/issue-store';
import { toast, undoWindow } from '../../ui/toast';
import { useProjectStates } from '../../stores/state-store';
import { useProjectCycles } from '../../stores/cycle-store';
import { CycleStatus } from '../../../shared/cycle';
import { ConfirmDialog } from '../confirm-dialog';
import { PRIORITY_LABEL } from './labels';
import { clearSelection, useSelectionStore } from './selection-store';
import { toastOnFailure } from '../../stores/toast-store';
import { Button, ChipPopover, Combobox, type ComboboxOption } from '../../ui';
import { PriorityIcon, StateIcon } from '../../ui/pickers/property-icons';
import { can, memberContext } from '../../../shared/permission-table';
import { getProject } from '../../stores/project-store';
import { useCurrentWorkspaceSlug, useWorkspace } from '../../stores/workspace-store';

/** A chip that opens a searchable list; picking a value applies it to every selected issue. */
function BulkPicker({ label, options, onPick, testId }: { label: string; options: ComboboxOption[]; onPick: (value: string) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ChipPopover label={label} valueText={`${label}…`} spokenValue={label} open={open} onOpenChange={setOpen} testId={testId}>
      <Combobox
        label={label}
        options={options}
        selected={[]}
        testId={`${testId}-list`}
        onSelect={(value) => {
          setOpen(false);
          onPick(value);
        }}
      />
    </ChipPopover>
  );
}

function byProject(ids: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const id of ids) {
    const issue = getIssue(id);
    if (!issue) continue;
    map.set(issue.project_id, [...(map.get(issue.project_id) ?? []), id]);
  }
  return map;
}

/**
 * Whether my roles pass `action` in every selected issue's project: a bulk change is offered only
 * where the server takes it for all of them (bulk edits are `project.edit`, bulk delete
 * `project.admin`; a workspace list can mix projects where I am a member with ones where I am a guest).
 */
function canInEvery(action: 'project.edit' | 'project.admin', projectIds: Iterable<string>, workspaceRole: number | null | undefined): boolean {
  for (const projectId of projectIds) {
    if (!can(action, memberContext(workspaceRole, getProject(projectId)?.member_role))) return false;
  }
  return true;
}

export function BulkBar({ slug, projectId }: { slug: string; projectId?: string }) {
  const t = useT();
  const ids = useSelectionStore((state) => state.ids);
  const states = useProjectStates(projectId);
  // Completed and archived cycles take no issues (reference §2.2).
  const cycles = useProjectCycles(projectId).filter((cycle) => !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED);
  const [confirming, setConfirming] = useState(false);
  const workspaceRole = useWorkspace(useCurrentWorkspaceSlug())?.role;
  if (ids.length === 0) return null;
  const selectedProjects = [...byProject(ids).keys()];
  const canEdit = canInEvery('project.edit', selectedProjects, workspaceRole);
  const canDelete = canInEvery('project.admin', selectedProjects, workspaceRole);

  // The cycle is not a field of the issue (the PATCH would drop it): it goes back through cycle-issues.
  const restore = async (id: string, { cycle_id: cycleId, ...fields }: BulkProperties) => {
    if (Object.keys(fields).length) await updateIssue(slug, id, fields);
    if (cycleId !== undefined) await setIssueCycle(slug, id, cycleId ?? null);
  };
  // Each issue's values before the change, so Undo puts every one back as it was.
  const apply = (properties: BulkProperties) => {
    const before = ids.flatMap((id) => {
      const issue = getIssue(id);
      return issue ? [{ id, patch: Object.fromEntries(Object.keys(properties).map((key) => [key, issue[key as keyof BulkProperties]])) as BulkProperties }] : [];
    });
    const work = [...byProject(ids)].map(([project, projectIds]) => bulkUpdateIssues(slug, project, projectIds, properties));
    void Promise.all(work).then(
      () => toast.success(t('toast.issuesUpdated', { count: before.length }), { undo: () => Promise.all(before.map((row) => restore(row.id, row.patch))).then(() => undefined) }),
      () => undefined,
    );
    for (const done of work) void toastOnFailure(done);
  };

  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.label')} data-testid="bulk-bar">
      <strong>{t('bulk.selected', { count: ids.length })}</strong>
      {projectId && canEdit && (
        <BulkPicker
          label={t('property.state')}
          testId="bulk-state"
          options={states.map((state) => ({ value: state.id, label: state.name, icon: <StateIcon group={state.group} color={state.color} /> }))}
          onPick={(stateId) => apply({ state_id: stateId })}
        />
      )}
      {canEdit && (
        <BulkPicker
          label={t('property.priority')}
          testId="bulk-priority"
          options={PRIORITY_ORDER.map((priority) => ({ value: priority, label: t(PRIORITY_LABEL[priority]), icon: <PriorityIcon priority={priority} /> }))}
          onPick={(priority) => apply({ priority: priority as Priority })}
        />
      )}
      {projectId && canEdit && cycles.length > 0 && (
        <BulkPicker
          label={t('cycles.bulk.cycle')}
          testId="bulk-cycle"
          options={cycles.map((cycle) => ({ value: cycle.id, label: cycle.name }))}
          onPick={(cycleId) => apply({ cycle_id: cycleId })}
        />
      )}
      {canDelete && <Button variant="danger" size="sm" onClick={() => setConfirming(true)} data-testid="bulk-delete">{t('common.delete')}</Button>}
      <Button variant="ghost" size="sm" onClick={clearSelection}>{t('bulk.clear')}</Button>
      {confirming && (
        <ConfirmDialog
          title={t('bulk.deleteTitle', { count: ids.length })}
          message={t('bulk.deleteBody')}
          confirmLabel={t('common.delete')}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const groups = byProject(ids);
            clearSelection();
            // One toast with Undo for the whole selection; every project's delete waits for it.
            const window = undoWindow(t('toast.issuesDeleted', { count: ids.length }));
            for (const [project, projectIds] of groups) void toastOnFailure(bulkDeleteIssues(slug, project, projectIds, { undoWindow: () => window }));
          }}
        />
      )}
    </div>
  );
}
