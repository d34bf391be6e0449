// How every domain's presenters put an instant on the wire: ISO-8601 UTC with milliseconds and `Z`,
// or a bare day for the few date fields. It stays outside the domains because all of them use it.

/** ISO-8601 UTC with milliseconds and `Z`, or null (only for no instant: a NOT NULL column's is a string). */
export function isoDateTime(value: Date | string): string;
export function isoDateTime(value: Date | string | null | undefined): string | null;
export function isoDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The `YYYY-MM-DD` day of an instant (issue `archived_at` is a date on the wire), or null. */
export function isoDay(value: Date | string | null | undefined): string | null {
  const iso = isoDateTime(value);
  return iso ? iso.slice(0, 10) : null;
}

/** When a row was made and last changed, and by whom: the base columns of rows that send no `deleted_at`. */
export function presentStamps(row: { createdAt: Date; updatedAt: Date; createdBy: string | null; updatedBy: string | null }) {
  return {
    created_at: isoDateTime(row.createdAt),
    updated_at: isoDateTime(row.updatedAt),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}

/** The base columns of soft-deleted rows, in the order they send them: `presentStamps` with `deleted_at` third. */
export function presentStampsWithDeletedAt(row: { createdAt: Date; updatedAt: Date; deletedAt: Date | null; createdBy: string | null; updatedBy: string | null }) {
  return {
    created_at: isoDateTime(row.createdAt),
    updated_at: isoDateTime(row.updatedAt),
    deleted_at: isoDateTime(row.deletedAt),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}
