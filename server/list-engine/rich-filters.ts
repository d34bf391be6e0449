// The `filters=<JSON>` tree of reference §1.2: leaves of `field__op: value` ANDed, combined with
// and / or / not (case-insensitive), at most 5 deep; anything else is a 400 naming what was wrong.
import { isValidIsoDate } from '../../shared/date-filters';
import { isUuid } from '../../shared/schemas/common';
import { BadRequestError } from '../errors';
import { allOf, type Condition, type DateField, type SetField } from './conditions';

/** Deepest nesting of combinators the tree may have. */
export const MAX_FILTER_DEPTH = 5;

/** A 400 in both the contract's `{error}` form and the reference's `{message, code}` form. */
export class FilterError extends BadRequestError {
  constructor(message: string, code: string) {
    super(message, { message, code });
  }
}

const ID_KEYS: Record<string, SetField> = {
  assignee_id: 'assignee',
  cycle_id: 'cycle',
  module_id: 'module',
  mention_id: 'mention',
  label_id: 'label',
  subscriber_id: 'subscriber',
  created_by_id: 'created_by',
  state_id: 'state',
  project_id: 'project',
};
const VALUE_KEYS: Record<string, SetField> = { state_group: 'state_group', priority: 'priority' };
const DATE_KEYS: readonly DateField[] = ['start_date', 'target_date', 'created_at', 'updated_at'];

type Scalar = string | number | boolean | null;

function listOf(value: unknown, key: string): Scalar[] {
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (Array.isArray(value) && value.length > 0) return value as Scalar[];
  throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
}

function setLeaf(field: SetField, key: string, op: string, value: unknown, isId: boolean): Condition {
  const raw = op === 'in' ? listOf(value, key) : [value as Scalar];
  const includeNull = raw.some((item) => item === null || item === 'None');
  const values = raw.filter((item) => item !== null && item !== 'None').map(String);
  if (isId && values.some((item) => !isUuid(item))) throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
  return { kind: 'in', field, values: isId ? values.map((v) => v.toLowerCase()) : values, includeNull };
}

function dateLeaf(field: DateField, key: string, op: string, value: unknown): Condition {
  if (op === 'exact') {
    if (value === null) return { kind: 'is_null', field };
    if (typeof value !== 'string' || !isValidIsoDate(value.slice(0, 10))) throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
    return { kind: 'date', field, conditions: [{ op: 'eq', date: value.slice(0, 10) }] };
  }
  const bounds = listOf(value, key);
  if (bounds.length !== 2 || !bounds.every((b) => typeof b === 'string' && isValidIsoDate(b.slice(0, 10)))) {
    throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
  }
  const [from, to] = bounds as string[];
  return { kind: 'date', field, conditions: [{ op: 'gte', date: from.slice(0, 10) }, { op: 'lte', date: to.slice(0, 10) }] };
}

function flagLeaf(field: 'is_draft' | 'is_archived', key: string, value: unknown): Condition {
  const flag = value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
  if (flag === null) throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
  return { kind: 'flag', field, value: flag };
}

function leafCondition(key: string, value: unknown): Condition {
  const match = /^([a-z_]+?)(?:__(exact|in|range))?$/.exec(key);
  if (!match) throw new FilterError(`Invalid filter field: ${key}.`, 'invalid_filter_field');
  const [, field, op = 'exact'] = match;
  const isScalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!isScalar && !(Array.isArray(value) && value.length > 0 && value.every((v) => v === null || typeof v !== 'object'))) {
    throw new FilterError(`Invalid value for ${key}.`, 'invalid_filter_value');
  }
  if (field in ID_KEYS && op !== 'range') return setLeaf(ID_KEYS[field], key, op, value, true);
  if (field in VALUE_KEYS && op !== 'range') return setLeaf(VALUE_KEYS[field], key, op, value, false);
  if ((DATE_KEYS as readonly string[]).includes(field) && op !== 'in') return dateLeaf(field as DateField, key, op, value);
  if ((field === 'is_draft' || field === 'is_archived') && op === 'exact') return flagLeaf(field, key, value);
  throw new FilterError(`Invalid filter field: ${key}.`, 'invalid_filter_field');
}

function nodeCondition(node: unknown, depth: number): Condition {
  if (depth > MAX_FILTER_DEPTH) throw new FilterError(`Filter nesting exceeds ${MAX_FILTER_DEPTH} levels.`, 'max_depth_exceeded');
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new FilterError('Each filter node must be an object.', 'invalid_filter_structure');
  }
  const entries = Object.entries(node as Record<string, unknown>);
  const operators = entries.filter(([key]) => ['and', 'or', 'not'].includes(key.toLowerCase()));
  if (operators.length === 0) {
    if (entries.length === 0) throw new FilterError('A filter node may not be empty.', 'invalid_filter_structure');
    return allOf(entries.map(([key, value]) => leafCondition(key, value)))!;
  }
  if (entries.length !== 1) throw new FilterError('An operator cannot be mixed with other keys.', 'invalid_filter_structure');
  const [[key, value]] = operators;
  const op = key.toLowerCase();
  if (op === 'not') return { kind: 'not', item: nodeCondition(value, depth + 1) };
  if (!Array.isArray(value) || value.length === 0) {
    throw new FilterError(`"${key}" takes a non-empty list of filters.`, 'invalid_filter_structure');
  }
  const items = value.map((child) => nodeCondition(child, depth + 1));
  return { kind: op as 'and' | 'or', items };
}

/**
 * Parses the `filters` query parameter; empty text or `{}` means no filter.
 * @throws FilterError (400) for bad JSON, unknown fields, bad values or a tree deeper than 5.
 */
export function parseRichFilters(raw: string | undefined): Condition | null {
  if (raw == null || raw.trim() === '') return null;
  let tree: unknown;
  try {
    tree = JSON.parse(raw);
  } catch {
    throw new FilterError('The filters parameter is not valid JSON.', 'invalid_json');
  }
  if (tree !== null && typeof tree === 'object' && !Array.isArray(tree) && Object.keys(tree).length === 0) return null;
  return nodeCondition(tree, 1);
}
