import { describe, test, expect } from 'vitest';
import {
  CALENDAR_DISPLAY_PROPERTIES,
  DEFAULT_CYCLE_FILTERS,
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DISPLAY_PROPERTIES,
  GANTT_DISPLAY_PROPERTIES,
  GROUP_BY_OPTIONS,
  GROUP_BY_WIRE,
  KANBAN_ALLOWED_DRAG_GROUP_BY,
  LAYOUTS,
  LAYOUTS_BY_CONTEXT,
  ORDER_BY_OPTIONS,
  applyDisplayFilterRules,
  defaultDisplayFilters,
  displayPropertiesForLayout,
  isKanbanDragAllowed,
  isValidOrderBy,
  stateGroupsForType,
  toWireGroupBy,
  type DisplayFilters,
} from './display';

const base = (over: Partial<DisplayFilters> = {}): DisplayFilters => ({ ...defaultDisplayFilters('project'), ...over });

describe('display constants', () => {
  test('layouts and defaults', () => {
    expect(LAYOUTS).toEqual(['list', 'kanban', 'calendar', 'spreadsheet', 'gantt_chart']);
    expect(DEFAULT_DISPLAY_FILTERS.layout).toBe('list');
    expect(DEFAULT_DISPLAY_FILTERS.order_by).toBe('sort_order');
    expect(defaultDisplayFilters('global')).toMatchObject({ layout: 'spreadsheet', order_by: '-created_at' });
    expect(LAYOUTS_BY_CONTEXT.global).toEqual(['spreadsheet']);
    expect(DEFAULT_CYCLE_FILTERS).toEqual({ active_tab: 'active', layout: 'list' });
  });

  test('default filters are fresh copies', () => {
    const a = defaultDisplayFilters('project');
    a.calendar.show_weekends = false;
    expect(defaultDisplayFilters('project').calendar.show_weekends).toBe(true);
  });

  test('group-by options map to server fields', () => {
    expect(GROUP_BY_OPTIONS).toHaveLength(10);
    expect(GROUP_BY_OPTIONS).toContain(null);
    expect(GROUP_BY_WIRE.state).toBe('state_id');
    expect(GROUP_BY_WIRE['state_detail.group']).toBe('state__group');
    expect(GROUP_BY_WIRE.labels).toBe('labels__id');
    expect(GROUP_BY_WIRE.assignees).toBe('assignees__id');
    expect(GROUP_BY_WIRE.module).toBe('issue_module__module_id');
    expect(GROUP_BY_WIRE.cycle).toBe('cycle_id');
    expect(GROUP_BY_WIRE.project).toBe('project_id');
    expect(toWireGroupBy('state')).toBe('state_id');
    expect(toWireGroupBy('state__group')).toBe('state__group');
    expect(toWireGroupBy('target_date')).toBe('target_date');
    expect(toWireGroupBy('bogus')).toBeUndefined();
    expect(toWireGroupBy('toString')).toBeUndefined();
  });

  test('order-by options and validation', () => {
    expect(ORDER_BY_OPTIONS).toEqual(['sort_order', '-created_at', '-updated_at', 'start_date', 'target_date', '-priority']);
    for (const option of ORDER_BY_OPTIONS) expect(isValidOrderBy(option)).toBe(true);
    expect(isValidOrderBy('-target_date')).toBe(true);
    expect(isValidOrderBy('estimate_point__key')).toBe(true);
    expect(isValidOrderBy('password')).toBe(false);
    expect(isValidOrderBy('--priority')).toBe(false);
  });

  test('type filter chooses state groups', () => {
    expect(stateGroupsForType('active')).toEqual(['unstarted', 'started']);
    expect(stateGroupsForType('backlog')).toEqual(['backlog']);
    expect(stateGroupsForType(null)).toHaveLength(5);
    expect(stateGroupsForType('all')).toHaveLength(5);
  });

  test('display properties default to shown; calendar and gantt show key and type', () => {
    expect(DISPLAY_PROPERTIES).toHaveLength(16);
    expect(Object.values(DEFAULT_DISPLAY_PROPERTIES).every(Boolean)).toBe(true);
    expect(CALENDAR_DISPLAY_PROPERTIES).toEqual(['key', 'issue_type']);
    expect(GANTT_DISPLAY_PROPERTIES).toEqual(['key', 'issue_type']);
    expect(displayPropertiesForLayout('gantt_chart')).toEqual(['key', 'issue_type']);
    expect(displayPropertiesForLayout('list')).toBe(DISPLAY_PROPERTIES);
  });

  test('kanban drag is allowed only for listed groupings', () => {
    expect(KANBAN_ALLOWED_DRAG_GROUP_BY).toEqual(['state', 'priority', 'assignees', 'labels', 'module', 'cycle']);
    expect(isKanbanDragAllowed('state')).toBe(true);
    expect(isKanbanDragAllowed('created_by')).toBe(false);
    expect(isKanbanDragAllowed('state_detail.group')).toBe(false);
    expect(isKanbanDragAllowed(null)).toBe(false);
    expect(isKanbanDragAllowed('state', 'project')).toBe(false);
  });
});

