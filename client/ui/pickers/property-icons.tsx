// SVG icons (lucide-react) for state groups and priorities, so nothing depends on an emoji font.
// State icons take the state's own colour; the group colours are the spec's (§9) fallback.
// Priority colours run red → orange → amber → blue → grey, most urgent first.
import { Circle, CircleCheck, CircleDashed, CircleDot, CircleX, Ellipsis, OctagonAlert, SignalHigh, SignalLow, SignalMedium, type LucideProps } from 'lucide-react';
import { STATE_GROUP_COLORS, isStateGroup, type Priority, type StateGroup } from '../../../shared/issue-constants';

const STATE_ICON: Record<StateGroup, typeof Circle> = {
  backlog: CircleDashed,
  unstarted: Circle,
  started: CircleDot,
  completed: CircleCheck,
  cancelled: CircleX,
};

export function StateIcon({ group, color, size = 14 }: { group: string | null | undefined; color?: string; size?: number }) {
  const known = isStateGroup(group) ? group : 'backlog';
  const Icon = STATE_ICON[known];
  return <Icon size={size} color={color ?? STATE_GROUP_COLORS[known]} strokeWidth={2.25} aria-hidden="true" className="picker-icon" />;
}

export const PRIORITY_COLORS: Readonly<Record<Priority, string>> = {
  urgent: '#dc2626',
  high: '#ea580c',
  medium: '#d97706',
  low: '#3f76ff',
  none: '#8a8f98',
};

const PRIORITY_ICONS: Record<Priority, typeof Circle> = {
  urgent: OctagonAlert,
  high: SignalHigh,
  medium: SignalMedium,
  low: SignalLow,
  none: Ellipsis,
};

export function PriorityIcon({ priority, size = 14, ...rest }: { priority: Priority; size?: number } & Omit<LucideProps, 'ref'>) {
  const Icon = PRIORITY_ICONS[priority];
  return <Icon size={size} color={PRIORITY_COLORS[priority]} strokeWidth={2.25} aria-hidden="true" className="picker-icon" {...rest} />;
}
