// The property chips of an issue — state, priority, estimate — each opening a searchable picker;
// the same chips serve the list row, kanban card, spreadsheet cell, peek and detail sidebar.
// Assignees, labels and dates are in issue-people-labels.tsx and issue-date-chip.tsx. Each
// choice is an optimistic `updateIssue` (rolled back with a toast on failure).
import { useT } from '../../i18n';
import { useEnsureEstimates, useEstimatePointMap, useProjectEstimates } from '../../stores/estimate-store';
import type { Issue } from '../../stores/issue-store';
import { useProject } from '../../stores/project-store';
import { useProjectStates, useStateMap } from '../../stores/state-store';
import { PropertyChip } from '../../ui';
import { PriorityIcon, StateIcon } from '../../ui/pickers/property-icons';
import { Triangle } from 'lucide-react';
import { usePickerOpen } from './issue-hotkeys';
import { PRIORITY_LABEL } from './labels';
import { NONE_OPTION, priorityOptions, stateOptions } from './property-options';
import { saveIssue, type ChipProps } from './save-issue';


export function StatePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const states = useProjectStates(issue.project_id);
  const current = useStateMap().get(issue.state_id ?? '');
  const picker = usePickerOpen('state');
  const name = current?.name ?? (issue.state_id ? '…' : t('common.none'));
  const choose = (stateId: string) => {
    if (stateId !== issue.state_id) saveIssue(slug, issue.id, { state_id: stateId });
  };
  return (
    <PropertyChip
      {...picker}
      label={t('property.state')}
      valueText={name}
      icon={<StateIcon group={current?.group ?? issue.state__group} color={current?.color} />}
      disabled={disabled}
      testId="state-select"
      placeholder={t('pickers.changeState')}
      options={stateOptions(states)}
      selected={issue.state_id ? [issue.state_id] : []}
      onSelect={choose}
    />
  );
}

export function PriorityPicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const picker = usePickerOpen('priority');
  const name = t(PRIORITY_LABEL[issue.priority]);
  const choose = (priority: string) => {
    if (priority !== issue.priority) saveIssue(slug, issue.id, { priority: priority as Issue['priority'] });
  };
  return (
    <PropertyChip
      {...picker}
      label={t('property.priority')}
      valueText={name}
      icon={<PriorityIcon priority={issue.priority} />}
      empty={issue.priority === 'none'}
      disabled={disabled}
      testId="priority-select"
      placeholder={t('pickers.changePriority')}
      options={priorityOptions(t)}
      selected={[issue.priority]}
      onSelect={choose}
    />
  );
}

/**
 * The estimate: the points of the project's active estimate (spec §9, sorted by key), "None"
 * clears it. Without an active estimate the stored point is shown read-only.
 */
export function EstimatePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const project = useProject(issue.project_id);
  const estimate = useProjectEstimates(issue.project_id).find((row) => row.id === project?.estimate);
  const points = useEstimatePointMap();
  const picker = usePickerOpen(null);
  const activeId = project?.estimate;
  // Only a project with an active estimate has points to offer.
  useEnsureEstimates(slug, activeId ? issue.project_id : null);
  const current = issue.estimate_point ? points.get(issue.estimate_point)?.value ?? '…' : null;
  if (!estimate) return <span className="muted" title={t('property.estimate')} data-testid="estimate-value">{current ?? '–'}</span>;
  const NONE = NONE_OPTION;
  const choose = (value: string) => {
    if (value !== (issue.estimate_point ?? NONE)) saveIssue(slug, issue.id, { estimate_point: value === NONE ? null : value });
  };
  const shown = current ?? t('screens.estimate.none');
  return (
    <PropertyChip
      {...picker}
      label={t('property.estimate')}
      valueText={shown}
      icon={<Triangle size={12} aria-hidden="true" className="picker-icon" />}
      empty={!current}
      disabled={disabled}
      testId="estimate-select"
      placeholder={t('pickers.changeEstimate')}
      // A point of another (older) estimate stays listed as chosen until someone picks a new one.
      options={[
        { value: NONE, label: t('screens.estimate.none') },
        ...(issue.estimate_point && !estimate.points.some((point) => point.id === issue.estimate_point) ? [{ value: issue.estimate_point, label: current ?? '…' }] : []),
        ...estimate.points.map((point) => ({ value: point.id, label: point.value })),
      ]}
      selected={[issue.estimate_point ?? NONE]}
      onSelect={choose}
    />
  );
}
