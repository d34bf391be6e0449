// Row navigation's pure parts: which key moves which way, and which row is next (skipping group
// headers and "load more"), and the roving Tab stop.
import { describe, expect, test } from 'vitest';
import { nextRowIndex, rovingTabStop, rowStep } from './row-navigation';

const key = (value: string, shiftKey = false) => ({ key: value, target: null, metaKey: false, ctrlKey: false, altKey: false, shiftKey, defaultPrevented: false });

describe('row navigation', () => {
  test('J and ArrowDown go down, K and ArrowUp go up, other keys and Shift do nothing', () => {
    expect([key('j'), key('ArrowDown'), key('k'), key('ArrowUp'), key('s'), key('j', true)].map(rowStep)).toEqual([1, 1, -1, -1, 0, 0]);
  });

  test('the next row skips rows that are not issues and stops at either end', () => {
    const kinds = ['header', 'issue', 'issue', 'more', 'header', 'issue'];
    const isIssue = (index: number) => kinds[index] === 'issue';
    expect(nextRowIndex(kinds.length, 2, 1, isIssue)).toBe(5);
    expect(nextRowIndex(kinds.length, 5, -1, isIssue)).toBe(2);
    expect(nextRowIndex(kinds.length, 1, -1, isIssue)).toBeNull();
    expect(nextRowIndex(kinds.length, 5, 1, isIssue)).toBeNull();
  });

  test('the Tab stop is the remembered row while it is a candidate, else the first', () => {
    expect(rovingTabStop('b', ['a', 'b'])).toBe('b');
    expect(rovingTabStop('z', ['a', 'b'])).toBe('a');
    expect(rovingTabStop(null, [])).toBeNull();
  });
});
