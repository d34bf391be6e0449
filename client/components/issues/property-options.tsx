// The options of each issue property as the pickers list them (icon, label, search keywords):
// one definition for the chips on an issue, the create-issue modal and the filter bar.
import { PRIORITY_ORDER, STATE_GROUPS } from '../../../shared/issue-constants';
import { displayNames } from '../../../shared/names';
import type { useT } from '../../i18n';
import type { Label } from '../../stores/label-store';
import type { useAssignableUsers } from '../../stores/member-store';
import type { useProjectStates } from '../../stores/state-store';
import type { ComboboxOption } from '../../ui';
import { PersonAvatar } from '../../ui/pickers/person-avatar';
import { PriorityIcon, StateIcon } from '../../ui/pickers/property-icons';
import { PRIORITY_LABEL, STATE_GROUP_LABEL } from './labels';

type T = ReturnType<typeof useT>;

/** cmdk needs a non-empty value per item; this one stands for "none" (no parent, no estimate). */
export const NONE_OPTION = '__none__';

export const stateOptions = (states: ReturnType<typeof useProjectStates>): ComboboxOption[] =>
  states.map((state) => ({ value: state.id, label: state.name, icon: <StateIcon group={state.group} color={state.color} /> }));

export const stateGroupOptions = (t: T): ComboboxOption[] =>
  STATE_GROUPS.map((group) => ({ value: group, label: t(STATE_GROUP_LABEL[group]), icon: <StateIcon group={group} /> }));

export const priorityOptions = (t: T): ComboboxOption[] =>
  PRIORITY_ORDER.map((priority) => ({ value: priority, label: t(PRIORITY_LABEL[priority]), icon: <PriorityIcon priority={priority} /> }));

export const userOptions = (users: ReturnType<typeof useAssignableUsers>): ComboboxOption[] =>
  users.map((user) => {
    const name = user.display_name || user.email || user.id;
    return { value: user.id, label: name, keywords: user.email ? [user.email] : [], icon: <PersonAvatar name={name} /> };
  });

export const LabelDot = ({ color }: { color: string | undefined }) => <span className="picker-dot" style={{ background: color ?? '#ccc' }} aria-hidden="true" />;

export const labelOptions = (labels: Label[]): ComboboxOption[] =>
  labels.map((label) => ({ value: label.id, label: label.name, icon: <LabelDot color={label.color} /> }));

/** The chip text of a many-valued choice: the chosen names ("Ada, Bob +1 more"), else `fallback`. */
export function summaryOf(options: ComboboxOption[], selected: readonly string[], fallback: string): string {
  return selected.length ? displayNames(selected.map((value) => options.find((option) => option.value === value)?.label ?? '…')) : fallback;
}
