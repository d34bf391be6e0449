// The start and due date chips of an issue: the ui DatePicker saving the issue. D on a focused
// issue opens the due date's.
import { useT } from '../../i18n';
import { DatePicker } from '../../ui';
import { usePickerOpen } from './issue-hotkeys';
import { saveIssue, type ChipProps } from './save-issue';

export function IssueDatePicker({ slug, issue, field, disabled }: ChipProps & { field: 'start_date' | 'target_date' }) {
  const t = useT();
  const picker = usePickerOpen(field === 'target_date' ? 'due_date' : null);
  return (
    <DatePicker
      {...picker}
      label={t(field === 'start_date' ? 'property.start_date' : 'property.due_date')}
      value={issue[field] ?? null}
      onChange={(next) => saveIssue(slug, issue.id, { [field]: next })}
      disabled={disabled}
      testId={`${field}-input`}
    />
  );
}
