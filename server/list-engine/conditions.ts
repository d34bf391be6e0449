// The filter tree every issue list compiles to: legacy query-string filters and the `filters=` JSON
// tree (reference §1.2) both become these nodes, so one SQL compiler serves both.
import type { DateCondition } from '../../shared/date-filters';

/** Issue columns or relations filtered by "value IN list" (with `None` meaning "no value"). */
export type SetField =
  | 'state'
  | 'state_group'
  | 'priority'
  | 'created_by'
  | 'parent'
  | 'project'
  | 'estimate_point'
  | 'assignee'
  | 'label'
  | 'cycle'
  | 'module'
  | 'mention'
  | 'subscriber'
  | 'intake_status';

/** Date and datetime columns filtered by day (datetimes compare their UTC calendar day). */
export type DateField = 'start_date' | 'target_date' | 'created_at' | 'updated_at' | 'completed_at';

export type Condition =
  | { kind: 'and'; items: Condition[] }
  | { kind: 'or'; items: Condition[] }
  | { kind: 'not'; item: Condition }
  /** Field value in `values`, or (when `includeNull`) no value at all; the two are ORed. */
  | { kind: 'in'; field: SetField; values: string[]; includeNull: boolean }
  /** Every condition holds for the field's day (a null day fails them all). */
  | { kind: 'date'; field: DateField; conditions: DateCondition[] }
  | { kind: 'is_null'; field: DateField }
  /** The timestamp is strictly later than `instant` (ISO-8601, UTC): `updated_at__gt`. */
  | { kind: 'later_than'; field: 'updated_at'; instant: string }
  | { kind: 'contains'; field: 'name'; value: string }
  | { kind: 'flag'; field: 'is_draft' | 'is_archived'; value: boolean }
  /** Both start_date and target_date are set. */
  | { kind: 'has_dates' };

/** ANDs conditions, dropping the empty ones; `null` when nothing is left. */
export function allOf(items: Array<Condition | null | undefined>): Condition | null {
  const kept = items.filter((item): item is Condition => item != null);
  if (kept.length === 0) return null;
  return kept.length === 1 ? kept[0] : { kind: 'and', items: kept };
}

/**
 * The tree without any condition on `field` (spec §5: a cycle's issue list leaves the cycle key out
 * of its own filters); a node left empty disappears, `null` when nothing is left.
 */
export function withoutField(condition: Condition | null, field: SetField): Condition | null {
  if (!condition) return null;
  switch (condition.kind) {
    case 'in':
      return condition.field === field ? null : condition;
    case 'and':
    case 'or': {
      const items = condition.items.map((item) => withoutField(item, field)).filter((item): item is Condition => item !== null);
      if (items.length === 0) return null;
      return items.length === 1 ? items[0] : { kind: condition.kind, items };
    }
    case 'not': {
      const item = withoutField(condition.item, field);
      return item ? { kind: 'not', item } : null;
    }
    default:
      return condition;
  }
}