describe('applyDisplayFilterRules', () => {
  test('a layout change clears the loaded issues', () => {
    const result = applyDisplayFilterRules(base(), { layout: 'spreadsheet' }, 'project');
    expect(result.clearIssues).toBe(true);
    expect(result.refetch).toBe(false);
    expect(applyDisplayFilterRules(base(), { layout: 'list' }, 'project').clearIssues).toBe(false);
  });

  test('changing order_by, sub_issue or type re-fetches', () => {
    expect(applyDisplayFilterRules(base(), { order_by: '-priority' }, 'project').refetch).toBe(true);
    expect(applyDisplayFilterRules(base(), { sub_issue: false }, 'project').refetch).toBe(true);
    expect(applyDisplayFilterRules(base(), { type: 'active' }, 'project').refetch).toBe(true);
    expect(applyDisplayFilterRules(base(), { show_empty_groups: false }, 'project').refetch).toBe(false);
    expect(applyDisplayFilterRules(base(), { order_by: 'sort_order' }, 'project').refetch).toBe(false);
  });

  test('clearing group_by clears sub_group_by', () => {
    const prev = base({ group_by: 'state', sub_group_by: 'priority' });
    const { displayFilters } = applyDisplayFilterRules(prev, { group_by: null }, 'project');
    expect(displayFilters.group_by).toBeNull();
    expect(displayFilters.sub_group_by).toBeNull();
  });

  test('a sub_group_by equal to group_by is cleared', () => {
    const prev = base({ layout: 'kanban', group_by: 'state', sub_group_by: 'priority' });
    const { displayFilters } = applyDisplayFilterRules(prev, { group_by: 'priority' }, 'project');
    expect(displayFilters.group_by).toBe('priority');
    expect(displayFilters.sub_group_by).toBeNull();
    const other = applyDisplayFilterRules(prev, { sub_group_by: 'state' }, 'project').displayFilters;
    expect(other.sub_group_by).toBeNull();
  });

  test('kanban without group_by groups by state, or by priority in the profile context', () => {
    expect(applyDisplayFilterRules(base(), { layout: 'kanban' }, 'project').displayFilters.group_by).toBe('state');
    expect(applyDisplayFilterRules(base(), { layout: 'kanban' }, 'profile').displayFilters.group_by).toBe('priority');
    const kanban = base({ layout: 'kanban', group_by: 'labels', sub_group_by: 'priority' });
    const cleared = applyDisplayFilterRules(kanban, { group_by: null }, 'project').displayFilters;
    expect(cleared).toMatchObject({ group_by: 'state', sub_group_by: null });
  });

  test('kanban keeps an explicit group_by', () => {
    const { displayFilters } = applyDisplayFilterRules(base({ group_by: 'labels' }), { layout: 'kanban' }, 'project');
    expect(displayFilters.group_by).toBe('labels');
  });

  test('in a global view order_by sort_order becomes -created_at', () => {
    const prev = defaultDisplayFilters('global');
    const result = applyDisplayFilterRules(prev, { order_by: 'sort_order' }, 'global');
    expect(result.displayFilters.order_by).toBe('-created_at');
    expect(result.refetch).toBe(false);
    expect(applyDisplayFilterRules(base(), { order_by: 'sort_order' }, 'project').displayFilters.order_by).toBe('sort_order');
    expect(applyDisplayFilterRules(prev, { order_by: '-updated_at' }, 'global').displayFilters.order_by).toBe('-updated_at');
  });

  test('the previous filters are not mutated', () => {
    const prev = base({ group_by: 'state', sub_group_by: 'priority' });
    const snapshot = structuredClone(prev);
    applyDisplayFilterRules(prev, { group_by: null, layout: 'kanban' }, 'project');
    expect(prev).toEqual(snapshot);
  });
});
