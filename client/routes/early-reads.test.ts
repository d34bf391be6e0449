import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearEarlyReads, startEarly, takeEarly } from './early-reads';

afterEach(() => {
  clearEarlyReads();
  vi.useRealTimers();
});

describe('early reads', () => {
  test("the loader waits for the read started early instead of asking again, and only once", async () => {
    const early = vi.fn(async () => 'early answer');
    const loader = vi.fn(async () => 'loader answer');
    startEarly('k', early);
    startEarly('k', early);
    expect(early).toHaveBeenCalledTimes(1);
    expect(await takeEarly('k', loader)).toBe('early answer');
    expect(loader).not.toHaveBeenCalled();
    // Taken once: the next navigation's loader asks the server itself.
    expect(await takeEarly('k', loader)).toBe('loader answer');
  });

  test('a failed early read (asked before the session was known) is dropped and the loader asks again', async () => {
    startEarly('k', async () => {
      throw new Error('401');
    });
    expect(await takeEarly('k', async () => 'fresh')).toBe('fresh');
  });

  test('an early read nobody took for a while is not used', async () => {
    vi.useFakeTimers();
    startEarly('k', async () => 'old');
    vi.advanceTimersByTime(11_000);
    expect(await takeEarly('k', async () => 'fresh')).toBe('fresh');
  });
});
