// The parent chip of the detail sidebar: a searchable picker of the project's issues by key and
// name ("No parent" clears it). It lists at most 300 issues, as the select it replaces did, so a
// 10,000-issue project still opens it at once; typing narrows among those.
import { GitFork } from 'lucide-react';
import { useT } from '../../i18n';
import { PropertyChip } from '../../ui';
import { issueKey, useIssues } from '../../stores/issue-store';
import { useProject } from '../../stores/project-store';
import { usePickerOpen } from './issue-hotkeys';
import { NONE_OPTION } from './property-options';
import { saveIssue, type ChipProps } from './save-issue';

const MAX_CANDIDATES = 300;
const NONE = NONE_OPTION;

export function ParentPicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const project = useProject(issue.project_id);
  const all = useIssues();
  const picker = usePickerOpen(null);
  const parent = issue.parent_id ? all.find((row) => row.id === issue.parent_id) : undefined;
  const shown = parent ? `${issueKey(project?.identifier, parent)} ${parent.name}` : issue.parent_id ? '…' : t('pickers.noParent');
  const candidates = picker.open ? all.filter((row) => row.project_id === issue.project_id && row.id !== issue.id && row.parent_id !== issue.id && !row.is_local_update).slice(0, MAX_CANDIDATES) : [];
  const choose = (value: string) => {
    const next = value === NONE ? null : value;
    if (next !== (issue.parent_id ?? null)) saveIssue(slug, issue.id, { parent_id: next });
  };
  return (
    <PropertyChip
      {...picker}
      label={t('issue.parent')}
      valueText={shown}
      icon={<GitFork size={13} aria-hidden="true" className="picker-icon" />}
      empty={!issue.parent_id}
      disabled={disabled}
      testId="parent-select"
      placeholder={t('pickers.changeParent')}
      options={[
        { value: NONE, label: t('pickers.noParent') },
        ...candidates.map((row) => {
          const key = issueKey(project?.identifier, row);
          return { value: row.id, label: `${key} ${row.name}`, keywords: [key] };
        }),
      ]}
      selected={[issue.parent_id ?? NONE]}
      onSelect={choose}
    />
  );
}
