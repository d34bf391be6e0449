// The many-valued property chips: assignees (avatars) and labels (colour dots). Their pickers
// toggle an option per Enter or click and stay open, with a check mark on what is chosen; the
// label picker creates a typed label that does not exist yet and puts it on the issue at once.
import { Tag, UserRound } from 'lucide-react';
import { displayNames } from '../../../shared/names';
import { useT } from '../../i18n';
import { getIssue } from '../../stores/issue-store';
import { createLabel, useLabelMap, useProjectLabels } from '../../stores/label-store';
import { useAssignableUsers, useMemberUserMap } from '../../stores/member-store';
import { reportFailure } from '../app-shell/toast-store';
import { AvatarStack, PersonAvatar } from '../../ui/pickers/person-avatar';
import { usePickerOpen } from './issue-hotkeys';
import { OptionChip } from './option-chip';
import { saveIssue, type ChipProps } from './save-issue';

/** Colours a label created from the picker gets, picked by its name so it is stable. */
const NEW_LABEL_COLORS = ['#3f76ff', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626'];

function colorForName(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return NEW_LABEL_COLORS[hash % NEW_LABEL_COLORS.length]!;
}

/** Adds or removes `value`, reading the issue's list as the store has it now (not as rendered). */
function toggled(issueId: string, field: 'assignee_ids' | 'label_ids', fallback: string[], value: string): string[] {
  const current = getIssue(issueId)?.[field] ?? fallback;
  return current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
}

export function AssigneePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const users = useAssignableUsers(issue.project_id);
  const userMap = useMemberUserMap();
  const picker = usePickerOpen('assignee');
  const names = issue.assignee_ids.map((id) => userMap.get(id)?.display_name ?? '…');
  const summary = names.length ? displayNames(names) : t('property.noAssignee');
  return (
    <OptionChip
      multiple
      picker={picker}
      property={t('property.assignee')}
      value={summary}
      icon={<UserRound size={14} aria-hidden="true" className="picker-icon" />}
      chip={names.length ? <><AvatarStack names={names} />{names.length === 1 && <span className="property-chip-text">{names[0]}</span>}</> : undefined}
      empty={names.length === 0}
      disabled={disabled}
      testId="assignee-select"
      placeholder={t('pickers.assignTo')}
      options={users.map((user) => {
        const name = user.display_name || user.email || user.id;
        return { value: user.id, label: name, keywords: user.email ? [user.email] : [], icon: <PersonAvatar name={name} /> };
      })}
      selected={issue.assignee_ids}
      onPick={(userId) => saveIssue(slug, issue.id, { assignee_ids: toggled(issue.id, 'assignee_ids', issue.assignee_ids, userId) })}
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
  const create = (name: string) => {
    void createLabel(slug, issue.project_id, { name, color: colorForName(name) })
      .then((label) => saveIssue(slug, issue.id, { label_ids: toggled(issue.id, 'label_ids', issue.label_ids, label.id) }))
      .catch((error: unknown) => reportFailure('pickers.labelCreateFailed', error, { name }));
  };
  return (
    <OptionChip
      multiple
      picker={picker}
      property={t('property.labels')}
      value={summary}
      icon={names.length ? chosen.slice(0, 3).map((label, index) => <span key={label?.id ?? index} className="picker-dot" style={{ background: label?.color ?? '#ccc' }} aria-hidden="true" />) : <Tag size={13} aria-hidden="true" className="picker-icon" />}
      empty={names.length === 0}
      disabled={disabled}
      testId="label-select"
      placeholder={t('pickers.changeLabels')}
      options={labels.map((label) => ({ value: label.id, label: label.name, icon: <span className="picker-dot" style={{ background: label.color }} aria-hidden="true" /> }))}
      selected={issue.label_ids}
      onPick={(labelId) => saveIssue(slug, issue.id, { label_ids: toggled(issue.id, 'label_ids', issue.label_ids, labelId) })}
      onCreate={create}
      createText={(name) => t('pickers.createLabel', { name })}
    />
  );
}
