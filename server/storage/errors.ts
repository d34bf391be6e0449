// The one storage failure callers act on: a key with no object behind it (the export download
// answers 410 for it, a backup lists it as missing) — any other storage error is a failure.

/** The object is not in storage (never written, removed, or not restored from a backup). */
export class MissingFileError extends Error {
  constructor(readonly key: string) {
    super(`No stored file at ${key}`);
  }
}
