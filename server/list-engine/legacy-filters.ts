// The legacy query-string filters of reference §1.2 (`state=a,b&priority=high&target_date=…;after`),
// parsed the way Plane's issue_filters does, with its `None` quirk fixed (None is ORed, not ANDed).
import { parseDateFilter } from '../../shared/date-filters';
import { stateGroupsForType } from '../../shared/display';
import { isUuid } from '../../shared/schemas/common';
import { ValidationError } from '../errors';
import { allOf, type Condition, type DateField, type SetField } from './conditions';

/** Query parameters that hold ids, and the field each filters. */
const ID_PARAMS: Record<string, SetField> = {
  state: 'state',
  assignees: 'assignee',
  mentions: 'mention',
  created_by: 'created_by',
  labels: 'label',
  cycle: 'cycle',
  module: 'module',
  parent: 'parent',
  project: 'project',
  subscriber: 'subscriber',
  estimate_point: 'estimate_point',
};

/** Query parameters that hold plain values. */
const VALUE_PARAMS: Record<string, SetField> = {
  state_group: 'state_group',
  priority: 'priority',
};

const DATE_PARAMS: readonly DateField[] = ['start_date', 'target_date', 'created_at', 'updated_at', 'completed_at'];

export type QueryParams = Record<string, string | undefined>;

function splitList(raw: string): string[] {
  return raw.split(',').filter((item) => item !== 'null');
}

function idCondition(field: SetField, raw: string): Condition | null {
  const items = splitList(raw).map((item) => item.trim());
  const includeNull = items.includes('None');
  const values = items.filter(isUuid).map((id) => id.toLowerCase());
  if (values.length === 0 && !includeNull) return null;
  return { kind: 'in', field, values, includeNull };
}

function valueCondition(field: SetField, raw: string): Condition | null {
  const items = splitList(raw).map((item) => item.trim());
  // A trailing comma (an empty item) switches the filter off, as in the reference.
  if (items.length === 0 || items.includes('')) return null;
  const includeNull = items.includes('None');
  return { kind: 'in', field, values: items.filter((item) => item !== 'None'), includeNull };
}

function intakeCondition(raw: string): Condition | null {
  const values = splitList(raw).filter((item) => /^-?\d{1,2}$/.test(item.trim()));
  return values.length ? { kind: 'in', field: 'intake_status', values: values.map((v) => String(Number(v))), includeNull: false } : null;
}

function dateCondition(field: DateField, raw: string, now: Date, timeZone: string): Condition | null {
  // A malformed term switches the filter off rather than failing the list.
  const conditions = parseDateFilter(raw, now, timeZone);
  return conditions && conditions.length ? { kind: 'date', field, conditions } : null;
}

/**
 * `updated_at__gt` (reference §1.2, incremental fetch): issues changed strictly after an instant.
 * @throws ValidationError (400, the sync endpoint's body) when it is not a datetime.
 */
function updatedAfterCondition(raw: string): Condition | null {
  if (raw.trim() === '') return null;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw ValidationError.field('updated_at__gt', 'Must be a valid datetime.');
  return { kind: 'later_than', field: 'updated_at', instant: new Date(time).toISOString() };
}

/**
 * Builds the condition of the legacy filters present in `query`; `null` when none applies.
 * `now` and the caller's `timeZone` fix "today" for relative date terms.
 * @throws ValidationError for an `updated_at__gt` that is not a datetime.
 */
export function parseLegacyFilters(query: QueryParams, now: Date, timeZone = 'UTC'): Condition | null {
  const parts: Array<Condition | null> = [];
  for (const [param, field] of Object.entries(ID_PARAMS)) {
    if (query[param] != null) parts.push(idCondition(field, query[param]!));
  }
  for (const [param, field] of Object.entries(VALUE_PARAMS)) {
    if (query[param] != null) parts.push(valueCondition(field, query[param]!));
  }
  const intake = query.intake_status ?? query.inbox_status;
  if (intake != null) parts.push(intakeCondition(intake));
  for (const field of DATE_PARAMS) {
    if (query[field] != null) parts.push(dateCondition(field, query[field]!, now, timeZone));
  }
  if (query.updated_at__gt != null) parts.push(updatedAfterCondition(query.updated_at__gt));
  if (query.name != null && query.name !== '') parts.push({ kind: 'contains', field: 'name', value: query.name });
  if (query.type === 'active' || query.type === 'backlog') {
    parts.push({ kind: 'in', field: 'state_group', values: [...stateGroupsForType(query.type)], includeNull: false });
  }
  if (query.sub_issue === 'false') parts.push({ kind: 'in', field: 'parent', values: [], includeNull: true });
  if (query.start_target_date === 'true') parts.push({ kind: 'has_dates' });
  return allOf(parts);
}
