// Issue list display options of spec §3/§4/§9 (layouts, grouping, ordering, properties) and the display filter rules.
import { STATE_GROUPS, StateGroup } from './issue-constants';

/** Issue list layouts. */
export const Layout = {
  LIST: 'list',
  KANBAN: 'kanban',
  CALENDAR: 'calendar',
  SPREADSHEET: 'spreadsheet',
  GANTT_CHART: 'gantt_chart',
} as const;
export type Layout = (typeof Layout)[keyof typeof Layout];
export const LAYOUTS: readonly Layout[] = Object.values(Layout);
const DEFAULT_LAYOUT: Layout = Layout.LIST;

/** The issue list contexts of spec §2; each keeps its own display filters. */
export const IssueContext = {
  GLOBAL: 'global',
  PROFILE: 'profile',
  PROJECT: 'project',
  CYCLE: 'cycle',
  MODULE: 'module',
  PROJECT_VIEW: 'project_view',
  ARCHIVED: 'archived',
  DRAFT: 'draft',
} as const;
export type IssueContext = (typeof IssueContext)[keyof typeof IssueContext];

/** Layouts offered in each context; global views are spreadsheets, archived issues a list. */
export const LAYOUTS_BY_CONTEXT: Readonly<Record<IssueContext, readonly Layout[]>> = {
  global: ['spreadsheet'],
  profile: ['list', 'kanban'],
  project: LAYOUTS,
  cycle: LAYOUTS,
  module: LAYOUTS,
  project_view: LAYOUTS,
  archived: ['list'],
  draft: ['list', 'kanban'],
};

/** Group-by options as stored in display filters (`null` = no grouping). */
export const GroupBy = {
  STATE: 'state',
  STATE_GROUP: 'state_detail.group',
  PRIORITY: 'priority',
  PROJECT: 'project',
  CYCLE: 'cycle',
  MODULE: 'module',
  LABELS: 'labels',
  ASSIGNEES: 'assignees',
  CREATED_BY: 'created_by',
} as const;
export type GroupBy = (typeof GroupBy)[keyof typeof GroupBy];
export const GROUP_BY_OPTIONS: readonly (GroupBy | null)[] = [...Object.values(GroupBy), null];

/** Server field names accepted by `group_by` / `sub_group_by` (reference §1.2). */
const WIRE_GROUP_BY_FIELDS = [
  'state_id',
  'state__group',
  'priority',
  'project_id',
  'cycle_id',
  'issue_module__module_id',
  'labels__id',
  'assignees__id',
  'created_by',
  'target_date',
  'start_date',
] as const;
export type WireGroupBy = (typeof WIRE_GROUP_BY_FIELDS)[number];

/** The `group_by` query value the client sends for each option. */
export const GROUP_BY_WIRE: Readonly<Record<GroupBy, WireGroupBy>> = {
  state: 'state_id',
  'state_detail.group': 'state__group',
  priority: 'priority',
  project: 'project_id',
  cycle: 'cycle_id',
  module: 'issue_module__module_id',
  labels: 'labels__id',
  assignees: 'assignees__id',
  created_by: 'created_by',
};

/** Group fields joined through many-to-many rows: an issue may appear in several groups. */
export const M2M_GROUP_BY_FIELDS: readonly WireGroupBy[] = ['labels__id', 'assignees__id', 'issue_module__module_id'];

/** The wire field for a group-by given as an option key or a wire field, or `undefined` if unknown. */
export function toWireGroupBy(value: string): WireGroupBy | undefined {
  if ((WIRE_GROUP_BY_FIELDS as readonly string[]).includes(value)) return value as WireGroupBy;
  return Object.prototype.hasOwnProperty.call(GROUP_BY_WIRE, value) ? GROUP_BY_WIRE[value as GroupBy] : undefined;
}

/** The order-by choices of the display menu (spec §9). */
export const OrderBy = {
  MANUAL: 'sort_order',
  LAST_CREATED: '-created_at',
  LAST_UPDATED: '-updated_at',
  START_DATE: 'start_date',
  DUE_DATE: 'target_date',
  PRIORITY: '-priority',
} as const;
export type OrderBy = (typeof OrderBy)[keyof typeof OrderBy];
export const ORDER_BY_OPTIONS: readonly OrderBy[] = Object.values(OrderBy);
/** Default order of display filters. */
const DEFAULT_ORDER_BY: OrderBy = OrderBy.MANUAL;
/** Order of an issue list request that sends no `order_by` (reference §1.2). */
export const LIST_DEFAULT_ORDER_BY = '-created_at';

