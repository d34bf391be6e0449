// Facts about issue activity rows that the server (history, change events) and the client (feed
// store) must agree on: which rows the property history shows, and how a row's version is derived.

/** Activity fields the property history leaves out (reference §1.6.1): comments show as comments. */
export const HISTORY_HIDDEN_FIELDS: readonly string[] = ['comment', 'vote', 'reaction', 'draft'];

/** True when the property history (`activity_type=issue-property`) shows a row with this field. */
export function isPropertyActivity(field: string | null | undefined): boolean {
  return !field || !HISTORY_HIDDEN_FIELDS.includes(field);
}

/**
 * The version of an activity row: its `updated_at` in epoch milliseconds. Activity rows are append-only
 * except for the description row that consecutive edits move forward, and that move always sets a
 * later `updated_at` (server/services/issue-activity.ts), so the time orders a row's states.
 */
export function activityVersion(updatedAt: string | Date | null | undefined): number {
  if (!updatedAt) return 0;
  const ms = (updatedAt instanceof Date ? updatedAt : new Date(updatedAt)).getTime();
  return Number.isFinite(ms) ? ms : 0;
}
