// The analytics screen's numbers, apart from React: the server's distribution turned into one row
// per x value with a column per segment (what the chart draws, the table lists and the CSV holds),
// the names of ids from the answer's extras, and the CSV text.
import type { AnalyticsDimension, AnalyticsExtras, AnalyticsResponse, AnalyticsYAxis } from '../../../shared/schemas/analytics';
import { ANALYTICS_DATE_DIMENSIONS } from '../../../shared/schemas/analytics';

/** The key of "no value" (no label, no assignee…), as the server keys it. */
const NONE_KEY = 'None';

export interface ChartRow {
  /** The x value as the server sent it (`"None"` for no value). */
  key: string;
  label: string;
  total: number;
  /** Measure per segment key (segmented charts only). */
  values: Record<string, number>;
}

export interface ChartTable {
  rows: ChartRow[];
  /** Segment keys in display order, with their names. */
  segments: Array<{ key: string; label: string }>;
  total: number;
}

/** Translates the fixed values (priorities, state groups, "none") for `nameOf`. */
export type FixedNames = (kind: 'priority' | 'state_group' | 'none', value: string) => string;

/** A readable name for one value of a dimension. */
export function nameOf(dimension: AnalyticsDimension, value: string | null, extras: AnalyticsExtras, fixed: FixedNames, locale: string): string {
  if (value === null || value === NONE_KEY) return fixed('none', '');
  switch (dimension) {
    case 'state_id':
      return extras.state_details.find((s) => s.state_id === value)?.state__name ?? value;
    case 'state__group':
      return fixed('state_group', value);
    case 'priority':
      return fixed('priority', value);
    case 'labels__id':
      return extras.label_details.find((l) => l.labels__id === value)?.labels__name ?? value;
    case 'assignees__id': {
      const user = extras.assignee_details.find((u) => u.assignees__id === value);
      return user ? user.assignees__display_name || [user.assignees__first_name, user.assignees__last_name].filter(Boolean).join(' ') : value;
    }
    case 'issue_cycle__cycle_id':
      return extras.cycle_details.find((c) => c.issue_cycle__cycle_id === value)?.issue_cycle__cycle__name ?? value;
    case 'issue_module__module_id':
      return extras.module_details.find((m) => m.issue_module__module_id === value)?.issue_module__module__name ?? value;
    default:
      if (ANALYTICS_DATE_DIMENSIONS.includes(dimension)) return monthName(value, locale);
      return value;
  }
}

/** `"2026-3"` → "Mar 2026" in the locale (the value itself when it is not a month). */
export function monthName(value: string, locale: string): string {
  const match = /^(\d{4})-(\d{1,2})$/.exec(value);
  if (!match) return value;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** The ids of an id dimension in the extras' order (states by sequence, people and names alphabetically). */
function extrasOrder(dimension: AnalyticsDimension, extras: AnalyticsExtras): string[] | null {
  switch (dimension) {
    case 'state_id':
      return extras.state_details.map((s) => s.state_id);
    case 'labels__id':
      return extras.label_details.map((l) => l.labels__id);
    case 'assignees__id':
      return extras.assignee_details.map((u) => u.assignees__id);
    case 'issue_cycle__cycle_id':
      return extras.cycle_details.map((c) => c.issue_cycle__cycle_id);
    case 'issue_module__module_id':
      return extras.module_details.map((m) => m.issue_module__module_id);
    default:
      return null;
  }
}

/** Rounds a sum of estimate points for display (float sums such as 0.1 + 0.2). */
const round = (value: number) => Math.round(value * 100) / 100;

/** One row per x value (the server's order), a column per segment value. */
export function chartTable(
  data: AnalyticsResponse,
  query: { x_axis: AnalyticsDimension; y_axis: AnalyticsYAxis; segment?: AnalyticsDimension | null },
  fixed: FixedNames,
  locale: string,
): ChartTable {
  const measure = query.y_axis === 'estimate' ? 'estimate' : 'count';
  const segmentKeys = new Map<string, string>();
  const rows = Object.entries(data.distribution).map(([key, points]) => {
    const values: Record<string, number> = {};
    let total = 0;
    for (const point of points) {
      const amount = point[measure] ?? 0;
      total += amount;
      if (query.segment) {
        const segmentKey = point.segment ?? NONE_KEY;
        values[segmentKey] = round((values[segmentKey] ?? 0) + amount);
        if (!segmentKeys.has(segmentKey)) segmentKeys.set(segmentKey, nameOf(query.segment, segmentKey, data.extras, fixed, locale));
      }
    }
    return { key, label: nameOf(query.x_axis, key, data.extras, fixed, locale), total: round(total), values };
  });
  // Id axes come keyed by id; show them in the extras' order (by name), "None" last. Other axes keep the server's order.
  const order = extrasOrder(query.x_axis, data.extras);
  if (order) {
    const rank = (key: string) => (key === NONE_KEY ? Number.MAX_SAFE_INTEGER : order.indexOf(key) === -1 ? order.length : order.indexOf(key));
    rows.sort((a, b) => rank(a.key) - rank(b.key));
  }
  const segments = [...segmentKeys].map(([key, label]) => ({ key, label })).sort((a, b) => (a.key === NONE_KEY ? 1 : b.key === NONE_KEY ? -1 : a.label.localeCompare(b.label)));
  return { rows, segments, total: data.total };
}

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV (RFC 4180, CRLF line ends): x value, one column per segment, total. */
export function tableCsv(table: ChartTable, headers: { x: string; total: string }): string {
  const head = [headers.x, ...table.segments.map((segment) => segment.label), headers.total];
  const lines = [head, ...table.rows.map((row) => [row.label, ...table.segments.map((segment) => row.values[segment.key] ?? 0), row.total])];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