/** Fields the list endpoints sort by, ascending or with a leading `-` (menu, spreadsheet columns, reference §1.2). */
const ORDER_BY_FIELDS = [
  'sort_order',
  'created_at',
  'updated_at',
  'completed_at',
  'start_date',
  'target_date',
  'priority',
  'state__group',
  'state__name',
  'sequence_id',
  'name',
  'estimate_point__key',
  'link_count',
  'attachment_count',
  'sub_issues_count',
  'issue_cycle__cycle__name',
  'labels__name',
  'assignees__first_name',
  'issue_module__module__name',
] as const;
export type OrderByField = (typeof ORDER_BY_FIELDS)[number];

/** True when `value` is a sortable field, optionally prefixed with `-`. */
export function isValidOrderBy(value: string): boolean {
  const field = value.startsWith('-') ? value.slice(1) : value;
  return (ORDER_BY_FIELDS as readonly string[]).includes(field);
}

/** The issue type filter: all groups, active (unstarted + started) or backlog. */
const IssueTypeFilter = { ALL: 'all', ACTIVE: 'active', BACKLOG: 'backlog' } as const;
type IssueTypeFilter = (typeof IssueTypeFilter)[keyof typeof IssueTypeFilter];

/** The state groups a type filter keeps; `null`, `'all'` or anything else keeps all five. */
export function stateGroupsForType(type: string | null | undefined): readonly StateGroup[] {
  if (type === IssueTypeFilter.ACTIVE) return [StateGroup.UNSTARTED, StateGroup.STARTED];
  if (type === IssueTypeFilter.BACKLOG) return [StateGroup.BACKLOG];
  return STATE_GROUPS;
}

/** Boolean display toggles. */
export const DisplayToggle = { SUB_ISSUE: 'sub_issue', SHOW_EMPTY_GROUPS: 'show_empty_groups' } as const;
type DisplayToggle = (typeof DisplayToggle)[keyof typeof DisplayToggle];

/** Issue properties a list can show (spec §9). */
export const DisplayProperty = {
  ASSIGNEE: 'assignee',
  START_DATE: 'start_date',
  DUE_DATE: 'due_date',
  LABELS: 'labels',
  KEY: 'key',
  PRIORITY: 'priority',
  STATE: 'state',
  SUB_ISSUE_COUNT: 'sub_issue_count',
  LINK: 'link',
  ATTACHMENT_COUNT: 'attachment_count',
  ESTIMATE: 'estimate',
  CREATED_ON: 'created_on',
  UPDATED_ON: 'updated_on',
  MODULES: 'modules',
  CYCLE: 'cycle',
  ISSUE_TYPE: 'issue_type',
} as const;
export type DisplayProperty = (typeof DisplayProperty)[keyof typeof DisplayProperty];
export type DisplayProperties = Record<DisplayProperty, boolean>;
export const DISPLAY_PROPERTIES: readonly DisplayProperty[] = Object.values(DisplayProperty);

/** Every property shown: the default. */
export const DEFAULT_DISPLAY_PROPERTIES: Readonly<DisplayProperties> = Object.freeze(
  Object.fromEntries(DISPLAY_PROPERTIES.map((p) => [p, true])) as DisplayProperties,
);
/** Calendar and gantt show only these properties. */
export const CALENDAR_DISPLAY_PROPERTIES: readonly DisplayProperty[] = ['key', 'issue_type'];
export const GANTT_DISPLAY_PROPERTIES: readonly DisplayProperty[] = ['key', 'issue_type'];

/** The properties a layout can show. */
export function displayPropertiesForLayout(layout: Layout): readonly DisplayProperty[] {
  if (layout === Layout.CALENDAR) return CALENDAR_DISPLAY_PROPERTIES;
  if (layout === Layout.GANTT_CHART) return GANTT_DISPLAY_PROPERTIES;
  return DISPLAY_PROPERTIES;
}

/** Calendar settings kept inside display filters. */
interface CalendarDisplay {
  show_weekends: boolean;
  layout: 'month' | 'week';
}

