// Reads a screen's loader will make, started from the URL of a page load while the route guard
// still waits for the session. The router runs loaders only once every guard (`beforeLoad`) has
// passed, so on a reload of a project screen the project's states, labels, members and estimates
// waited a whole round trip behind `users/me/`; started early they travel alongside it.
// Each early read is taken once, by the loader that would have made it, within EARLY_TTL_MS; a
// failed one (the visitor turned out to be signed out, the network blinked) is dropped and the
// loader asks again, so an early read can make a screen faster but never wrong or broken.
const EARLY_TTL_MS = 10_000;

const started = new Map<string, { promise: Promise<unknown>; at: number }>();

/** Starts `read` now under `key` (once; a later call with the same key does nothing). */
export function startEarly(key: string, read: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const promise = read();
  promise.catch(() => undefined);
  started.set(key, { promise, at: Date.now() });
}

/** Waits for the early read of `key` if one was started recently and succeeds; otherwise runs `read`. */
export async function takeEarly<T>(key: string, read: () => Promise<T>): Promise<T> {
  const entry = started.get(key);
  started.delete(key);
  if (entry && Date.now() - entry.at < EARLY_TTL_MS) {
    try {
      return (await entry.promise) as T;
    } catch {
      // Asked before the session was known, or the network failed: ask again below.
    }
  }
  return read();
}

/** Forgets every early read (tests). */
export function clearEarlyReads(): void {
  started.clear();
}
