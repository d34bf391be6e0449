// The bar shown while issues are selected: bulk property updates (bulk-operation-issues) and
// bulk delete (with its confirmation modal). Bulk calls are per project, all or nothing.
import { useState } from 'react';
import { PRIORITY_ORDER, type Priority } from '../../../shared/issue-constants';
import { useT } from '../../i18n';
import { bulkDeleteIssues, bulkUpdateIssues, getIssue, updateIssue, type BulkProperties } from '../../stores/issue-store';
import { toast, undoWindow } from '../../ui/toast';
import { useProjectStates } from '../../stores/state-store';
import { useProjectCycles } from '../../stores/cycle-store';
import { CycleStatus } from '../../../shared/cycle';
import { ConfirmDialog } from '../confirm-dialog';
import { PRIORITY_LABEL } from './labels';
import { clearSelection, useSelectionStore } from './selection-store';
import { toastOnFailure } from '../app-shell/toast-store';

function byProject(ids: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const id of ids) {
    const issue = getIssue(id);
    if (!issue) continue;
    map.set(issue.project_id, [...(map.get(issue.project_id) ?? []), id]);
  }
  return map;
}

export function BulkBar({ slug, projectId }: { slug: string; projectId?: string }) {
  const t = useT();
  const ids = useSelectionStore((state) => state.ids);
  const states = useProjectStates(projectId);
  // Completed and archived cycles take no issues (reference §2.2).
  const cycles = useProjectCycles(projectId).filter((cycle) => !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED);
  const [confirming, setConfirming] = useState(false);
  if (ids.length === 0) return null;

  // Each issue's values before the change, so Undo puts every one back as it was.
  const apply = (properties: BulkProperties) => {
    const before = ids.flatMap((id) => {
      const issue = getIssue(id);
      return issue ? [{ id, patch: Object.fromEntries(Object.keys(properties).map((key) => [key, issue[key as keyof BulkProperties]])) as BulkProperties }] : [];
    });
    const work = [...byProject(ids)].map(([project, projectIds]) => bulkUpdateIssues(slug, project, projectIds, properties));
    void Promise.all(work).then(
      () => toast.success(t('toast.issuesUpdated', { count: before.length }), { undo: () => Promise.all(before.map((row) => updateIssue(slug, row.id, row.patch))).then(() => undefined) }),
      () => undefined,
    );
    for (const done of work) void toastOnFailure(done);
  };

  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.label')} data-testid="bulk-bar">
      <strong>{t('bulk.selected', { count: ids.length })}</strong>
      {projectId && (
        <select className="select select-sm" aria-label={t('property.state')} value="" onChange={(event) => event.target.value && apply({ state_id: event.target.value })} data-testid="bulk-state">
          <option value="">{t('property.state')}…</option>
          {states.map((state) => <option key={state.id} value={state.id}>{state.name}</option>)}
        </select>
      )}
      <select className="select select-sm" aria-label={t('property.priority')} value="" onChange={(event) => event.target.value && apply({ priority: event.target.value as Priority })} data-testid="bulk-priority">
        <option value="">{t('property.priority')}…</option>
        {PRIORITY_ORDER.map((priority) => <option key={priority} value={priority}>{t(PRIORITY_LABEL[priority])}</option>)}
      </select>
      {projectId && cycles.length > 0 && (
        <select className="select select-sm" aria-label={t('cycles.bulk.cycle')} value="" onChange={(event) => event.target.value && apply({ cycle_id: event.target.value })} data-testid="bulk-cycle">
          <option value="">{t('cycles.bulk.cycle')}…</option>
          {cycles.map((cycle) => <option key={cycle.id} value={cycle.id}>{cycle.name}</option>)}
        </select>
      )}
      <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(true)} data-testid="bulk-delete">{t('common.delete')}</button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={clearSelection}>{t('bulk.clear')}</button>
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
