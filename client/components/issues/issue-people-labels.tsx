// The many-valued property chips: assignees (avatars) and labels (colour dots). Their pickers
// toggle an option per Enter or click and stay open, with a check mark on what is chosen; the
// label picker creates a typed label that does not exist yet and puts it on the issue at once.
import { Tag, UserRound } from 'lucide-react';
import { displayNames } from '../../../shared/names';
import { useT } from '../../i18n';
import { getIssue } from '../../stores/issue-store';
import { createLabel, useLabelMap, useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers, useMemberUserMap } from '../../stores/member-store';
import { reportFailure } from '../../stores/toast-store';
import { PropertyChip, toggleValue } from '../../ui';
import { AvatarStack } from '../../ui/pickers/person-avatar';
import { usePickerOpen } from './issue-hotkeys';
import { useProjectCan } from '../../auth/use-project-can';
import { nextLabelColor } from './label-colors';
import { LabelDot, labelOptions, userOptions } from './property-options';
import { saveIssue, type ChipProps } from './save-issue';

/** Adds or removes `value`, reading the issue's list as the store has it now (not as rendered). */
function toggled(issueId: string, field: 'assignee_ids' | 'label_ids', fallback: string[], value: string): string[] {
  return toggleValue(getIssue(issueId)?.[field] ?? fallback, value);
}

export function AssigneePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const users = useAssignableUsers(issue.project_id);
  const userMap = useMemberUserMap();
  const picker = usePickerOpen('assignee');
  const names = issue.assignee_ids.map((id) => userMap.get(id)?.display_name ?? '…');
  const summary = names.length ? displayNames(names) : t('property.noAssignee');
  return (
    <PropertyChip
      multiple
      {...picker}
      label={t('property.assignee')}
      valueText={summary}
      icon={<UserRound size={14} aria-hidden="true" className="picker-icon" />}
      chip={names.length ? <><AvatarStack names={names} />{names.length === 1 && <span className="property-chip-text">{names[0]}</span>}</> : undefined}
      empty={names.length === 0}
      disabled={disabled}
      testId="assignee-select"
      placeholder={t('pickers.assignTo')}
      options={userOptions(users)}
      selected={issue.assignee_ids}
      onSelect={(userId) => saveIssue(slug, issue.id, { assignee_ids: toggled(issue.id, 'assignee_ids', issue.assignee_ids, userId) })}
    />
  );
}

export function LabelPicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const labels = useProjectLabels(issue.project_id);
  const labelMap = useLabelMap();
  const picker = usePickerOpen('labels');
  const chosen = issue.label_ids.map((id) => labelMap.get(id));
  const names = chosen.map((label) => label?.name ?? '…');
  const summary = names.length ? displayNames(names) : t('property.noLabels');
  // Creating a label is a project admin's (the permission table): a member is not offered it.
  const canCreateLabel = useProjectCan('project.admin', issue.project_id);
  const create = (name: string) => {
    void createLabel(slug, issue.project_id, { name, color: nextLabelColor(labels.map((label) => label.color)) })
      .then((label) => saveIssue(slug, issue.id, { label_ids: toggled(issue.id, 'label_ids', issue.label_ids, label.id) }))
      .catch((error: unknown) => reportFailure('pickers.labelCreateFailed', error, { name }));
  };
  return (
    <PropertyChip
      multiple
      {...picker}
      label={t('property.labels')}
      valueText={summary}
      icon={names.length ? chosen.slice(0, 3).map((label, index) => <LabelDot key={label?.id ?? index} color={label?.color} />) : <Tag size={13} aria-hidden="true" className="picker-icon" />}
      empty={names.length === 0}
      disabled={disabled}
      testId="label-select"
      placeholder={t('pickers.changeLabels')}
      options={labelOptions(labels)}
      selected={issue.label_ids}
      onSelect={(labelId) => saveIssue(slug, issue.id, { label_ids: toggled(issue.id, 'label_ids', issue.label_ids, labelId) })}
      onCreate={canCreateLabel ? create : undefined}
      createText={(name) => t('pickers.createLabel', { name })}
    />
  );
}
