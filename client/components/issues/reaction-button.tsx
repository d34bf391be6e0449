// One reaction toggle (issue or comment): an SVG icon for the stored emoji value, the count, and
// the reaction's name in words for assistive technology. Icons rather than the emoji themselves:
// those render as empty boxes on a machine without an emoji font (issue #12).
import { useT } from '../../i18n';
import { REACTION_LOOK, type Reaction } from './reactions';

export function ReactionButton({ reaction, count, mine, disabled, onToggle, testId }: { reaction: Reaction; count: number; mine: boolean; disabled?: boolean; onToggle: () => void; testId?: string }) {
  const t = useT();
  const { icon: Icon, name } = REACTION_LOOK[reaction];
  return (
    <button type="button" className={`reaction${mine ? ' reaction-mine' : ''}`} aria-pressed={mine} aria-label={`${t(name)}${count > 0 ? ` ${count}` : ''}`} title={t(name)} disabled={disabled} onClick={onToggle} data-testid={testId}>
      <Icon size={14} aria-hidden="true" />
      {count > 0 && <span>{count}</span>}
    </button>
  );
}
