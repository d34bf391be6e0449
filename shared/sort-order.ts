// Fractional ordering of spec §9 (65535 default, 10000 at the ends, midpoint between neighbours) for issues, labels and states.

/** The sort_order of the first item in an empty list. */
export const SORT_ORDER_DEFAULT = 65535;
/** The gap used when an item is placed before the first or after the last one. */
export const SORT_ORDER_STEP = 10000;
/** The gap between the sequences of consecutive states. */
export const STATE_SEQUENCE_GAP = 65535;

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The sort_order for an item placed between `before` (the neighbour above) and `after` (the
 * neighbour below): their midpoint; `before + 10000` at the end; `after - 10000` at the start;
 * 65535 in an empty list.
 */
export function sortOrderBetween(before?: number | null, after?: number | null): number {
  const hasBefore = isNumber(before);
  const hasAfter = isNumber(after);
  if (hasBefore && hasAfter) return (before + after) / 2;
  if (hasBefore) return before + SORT_ORDER_STEP;
  if (hasAfter) return after - SORT_ORDER_STEP;
  return SORT_ORDER_DEFAULT;
}

/** The sort_order for an item appended after the current maximum (65535 when there is none). */
export function nextSortOrder(max?: number | null): number {
  return isNumber(max) ? max + SORT_ORDER_STEP : SORT_ORDER_DEFAULT;
}

/** The sort_order for an item prepended before the current minimum (new cycles and modules sort first). */
export function firstSortOrder(min?: number | null): number {
  return isNumber(min) ? min - SORT_ORDER_STEP : SORT_ORDER_DEFAULT;
}

/** The sequence for a state appended after the current maximum (65535 when there is none). */
export function nextStateSequence(max?: number | null): number {
  return isNumber(max) ? max + STATE_SEQUENCE_GAP : STATE_SEQUENCE_GAP;
}
