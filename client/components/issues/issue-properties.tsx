// Inline editors for an issue's properties, used by cards, rows, spreadsheet cells and the detail
// sidebar. Each edit is an optimistic `updateIssue` (rolled back with a toast on failure).
import { useEffect } from 'react';
import { PRIORITY_ORDER } from '../../../shared/issue-constants';
import { displayNames } from '../../../shared/names';
import { useT } from '../../i18n';
import { ensureEstimates, useEstimatePointMap, useProjectEstimates } from '../../stores/estimate-store';
import { updateIssue, type Issue, type IssuePatch } from '../../stores/issue-store';
import { useLabelMap, useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers, useMemberUserMap } from '../../stores/member-store';
import { useProject } from '../../stores/project-store';
import { useProjectStates, useStateMap } from '../../stores/state-store';
import { PRIORITY_ICON, PRIORITY_LABEL } from './labels';
import { MultiSelect } from './multi-select';
import { toastOnFailure } from '../app-shell/toast-store';

/** Sends a property change; the failure is already toasted and rolled back by the store. */
export function saveIssue(slug: string, issueId: string, patch: IssuePatch): void {
  toastOnFailure(updateIssue(slug, issueId, patch));
}

export function StateSelect({ slug, issue, disabled }: { slug: string; issue: Issue; disabled?: boolean }) {
  const t = useT();
  const states = useProjectStates(issue.project_id);
  const current = useStateMap().get(issue.state_id ?? '');
  return (
    <span className="prop-select-wrap" onClick={(event) => event.stopPropagation()}>
      <span className="dot" style={{ background: current?.color ?? '#ccc' }} aria-hidden="true" />
      <select className="prop-select" aria-label={t('property.state')} value={issue.state_id ?? ''} disabled={disabled} onChange={(event) => saveIssue(slug, issue.id, { state_id: event.target.value })} data-testid="state-select">
        {!current && <option value="">{issue.state_id ? '…' : t('common.none')}</option>}
        {states.map((state) => (
          <option key={state.id} value={state.id}>{state.name}</option>
        ))}
      </select>
    </span>
  );
}

export function PrioritySelect({ slug, issue, disabled }: { slug: string; issue: Issue; disabled?: boolean }) {
  const t = useT();
  return (
    <span className={`prop-select-wrap priority-${issue.priority}`} onClick={(event) => event.stopPropagation()}>
      <span aria-hidden="true">{PRIORITY_ICON[issue.priority]}</span>
      <select className="prop-select" aria-label={t('property.priority')} value={issue.priority} disabled={disabled} onChange={(event) => saveIssue(slug, issue.id, { priority: event.target.value as Issue['priority'] })} data-testid="priority-select">
        {PRIORITY_ORDER.map((priority) => (
          <option key={priority} value={priority}>{t(PRIORITY_LABEL[priority])}</option>
        ))}
      </select>
    </span>
  );
}

export function AssigneeSelect({ slug, issue, disabled }: { slug: string; issue: Issue; disabled?: boolean }) {
  const t = useT();
  const users = useAssignableUsers(issue.project_id);
  const userMap = useMemberUserMap();
  const names = issue.assignee_ids.map((id) => userMap.get(id)?.display_name ?? '…');
  return (
    <MultiSelect
      label={t('property.assignee')}
      summary={names.length ? displayNames(names) : <span className="muted">{t('property.noAssignee')}</span>}
      options={users.map((user) => ({ value: user.id, label: user.display_name || user.email || user.id }))}
      selected={issue.assignee_ids}
      onChange={(next) => saveIssue(slug, issue.id, { assignee_ids: next })}
      disabled={disabled}
      testId="assignee-select"
    />
  );
}

export function LabelSelect({ slug, issue, disabled }: { slug: string; issue: Issue; disabled?: boolean }) {
  const t = useT();
  const labels = useProjectLabels(issue.project_id);
  const labelMap = useLabelMap();
  const names = issue.label_ids.map((id) => labelMap.get(id)?.name ?? '…');
  return (
    <MultiSelect
      label={t('property.labels')}
      summary={names.length ? displayNames(names) : <span className="muted">{t('property.noLabels')}</span>}
      options={labels.map((label) => ({ value: label.id, label: label.name, color: label.color }))}
      selected={issue.label_ids}
      onChange={(next) => saveIssue(slug, issue.id, { label_ids: next })}
      disabled={disabled}
      testId="label-select"
    />
  );
}

export function DateInput({ slug, issue, field, disabled }: { slug: string; issue: Issue; field: 'start_date' | 'target_date'; disabled?: boolean }) {
  const t = useT();
  return (
    <input
      type="date"
      className="prop-date"
      aria-label={t(field === 'start_date' ? 'property.start_date' : 'property.due_date')}
      value={issue[field] ?? ''}
      disabled={disabled}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => saveIssue(slug, issue.id, { [field]: event.target.value || null })}
      data-testid={`${field}-input`}
    />
  );
}

/**
 * The estimate of an issue: a select of the points of the project's active estimate (spec §9,
 * sorted by key), "None" clears it. Without an active estimate the stored point is shown read-only.
 */
export function EstimateSelect({ slug, issue, disabled }: { slug: string; issue: Issue; disabled?: boolean }) {
  const t = useT();
  const project = useProject(issue.project_id);
  const estimate = useProjectEstimates(issue.project_id).find((row) => row.id === project?.estimate);
  const points = useEstimatePointMap();
  const activeId = project?.estimate;
  useEffect(() => {
    if (activeId) ensureEstimates(slug, issue.project_id);
  }, [slug, issue.project_id, activeId]);
  const current = issue.estimate_point ? points.get(issue.estimate_point)?.value ?? '…' : null;
  if (!estimate) return <span className="muted" title={t('property.estimate')} data-testid="estimate-value">{current ?? '–'}</span>;
  // A point of another (older) estimate stays visible as chosen until someone picks a new one.
  const foreign = issue.estimate_point && !estimate.points.some((point) => point.id === issue.estimate_point);
  return (
    <select className="prop-select" aria-label={t('property.estimate')} value={issue.estimate_point ?? ''} disabled={disabled} onClick={(event) => event.stopPropagation()} onChange={(event) => saveIssue(slug, issue.id, { estimate_point: event.target.value || null })} data-testid="estimate-select">
      <option value="">{t('screens.estimate.none')}</option>
      {foreign && <option value={issue.estimate_point!}>{current}</option>}
      {estimate.points.map((point) => (
        <option key={point.id} value={point.id}>{point.value}</option>
      ))}
    </select>
  );
}
