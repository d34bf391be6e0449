import { expect, test } from 'vitest';
import { applySetDelta, setDelta } from './set-delta';

test('a delta is computed from two sets and applied to another, keeping what it does not name', () => {
  expect(setDelta(['l1', 'l2'], ['l2', 'l3'])).toEqual({ add: ['l3'], remove: ['l1'] });
  expect(applySetDelta(['l1', 'l2', 'teammate'], { add: ['l3'], remove: ['l1'] })).toEqual(['l2', 'teammate', 'l3']);
  expect(applySetDelta([], { add: ['l3', 'l3'], remove: [] })).toEqual(['l3']);
});
