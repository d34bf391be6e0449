import { describe, expect, test } from 'vitest';
import { MAX_TRACKED_KEYS, RateWindows } from './rate-windows';

describe('RateWindows', () => {
  test('counts hits within a window and starts a new one after it', () => {
    const windows = new RateWindows(60_000);
    expect(windows.hit('a', 0)).toBe(1);
    expect(windows.hit('a', 59_999)).toBe(2);
    expect(windows.count('a', 59_999)).toBe(2);
    expect(windows.count('a', 60_000)).toBe(0);
    expect(windows.hit('a', 60_000)).toBe(1);
  });

  test(`tracking more than ${MAX_TRACKED_KEYS} keys forgets the least recently counted, not a limited client`, () => {
    const windows = new RateWindows(60_000);
    for (let attempt = 0; attempt < 11; attempt++) windows.hit('ip:limited', 0);
    for (let index = 0; index < MAX_TRACKED_KEYS + 5_000; index++) {
      windows.hit(`ip:flood-${index}`, 1);
      // The limited client keeps trying meanwhile, which keeps it among the most recent keys.
      if (index % 10_000 === 0) windows.hit('ip:limited', 1);
    }
    expect(windows.size).toBe(MAX_TRACKED_KEYS);
    expect(windows.count('ip:limited', 2)).toBe(11 + 6);
    expect(windows.count('ip:flood-0', 2)).toBe(0);
    expect(windows.count(`ip:flood-${MAX_TRACKED_KEYS + 4_999}`, 2)).toBe(1);
  });
});
