import { describe, test, expect } from 'vitest';
import {
  SORT_ORDER_DEFAULT,
  SORT_ORDER_STEP,
  STATE_SEQUENCE_GAP,
  firstSortOrder,
  nextSortOrder,
  nextStateSequence,
  sortOrderBetween,
} from './sort-order';

describe('sort order', () => {
  test('constants follow the spec', () => {
    expect(SORT_ORDER_DEFAULT).toBe(65535);
    expect(SORT_ORDER_STEP).toBe(10000);
    expect(STATE_SEQUENCE_GAP).toBe(65535);
  });

  test('an empty list starts at 65535', () => {
    expect(sortOrderBetween()).toBe(65535);
    expect(sortOrderBetween(null, null)).toBe(65535);
  });

  test('between two neighbours is the midpoint', () => {
    expect(sortOrderBetween(100, 200)).toBe(150);
    expect(sortOrderBetween(1, 2)).toBe(1.5);
  });

  test('at the ends the gap is 10000', () => {
    expect(sortOrderBetween(65535, undefined)).toBe(75535);
    expect(sortOrderBetween(undefined, 65535)).toBe(55535);
    expect(sortOrderBetween(null, 0)).toBe(-10000);
  });

  test('repeated midpoints keep strict order', () => {
    let low = 0;
    const high = 1;
    for (let i = 0; i < 30; i += 1) {
      const mid = sortOrderBetween(low, high);
      expect(mid).toBeGreaterThan(low);
      expect(mid).toBeLessThan(high);
      low = mid;
    }
  });

  test('appending and prepending', () => {
    expect(nextSortOrder(null)).toBe(65535);
    expect(nextSortOrder(65535)).toBe(75535);
    expect(firstSortOrder(undefined)).toBe(65535);
    expect(firstSortOrder(65535)).toBe(55535);
  });

  test('state sequences step by 65535', () => {
    expect(nextStateSequence(null)).toBe(65535);
    expect(nextStateSequence(65535)).toBe(131070);
  });
});
