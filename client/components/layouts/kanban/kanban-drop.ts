// What a kanban drop changes: the group (and sub-group) fields of spec §4's allowed group-bys and,
// with manual ordering, a sort_order midway between the new neighbours (shared/sort-order.ts).
import { isKanbanDragAllowed, type GroupBy } from '../../../../shared/display';
import { sortOrderBetween } from '../../../../shared/sort-order';
import type { Issue, IssuePatch } from '../../../stores/issue-store';
import { patchForGroupMove } from '../../../stores/list-model';

export interface DropSpot {
  group: string;
  sub: string;
  /** The card the issue was dropped on (it goes before it), or null for the end of the cell. */
  beforeId: string | null;
}

/**
 * The patch for moving `issue` from `from` to `to`, or null when nothing changes or dragging is
 * not allowed for this grouping. `cell` is the ordered target cell as currently shown.
 */
export function patchForKanbanDrop(
  issue: Issue,
  from: { group: string; sub: string },
  to: DropSpot,
  groupBy: GroupBy | null,
  subGroupBy: GroupBy | null,
  orderBy: string,
  cell: Issue[],
): IssuePatch | null {
  if (!isKanbanDragAllowed(groupBy, subGroupBy)) return null;
  const patch: IssuePatch = { ...(patchForGroupMove(issue, groupBy, from.group, to.group) ?? {}) };
  if (subGroupBy) Object.assign(patch, patchForGroupMove({ ...issue, ...patch } as Issue, subGroupBy, from.sub, to.sub) ?? {});
  if (orderBy === 'sort_order') {
    const others = cell.filter((row) => row.id !== issue.id);
    const index = to.beforeId ? others.findIndex((row) => row.id === to.beforeId) : others.length;
    const at = index < 0 ? others.length : index;
    const moved = Object.keys(patch).length > 0 || cell.findIndex((row) => row.id === issue.id) !== at;
    if (moved) patch.sort_order = sortOrderBetween(others[at - 1]?.sort_order, others[at]?.sort_order);
  }
  return Object.keys(patch).length > 0 ? patch : null;
}
