// The `filters=<JSON>` tree of reference §1.2: leaves of `field__op: value` ANDed, combined with
// and / or / not (case-insensitive), at most 5 deep; anything else is a 400 naming what was wrong.
// Checked in the reference implementation's order and with its codes: the tree's shape and depth
// first, then every field name (`invalid_filter_field`), then the values (`invalid_filterset`).
import { isValidIsoDate } from '../../shared/date-filters';
import { isUuid } from '../../shared/schemas/common';
import { BadRequestError } from '../errors';
import { allOf, type Condition, type DateField, type SetField } from './conditions';

/** Deepest nesting of combinators the tree may have. */
const MAX_FILTER_DEPTH = 5;

/** A 400 in both the contract's `{error}` form and the reference's `{message, code}` form. */
export class FilterError extends BadRequestError {
  constructor(message: string, code: string, errors?: Record<string, string[]>) {
    super(message, errors ? { message, code, errors } : { message, code });
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
const OPERATORS = ['and', 'or', 'not'];

/** A value the field cannot take. */
function invalidValue(key: string): FilterError {
  return new FilterError('Invalid filter parameters', 'invalid_filterset', { [key]: [`Invalid value for ${key}.`] });
}

type Scalar = string | number | boolean | null;

function listOf(value: unknown, key: string): Scalar[] {
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (Array.isArray(value) && value.length > 0) return value as Scalar[];
  throw invalidValue(key);
}

function setLeaf(field: SetField, key: string, op: string, value: unknown, isId: boolean): Condition {
  const raw = op === 'in' ? listOf(value, key) : [value as Scalar];
  const includeNull = raw.some((item) => item === null || item === 'None');
  const values = raw.filter((item) => item !== null && item !== 'None').map(String);
  if (isId && values.some((item) => !isUuid(item))) throw invalidValue(key);
  return { kind: 'in', field, values: isId ? values.map((v) => v.toLowerCase()) : values, includeNull };
}

function dateLeaf(field: DateField, key: string, op: string, value: unknown): Condition {
  if (op === 'exact') {
    if (value === null) return { kind: 'is_null', field };
    if (typeof value !== 'string' || !isValidIsoDate(value.slice(0, 10))) throw invalidValue(key);
    return { kind: 'date', field, conditions: [{ op: 'eq', date: value.slice(0, 10) }] };
  }
  const bounds = listOf(value, key);
  if (bounds.length !== 2 || !bounds.every((b) => typeof b === 'string' && isValidIsoDate(b.slice(0, 10)))) {
    throw invalidValue(key);
  }
  const [from, to] = bounds as string[];
  return { kind: 'date', field, conditions: [{ op: 'gte', date: from.slice(0, 10) }, { op: 'lte', date: to.slice(0, 10) }] };
}

function flagLeaf(field: 'is_draft' | 'is_archived', key: string, value: unknown): Condition {
  const flag = value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
  if (flag === null) throw invalidValue(key);
  return { kind: 'flag', field, value: flag };
}

/** The field and operator of a leaf key, or null when the key names no allowed filter. */
function leafField(key: string): { field: string; op: string } | null {
  const match = /^([a-z_]+?)(?:__(exact|in|range))?$/.exec(key);
  if (!match) return null;
  const [, field, op = 'exact'] = match;
  // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
  if (Object.hasOwn(ID_KEYS, field) || Object.hasOwn(VALUE_KEYS, field)) return op === 'range' ? null : { field, op };
  if ((DATE_KEYS as readonly string[]).includes(field)) return op === 'in' ? null : { field, op };
  if (field === 'is_draft' || field === 'is_archived') return op === 'exact' ? { field, op } : null;
  return null;
}

function leafCondition(key: string, value: unknown): Condition {
  const { field, op } = leafField(key)!;
  if (Object.hasOwn(ID_KEYS, field)) return setLeaf(ID_KEYS[field], key, op, value, true);
  if (Object.hasOwn(VALUE_KEYS, field)) return setLeaf(VALUE_KEYS[field], key, op, value, false);
  if (field === 'is_draft' || field === 'is_archived') return flagLeaf(field, key, value);
  return dateLeaf(field as DateField, key, op, value);
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function validateLeaf(leaf: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(leaf)) {
    if (Array.isArray(value)) {
      if (value.length === 0) throw new FilterError(`List value for '${key}' must not be empty`, 'empty_list_value');
      if (!value.every(isScalar)) throw new FilterError(`List value for '${key}' must contain only scalar items`, 'non_scalar_list_item');
    } else if (!isScalar(value)) {
      throw new FilterError(`Value for '${key}' must be a scalar, null, or list of scalars`, 'invalid_value_type');
    }
  }
}

/** Checks the tree's shape: one operator per object, non-empty children, scalar leaf values, depth ≤ 5. */
function validateStructure(node: unknown, depth: number): void {
  if (depth > MAX_FILTER_DEPTH) {
    throw new FilterError(`Filter nesting is too deep (max ${MAX_FILTER_DEPTH}); found depth ${depth}`, 'max_depth_exceeded');
  }
  if (!isObject(node)) throw new FilterError('Each filter node must be a JSON object', 'invalid_filter_node');
  const keys = Object.keys(node);
  if (keys.length === 0) throw new FilterError('Filter objects must not be empty', 'empty_filter_object');
  const operators = keys.filter((key) => OPERATORS.includes(key.toLowerCase()));
  if (operators.length === 0) return validateLeaf(node);
  if (operators.length > 1) {
    throw new FilterError('A filter object cannot contain multiple logical operators at the same level', 'multiple_logical_operators');
  }
  const [key] = operators;
  if (keys.length !== 1) throw new FilterError(`Cannot mix logical operator '${key}' with field keys at the same level`, 'mixed_operator_and_fields');
  const op = key.toLowerCase();
  const value = node[key];
  if (op === 'not') {
    if (!isObject(value)) throw new FilterError("'not' must be a single JSON object", 'invalid_not_child');
    return validateStructure(value, depth + 1);
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new FilterError(`'${op}' must be a non-empty list of filter objects`, 'invalid_operator_children');
  }
  for (const child of value) {
    if (!isObject(child)) throw new FilterError(`All children of '${op}' must be JSON objects`, 'invalid_operator_child_type');
    validateStructure(child, depth + 1);
  }
}

/** Checks every leaf key against the allowed filters (after the structure, so the walk is safe). */
function validateFields(node: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(node)) {
    const op = key.toLowerCase();
    if (op === 'not') validateFields(value as Record<string, unknown>);
    else if (op === 'and' || op === 'or') (value as Record<string, unknown>[]).forEach(validateFields);
    else if (!leafField(key)) throw new FilterError(`Filtering on field '${key}' is not allowed`, 'invalid_filter_field');
  }
}

/** Builds the condition of a validated node. */
function nodeCondition(node: Record<string, unknown>): Condition {
  const entries = Object.entries(node);
  const [[key, value]] = entries;
  const op = key.toLowerCase();
  if (op === 'not') return { kind: 'not', item: nodeCondition(value as Record<string, unknown>) };
  if (op === 'and' || op === 'or') return { kind: op, items: (value as Record<string, unknown>[]).map(nodeCondition) };
  return allOf(entries.map(([field, leafValue]) => leafCondition(field, leafValue)))!;
}

/**
 * Parses the `filters` query parameter; empty text or an empty JSON value (`{}`, `[]`, `null`) means no filter.
 * @throws FilterError (400) for bad JSON, a bad shape, a tree deeper than 5, unknown fields or bad values.
 */
export function parseRichFilters(raw: string | undefined): Condition | null {
  if (raw == null || raw.trim() === '') return null;
  let tree: unknown;
  try {
    tree = JSON.parse(raw);
  } catch {
    throw new FilterError("Invalid JSON for 'filter'. Expected a valid JSON object.", 'invalid_json');
  }
  // Like the reference, a falsy or empty tree filters nothing.
  if (!tree || (isObject(tree) && Object.keys(tree).length === 0) || (Array.isArray(tree) && tree.length === 0)) return null;
  validateStructure(tree, 1);
  validateFields(tree as Record<string, unknown>);
  return nodeCondition(tree as Record<string, unknown>);
}
