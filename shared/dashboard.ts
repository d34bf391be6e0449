// The home dashboard's widgets (reference accounts §12.1): their keys, saved-filter choices and
// defaults, and the one rule turning a widget's saved duration into the `target_date` filter the
// widget-stats call takes (shared by the server's tests and the client's home screen).
import { addDays, todayIn } from './calendar-day';
import { formatDateRange } from './date-filters';

export const WidgetKey = {
  OVERVIEW_STATS: 'overview_stats',
  ASSIGNED_ISSUES: 'assigned_issues',
  CREATED_ISSUES: 'created_issues',
  ISSUES_BY_STATE_GROUPS: 'issues_by_state_groups',
  ISSUES_BY_PRIORITY: 'issues_by_priority',
  RECENT_ACTIVITY: 'recent_activity',
  RECENT_PROJECTS: 'recent_projects',
  RECENT_COLLABORATORS: 'recent_collaborators',
} as const;
export type WidgetKey = (typeof WidgetKey)[keyof typeof WidgetKey];

/** Every widget of the home dashboard, in the order it shows them. */
export const WIDGET_KEYS: readonly WidgetKey[] = Object.values(WidgetKey);

export function isWidgetKey(value: unknown): value is WidgetKey {
  return typeof value === 'string' && (WIDGET_KEYS as readonly string[]).includes(value);
}

/** The period a widget counts (its issues' target dates). */
export const DURATIONS = ['none', 'today', 'this_week', 'this_month', 'this_year', 'custom'] as const;
export type Duration = (typeof DURATIONS)[number];

/** The tabs of the assigned / created issue widgets (`issue_type` of the stats call). */
export const ISSUE_TABS = ['upcoming', 'overdue', 'completed'] as const;
export const ISSUE_TYPES = ['pending', ...ISSUE_TABS] as const;

/** A new dashboard's filters for a widget (reference §12.1 defaults). */
export function defaultWidgetFilters(key: WidgetKey): Record<string, unknown> {
  if (key === WidgetKey.ASSIGNED_ISSUES || key === WidgetKey.CREATED_ISSUES) return { duration: 'this_week', tab: 'upcoming' };
  if (key === WidgetKey.ISSUES_BY_STATE_GROUPS || key === WidgetKey.ISSUES_BY_PRIORITY) return { duration: 'this_week' };
  return {};
}

/** Day of the week as 0 = Monday … 6 = Sunday, of a `YYYY-MM-DD` day. */
function weekdayFromMonday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The `target_date` filter value (`from;after,to;before`) for a duration counted from the caller's
 * today; '' (no filter) for `none`, and for `custom` without two dates.
 */
export function durationTargetDate(duration: string | undefined, options: { now?: Date; timeZone?: string; customDates?: string[] } = {}): string {
  const today = todayIn(options.timeZone ?? 'UTC', options.now ?? new Date());
  switch (duration) {
    case 'today':
      return formatDateRange(today, today);
    case 'this_week': {
      const monday = addDays(today, -weekdayFromMonday(today));
      return formatDateRange(monday, addDays(monday, 6));
    }
    case 'this_month': {
      const first = `${today.slice(0, 7)}-01`;
      const [year, month] = today.split('-').map(Number);
      const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return formatDateRange(first, last);
    }
    case 'this_year':
      return formatDateRange(`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`);
    case 'custom': {
      const [from, to] = options.customDates ?? [];
      return from && to ? formatDateRange(from, to) : '';
    }
    default:
      return '';
  }
}
