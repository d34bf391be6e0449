// A module or object that is costly to load and not needed by every process (a password meter's
// dictionaries, the html renderer): loaded on the first call, then shared by every later one.

/**
 * Wraps `load` so that it runs on the first call and every caller gets that one promise. A failed
 * load is forgotten, so the next call tries again instead of repeating the failure forever.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
