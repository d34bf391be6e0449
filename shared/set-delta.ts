// A change to a set field (an issue's labels or assignees) as the person made it: the ids added and
// the ids removed. It travels as such (the PATCH's `…_add` / `…_remove`), shows optimistically on
// top of whatever set the client holds, and is merged by the server into the set it holds.

/** The person's change to a set field: ids added and ids removed. */
export interface SetDelta {
  add: string[];
  remove: string[];
}

/** The set `current` with the removals and then the additions applied (order kept, no duplicates). */
export function applySetDelta(current: readonly string[], delta: SetDelta): string[] {
  const removed = new Set(delta.remove);
  const next = current.filter((id) => !removed.has(id));
  for (const id of delta.add) if (!next.includes(id)) next.push(id);
  return next;
}

/** The additions and removals that turn `before` into `after`. */
export function setDelta(before: readonly string[], after: readonly string[]): SetDelta {
  return { add: after.filter((id) => !before.includes(id)), remove: before.filter((id) => !after.includes(id)) };
}
