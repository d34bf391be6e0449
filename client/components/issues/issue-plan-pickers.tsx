// The planning chips of an issue: its cycle (one at most; completed and archived cycles take no
// issues, so they are not offered, but a current choice stays listed) and its modules (many; each
// toggle is one `issues/{id}/modules/` call). Shift+C and M open them on a focused issue. Both
// show at once and roll back with a toast on failure; live `issue` events keep every copy current.
import { Boxes, RefreshCcw } from 'lucide-react';
import { CycleStatus } from '../../../shared/cycle';
import { displayNames } from '../../../shared/names';
import { useT } from '../../i18n';
import { useEnsureCycles, useProjectCycles } from '../../stores/cycle-store';
import { getIssue, setIssueCycle, setIssueModules } from '../../stores/issue-store';
import { useEnsureModules, useProjectModules } from '../../stores/module-store';
import { PropertyChip } from '../../ui';
import { toastOnFailure } from '../../stores/toast-store';
import { usePickerOpen } from './issue-hotkeys';
import { NONE_OPTION } from './property-options';
import type { ChipProps } from './save-issue';

export function CyclePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const all = useProjectCycles(issue.project_id);
  const picker = usePickerOpen('cycle');
  useEnsureCycles(slug, issue.project_id);
  const current = issue.cycle_id ? all.find((cycle) => cycle.id === issue.cycle_id) : undefined;
  const open = all.filter((cycle) => !cycle.archived_at && cycle.status !== CycleStatus.COMPLETED);
  const shown = current?.name ?? (issue.cycle_id ? '…' : t('cycles.picker.none'));
  const choose = (value: string) => {
    const next = value === NONE_OPTION ? null : value;
    if (next !== (issue.cycle_id ?? null)) toastOnFailure(setIssueCycle(slug, issue.id, next));
  };
  return (
    <PropertyChip
      {...picker}
      label={t('property.cycle')}
      valueText={shown}
      icon={<RefreshCcw size={13} aria-hidden="true" className="picker-icon" />}
      empty={!issue.cycle_id}
      disabled={disabled}
      testId="cycle-select"
      placeholder={t('cycles.picker.placeholder')}
      options={[
        { value: NONE_OPTION, label: t('cycles.picker.none') },
        ...(current && !open.includes(current) ? [current] : []).concat(open).map((cycle) => ({ value: cycle.id, label: cycle.name, keywords: [t(`cycles.status.${cycle.status ?? 'draft'}`)] })),
      ]}
      selected={[issue.cycle_id ?? NONE_OPTION]}
      onSelect={choose}
    />
  );
}

export function ModulePicker({ slug, issue, disabled }: ChipProps) {
  const t = useT();
  const modules = useProjectModules(issue.project_id, false, 'name');
  const picker = usePickerOpen('modules');
  useEnsureModules(slug, issue.project_id);
  const chosen = issue.module_ids ?? [];
  const names = chosen.map((id) => modules.find((module) => module.id === id)?.name ?? '…');
  const toggle = (moduleId: string) => {
    // Read the row as the store has it now: two quick toggles must not undo each other.
    const now = getIssue(issue.id)?.module_ids ?? chosen;
    const removing = now.includes(moduleId);
    toastOnFailure(setIssueModules(slug, issue.project_id, issue.id, removing ? [] : [moduleId], removing ? [moduleId] : []));
  };
  return (
    <PropertyChip
      multiple
      {...picker}
      label={t('property.modules')}
      valueText={names.length ? displayNames(names) : t('cycles.picker.noModules')}
      icon={<Boxes size={13} aria-hidden="true" className="picker-icon" />}
      empty={names.length === 0}
      disabled={disabled}
      testId="module-select"
      placeholder={t('cycles.picker.modulesPlaceholder')}
      options={modules.map((module) => ({ value: module.id, label: module.name }))}
      selected={chosen}
      onSelect={toggle}
    />
  );
}