/** The display filters of one list context (wire shape of `display_filters`). */
export interface DisplayFilters {
  layout: Layout;
  group_by: GroupBy | null;
  sub_group_by: GroupBy | null;
  order_by: string;
  type: IssueTypeFilter | null;
  sub_issue: boolean;
  show_empty_groups: boolean;
  calendar: CalendarDisplay;
}

/** Display filters a context starts with. */
export const DEFAULT_DISPLAY_FILTERS: Readonly<DisplayFilters> = Object.freeze({
  layout: DEFAULT_LAYOUT,
  group_by: null,
  sub_group_by: null,
  order_by: DEFAULT_ORDER_BY,
  type: null,
  sub_issue: true,
  show_empty_groups: true,
  // Weekends on: an issue due on a Saturday or Sunday must not vanish from a fresh calendar.
  calendar: Object.freeze({ show_weekends: true, layout: 'month' as const }),
});

/** The default display filters of a context: global views are spreadsheets ordered by -created_at. */
export function defaultDisplayFilters(context: IssueContext): DisplayFilters {
  const base: DisplayFilters = { ...DEFAULT_DISPLAY_FILTERS, calendar: { ...DEFAULT_DISPLAY_FILTERS.calendar } };
  if (context === IssueContext.GLOBAL) return { ...base, layout: Layout.SPREADSHEET, order_by: OrderBy.LAST_CREATED };
  return base;
}

/** Group-by values for which kanban drag and drop is allowed. */
export const KANBAN_ALLOWED_DRAG_GROUP_BY: readonly GroupBy[] = ['state', 'priority', 'assignees', 'labels', 'module', 'cycle'];

/** True when kanban cards may be dragged with this grouping (and sub-grouping, if any). */
export function isKanbanDragAllowed(groupBy: GroupBy | null, subGroupBy: GroupBy | null = null): boolean {
  if (groupBy === null || !KANBAN_ALLOWED_DRAG_GROUP_BY.includes(groupBy)) return false;
  return subGroupBy === null || KANBAN_ALLOWED_DRAG_GROUP_BY.includes(subGroupBy);
}

/** The outcome of a display filter change. */
interface DisplayFilterUpdate {
  displayFilters: DisplayFilters;
  /** The layout changed: drop the loaded issues. */
  clearIssues: boolean;
  /** order_by, sub_issue or type changed: fetch the issues again. */
  refetch: boolean;
}

/**
 * Applies a display filter change with the rules of spec §4: a layout change clears the loaded
 * issues; changing order_by, sub_issue or type re-fetches; no group_by clears sub_group_by; kanban
 * without group_by groups by state (priority in the profile context); a sub_group_by equal to
 * group_by is cleared; in a global view, order_by sort_order becomes -created_at.
 */
export function applyDisplayFilterRules(
  prev: DisplayFilters,
  patch: Partial<DisplayFilters>,
  context: IssueContext,
): DisplayFilterUpdate {
  const next: DisplayFilters = { ...prev, ...patch };

  if (next.group_by == null) {
    next.group_by = null;
    next.sub_group_by = null;
  }
  if (next.layout === Layout.KANBAN && next.group_by === null) {
    next.group_by = context === IssueContext.PROFILE ? GroupBy.PRIORITY : GroupBy.STATE;
  }
  if (next.sub_group_by != null && next.sub_group_by === next.group_by) next.sub_group_by = null;
  if (context === IssueContext.GLOBAL && next.order_by === OrderBy.MANUAL) next.order_by = OrderBy.LAST_CREATED;

  // Compared after the rules ran, so a value the rules put back (sort_order in a global view) is no change.
  return {
    displayFilters: next,
    clearIssues: next.layout !== prev.layout,
    refetch: next.order_by !== prev.order_by || next.sub_issue !== prev.sub_issue || next.type !== prev.type,
  };
}

/** Cycle page tabs, and the filters the cycles page starts with (spec §4). */
export const CycleTab = {
  ACTIVE: 'active',
  UPCOMING: 'upcoming',
  COMPLETED: 'completed',
  DRAFT: 'draft',
  ARCHIVED: 'archived',
} as const;
export type CycleTab = (typeof CycleTab)[keyof typeof CycleTab];
export const DEFAULT_CYCLE_FILTERS = Object.freeze({ active_tab: CycleTab.ACTIVE, layout: Layout.LIST });
