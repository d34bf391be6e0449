// Fixed-window request counters kept in memory, for the auth and API-key rate limits. The number of
// keys is bounded: a flood of distinct keys (addresses, emails) evicts the least recently counted
// key, never everyone's counters at once, so a client that is being limited stays limited.

/** Keys tracked per store before the least recently counted one is forgotten. */
export const MAX_TRACKED_KEYS = 50_000;

interface Window {
  start: number;
  count: number;
}

export class RateWindows {
  // A Map iterates in insertion order; every hit re-inserts its key, so the first key is the least recently counted.
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MAX_TRACKED_KEYS,
  ) {}

  /** Counts one hit for `key` and answers the count of its current window (1 for a new window). */
  hit(key: string, now = Date.now()): number {
    const window = this.current(key, now);
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.evictLeastRecent();
    const counted = window ? { start: window.start, count: window.count + 1 } : { start: now, count: 1 };
    this.windows.set(key, counted);
    return counted.count;
  }

  /** The count of `key`'s current window, without counting (0 when it has none). */
  count(key: string, now = Date.now()): number {
    return this.current(key, now)?.count ?? 0;
  }

  get size(): number {
    return this.windows.size;
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && now - window.start < this.windowMs ? window : undefined;
  }

  private evictLeastRecent(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
