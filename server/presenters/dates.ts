// How every domain's presenters put an instant on the wire (reference §1: ISO-8601 UTC with
// milliseconds and `Z`; a few date fields as a bare day). It stays outside the domains because all of
// them use it: a page or a cycle formats its dates as an issue does, without importing the issue's
// presenter.

/** ISO-8601 UTC with milliseconds and `Z`, or null. */
export function isoDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The `YYYY-MM-DD` day of an instant (issue `archived_at` is a date on the wire), or null. */
export function isoDay(value: Date | string | null | undefined): string | null {
  const iso = isoDateTime(value);
  return iso ? iso.slice(0, 10) : null;
}
