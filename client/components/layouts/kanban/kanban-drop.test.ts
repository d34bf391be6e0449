import { describe, expect, test } from 'vitest';
import type { Issue } from '../../../stores/issue-store';
import { patchForKanbanDrop } from './kanban-drop';

function issue(id: string, sortOrder: number, patch: Partial<Issue> = {}): Issue {
  return { id, name: id, sequence_id: 1, project_id: 'p', state_id: 's1', priority: 'none', sort_order: sortOrder, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...patch };
}

describe('kanban drop', () => {
  const moved = issue('m', 50000);
  const column = [issue('x', 10000, { state_id: 's2' }), issue('y', 30000, { state_id: 's2' })];

  test('dropping on a card of another state sets the state and the midpoint sort_order', () => {
    expect(patchForKanbanDrop(moved, { group: 's1', sub: 'all' }, { group: 's2', sub: 'all', beforeId: 'y' }, 'state', null, 'sort_order', column)).toEqual({ state_id: 's2', sort_order: 20000 });
  });

  test('dropping at the end of a column goes 10000 after the last card', () => {
    expect(patchForKanbanDrop(moved, { group: 's1', sub: 'all' }, { group: 's2', sub: 'all', beforeId: null }, 'state', null, 'sort_order', column)).toEqual({ state_id: 's2', sort_order: 40000 });
  });

  test('without manual ordering only the group field changes', () => {
    expect(patchForKanbanDrop(moved, { group: 'none', sub: 'all' }, { group: 'high', sub: 'all', beforeId: 'y' }, 'priority', null, '-created_at', column)).toEqual({ priority: 'high' });
  });

  test('sub-group moves change both fields', () => {
    expect(patchForKanbanDrop(moved, { group: 's1', sub: 'none' }, { group: 's2', sub: 'urgent', beforeId: null }, 'state', 'priority', '-created_at', [])).toEqual({ state_id: 's2', priority: 'urgent' });
  });

  test('groupings outside the allowed list cannot be dropped onto', () => {
    expect(patchForKanbanDrop(moved, { group: 'a', sub: 'all' }, { group: 'b', sub: 'all', beforeId: null }, 'created_by', null, 'sort_order', [])).toBeNull();
    expect(patchForKanbanDrop(moved, { group: 'a', sub: 'all' }, { group: 'b', sub: 'all', beforeId: null }, 'state_detail.group', null, 'sort_order', [])).toBeNull();
    expect(patchForKanbanDrop(moved, { group: 's1', sub: 'a' }, { group: 's2', sub: 'b', beforeId: null }, 'state', 'created_by', 'sort_order', [])).toBeNull();
  });

  test('dropping a card where it already is changes nothing', () => {
    const cell = [issue('m', 10000), issue('z', 20000)];
    expect(patchForKanbanDrop(cell[0]!, { group: 's1', sub: 'all' }, { group: 's1', sub: 'all', beforeId: 'z' }, 'state', null, 'sort_order', cell)).toBeNull();
  });
});
