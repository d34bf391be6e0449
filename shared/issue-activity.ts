// Facts about issue activity rows that the server (history, change events) and the client (feed
// store) must agree on: which fields rows carry, which rows the property history shows, and how a
// row's version is derived.
import { RelationType } from './issue-constants';

/** Activity fields the property history leaves out (reference §1.6.1): comments show as comments. */
export const HISTORY_HIDDEN_FIELDS: readonly string[] = ['comment', 'vote', 'reaction', 'draft'];

/** True when the property history (`activity_type=issue-property`) shows a row with this field. */
export function isPropertyActivity(field: string | null | undefined): boolean {
  return !field || !HISTORY_HIDDEN_FIELDS.includes(field);
}

/**
 * The version of an activity row: its `updated_at` in epoch milliseconds. Activity rows are append-only
 * except for the description row that consecutive edits move forward, and that move always sets a
 * later `updated_at` (server/services/work-items/issue-activity.ts), so the time orders a row's states.
 */
export function activityVersion(updatedAt: string | Date | null | undefined): number {
  if (!updatedAt) return 0;
  const ms = (updatedAt instanceof Date ? updatedAt : new Date(updatedAt)).getTime();
  return Number.isFinite(ms) ? ms : 0;
}

/**
 * Every `field` the server writes into issue activity rows (reference §1.6.1), besides `null` for a
 * created issue and `estimate_<type>` for estimates. Services type their rows with `ActivityField`,
 * so a new field cannot be written without being listed here, and the client's activity formatter
 * test checks that each listed field has a sentence, with its value, in every locale.
 */
export const ACTIVITY_FIELDS = [
  'issue',
  'name',
  'description',
  'priority',
  'state',
  'start_date',
  'target_date',
  'parent',
  /** On the parent: a sub-issue added (`created`, new_value its key and name) or removed (`deleted`, old_value). */
  'sub_issue',
  'labels',
  'assignees',
  'cycles',
  'modules',
  'link',
  'attachment',
  'archived_at',
  'comment',
  'intake',
  'reaction',
  ...(Object.values(RelationType) as RelationType[]),
] as const;

/** An activity row's field: a listed one, or the estimate of an estimate system's type (`estimate_points`). */
export type ActivityField = (typeof ACTIVITY_FIELDS)[number] | `estimate_${string}`;
