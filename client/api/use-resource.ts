// The one way to read outside a route loader: a screen part that needs an answer the route did not
// load (a dashboard widget, a chart, a profile section) names it by a key and says how to load it.
// A newer key supersedes the request in flight; `reload` retries the same key.
import { useCallback, useEffect, useState } from 'react';

/** A read's state: the last answer (null until one arrived or after an error), the error, and a retry. */
export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export interface ResourceOptions {
  /**
   * Keep showing the previous key's answer while the new one loads (a chart whose filters changed).
   * False where that answer would be about something else (another member's profile).
   */
  keepAcrossKeys?: boolean;
  /**
   * Wait this long after the key changes before loading, so a burst of keys (live changes moving
   * figures a screen shows) asks once, for the last. Default 0: load at once.
   */
  settleMs?: number;
}

/** Loads `load(signal)` whenever `key` changes; a null key waits (nothing to load yet). */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, { keepAcrossKeys = true, settleMs = 0 }: ResourceOptions = {}): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown; loading: boolean }>({ key, data: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((current) => ({ key, data: keepAcrossKeys || current.key === key ? current.data : null, error: null, loading: true }));
    const start = () =>
      load(controller.signal).then(
        (data) => !controller.signal.aborted && setState({ key, data, error: null, loading: false }),
        (error: unknown) => !controller.signal.aborted && setState({ key, data: null, error, loading: false }),
      );
    const timer = settleMs > 0 ? setTimeout(start, settleMs) : void start();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `load` is rebuilt every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = keepAcrossKeys || state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: state.loading || !current, reload };
}
