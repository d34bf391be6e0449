import { describe, test, expect } from 'vitest';
import {
  CYCLE_STATUS_ORDER,
  CycleStatus,
  DEFAULT_MODULE_STATUS,
  DEFAULT_PROJECT_STATES,
  FINISHED_STATE_GROUPS,
  INTAKE_CLOSED_STATUSES,
  INTAKE_OPEN_STATUSES,
  IntakeStatus,
  LABEL_SORT_ORDER_DEFAULT,
  LABEL_SORT_ORDER_STEP,
  ModuleStatus,
  PRIORITY_ORDER,
  PRIORITY_PROXY,
  Priority,
  RelationType,
  STATE_GROUPS,
  STATE_GROUP_COLORS,
  StateGroup,
  inverseRelation,
  isFinishedStateGroup,
  isIntakeStatus,
  isPriority,
  isRelationType,
  isStateGroup,
  storedRelation,
} from './issue-constants';

describe('state groups', () => {
  test('five groups with the spec colours', () => {
    expect(STATE_GROUPS).toEqual(Object.values(StateGroup));
    expect(STATE_GROUP_COLORS).toEqual({
      backlog: '#d9d9d9',
      unstarted: '#3f76ff',
      started: '#f59e0b',
      completed: '#16a34a',
      cancelled: '#dc2626',
    });
  });

  test('completed and cancelled are finished', () => {
    expect(FINISHED_STATE_GROUPS).toEqual(['completed', 'cancelled']);
    expect(isFinishedStateGroup('cancelled')).toBe(true);
    expect(isFinishedStateGroup('started')).toBe(false);
    expect(isStateGroup('triage')).toBe(false);
    expect(isStateGroup('backlog')).toBe(true);
  });

  test('default project states', () => {
    expect(DEFAULT_PROJECT_STATES.map((s) => [s.name, s.group, s.sequence, s.default])).toEqual([
      ['Backlog', 'backlog', 65535, true],
      ['Todo', 'unstarted', 131070, false],
      ['In Progress', 'started', 196605, false],
      ['Done', 'completed', 262140, false],
      ['Cancelled', 'cancelled', 327675, false],
    ]);
    for (const state of DEFAULT_PROJECT_STATES) expect(state.color).toBe(STATE_GROUP_COLORS[state.group]);
  });
});

describe('priorities', () => {
  test('proxy numbers and order', () => {
    expect(Object.values(Priority)).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
    expect(PRIORITY_PROXY).toEqual({ none: 0, low: 1, medium: 2, high: 3, urgent: 4 });
    expect(PRIORITY_ORDER[0]).toBe('urgent');
    const sorted = [...PRIORITY_ORDER].sort((a, b) => PRIORITY_PROXY[b] - PRIORITY_PROXY[a]);
    expect(sorted).toEqual(PRIORITY_ORDER);
    expect(isPriority('none')).toBe(true);
    expect(isPriority('critical')).toBe(false);
  });
});

describe('relations', () => {
  test('every type has an inverse that maps back', () => {
    for (const type of Object.values(RelationType)) expect(inverseRelation(inverseRelation(type))).toBe(type);
    expect(inverseRelation('blocked_by')).toBe('blocking');
    expect(inverseRelation('start_before')).toBe('start_after');
    expect(inverseRelation('finish_after')).toBe('finish_before');
    expect(inverseRelation('relates_to')).toBe('relates_to');
    expect(inverseRelation('duplicate')).toBe('duplicate');
  });

  test('inverse types are stored as their forward type, swapped', () => {
    expect(storedRelation('blocking')).toEqual({ type: 'blocked_by', swapped: true });
    expect(storedRelation('blocked_by')).toEqual({ type: 'blocked_by', swapped: false });
    expect(storedRelation('start_after')).toEqual({ type: 'start_before', swapped: true });
    expect(storedRelation('relates_to')).toEqual({ type: 'relates_to', swapped: false });
    expect(isRelationType('blocking')).toBe(true);
    expect(isRelationType('parent')).toBe(false);
    expect(isRelationType('toString')).toBe(false);
  });
});

describe('intake, cycles, modules, labels', () => {
  test('intake statuses', () => {
    expect(IntakeStatus).toEqual({ PENDING: -2, DECLINED: -1, SNOOZED: 0, ACCEPTED: 1, DUPLICATE: 2 });
    expect(INTAKE_OPEN_STATUSES).toEqual([-2, 0]);
    expect([...INTAKE_CLOSED_STATUSES].sort()).toEqual([-1, 1, 2]);
    expect(isIntakeStatus(0)).toBe(true);
    expect(isIntakeStatus(3)).toBe(false);
  });

  test('cycle and module statuses', () => {
    expect(Object.values(CycleStatus)).toEqual(['current', 'upcoming', 'draft', 'completed']);
    expect(CYCLE_STATUS_ORDER.slice(0, 3)).toEqual(['current', 'upcoming', 'draft']);
    expect(Object.values(ModuleStatus)).toEqual(['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled']);
    expect(DEFAULT_MODULE_STATUS).toBe('planned');
  });

  test('label sort defaults', () => {
    expect(LABEL_SORT_ORDER_DEFAULT).toBe(65535);
    expect(LABEL_SORT_ORDER_STEP).toBe(10000);
  });
});
