// Turns state rows into the State wire shape of reference §6/§13, including the computed `order`.
import type { State } from '../../../../db/schema/index';

/** One State; `order` is its 1-based position in its group divided by the group's size. */
export function presentState(state: State, order: number | null = null) {
  return {
    id: state.id,
    project_id: state.projectId,
    workspace_id: state.workspaceId,
    name: state.name,
    color: state.color,
    group: state.group,
    default: state.isDefault,
    description: state.description,
    sequence: state.sequence,
    order,
    version: state.version,
  };
}

/** States (already sorted by sequence) with their `order` within each group. */
export function presentStates(states: State[]) {
  const sizes = new Map<string, number>();
  for (const state of states) sizes.set(state.group, (sizes.get(state.group) ?? 0) + 1);
  const seen = new Map<string, number>();
  return states.map((state) => {
    const position = (seen.get(state.group) ?? 0) + 1;
    seen.set(state.group, position);
    return presentState(state, position / sizes.get(state.group)!);
  });
}
