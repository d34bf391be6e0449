// Screens build small descriptor objects (a list's source) afresh on every render. Effects and
// memos keyed on them must follow their content, not their identity, or they would run each render.
import { useMemo } from 'react';

/** `value` as one object for as long as its JSON content stays the same. */
export function useStableByContent<T>(value: T): T {
  const key = JSON.stringify(value);
  // Keyed by content on purpose: a fresh object with the same content is the same value here.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, [key]);
}
