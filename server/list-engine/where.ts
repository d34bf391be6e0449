// Compiles a filter tree to a SQL boolean over the issues table aliased `i`. A test on a null column
// is null, which and/or treat like false; `not` coalesces it first, so the tree is two-valued logic.
import { sql, type SQL } from 'drizzle-orm';
import type { DateCondition } from '../../shared/date-filters';
import type { Condition, DateField, SetField } from './conditions';
import { relationColumn, relationFrom, type Relation } from './relations';

const COLUMNS: Partial<Record<SetField, string>> = {
  state: 'i.state_id',
  priority: 'i.priority',
  created_by: 'i.created_by',
  parent: 'i.parent_id',
  project: 'i.project_id',
  estimate_point: 'i.estimate_point_id',
};
const RELATION_FIELDS: Partial<Record<SetField, Relation>> = {
  assignee: 'assignee',
  label: 'label',
  cycle: 'cycle',
  module: 'module',
  mention: 'mention',
  subscriber: 'subscriber',
  intake_status: 'intake_status',
};

/** `(v1, v2, …)` as bound parameters. */
function valueList(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

function orSql(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

function inSql(field: SetField, values: string[], includeNull: boolean): SQL {
  const relation = RELATION_FIELDS[field];
  const parts: SQL[] = [];
  if (relation) {
    if (values.length) parts.push(sql`exists (select 1 ${relationFrom(relation)} and ${relationColumn(relation)} in ${valueList(values)})`);
    if (includeNull) parts.push(sql`not exists (select 1 ${relationFrom(relation)})`);
  } else if (field === 'state_group') {
    if (values.length) parts.push(sql`i.state_id in (select st.id from states st where st."group" in ${valueList(values)})`);
    if (includeNull) parts.push(sql`i.state_id is null`);
  } else {
    const column = sql.raw(COLUMNS[field]!);
    if (values.length) parts.push(sql`${column} in ${valueList(values)}`);
    if (includeNull) parts.push(sql`${column} is null`);
  }
  return parts.length ? orSql(parts) : sql`false`;
}

/** The day a date field falls on (datetimes by their UTC day). */
function dayExpression(field: DateField): SQL {
  if (field === 'start_date' || field === 'target_date') return sql.raw(`i.${field}`);
  return sql.raw(`(i.${field} at time zone 'UTC')::date`);
}

function dateSql(field: DateField, conditions: DateCondition[]): SQL {
  const day = dayExpression(field);
  const parts = conditions.map(({ op, date }) => {
    const operator = op === 'gte' ? '>=' : op === 'lte' ? '<=' : '=';
    return sql`${day} ${sql.raw(operator)} ${date}::date`;
  });
  return sql`(${day} is not null and ${sql.join(parts, sql` and `)})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Compiles a condition (plain EXISTS / IN at the top level, so the planner can use semi-joins and indexes). */
export function conditionSql(condition: Condition): SQL {
  switch (condition.kind) {
    case 'and':
      return sql`(${sql.join(condition.items.map(conditionSql), sql` and `)})`;
    case 'or':
      return sql`(${sql.join(condition.items.map(conditionSql), sql` or `)})`;
    case 'not':
      return sql`not coalesce(${conditionSql(condition.item)}, false)`;
    case 'in':
      return inSql(condition.field, condition.values, condition.includeNull);
    case 'date':
      return dateSql(condition.field, condition.conditions);
    case 'is_null':
      return sql`${dayExpression(condition.field)} is null`;
    case 'later_than':
      return sql`${sql.raw(`i.${condition.field}`)} > ${condition.instant}::timestamptz`;
    case 'contains':
      return sql`i.name ilike ${'%' + escapeLike(condition.value) + '%'}`;
    case 'flag':
      return condition.field === 'is_draft'
        ? sql`i.is_draft = ${condition.value}`
        : sql`(i.archived_at is not null) = ${condition.value}`;
    case 'has_dates':
      return sql`(i.start_date is not null and i.target_date is not null)`;
    default:
      return assertNever(condition);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected condition: ${JSON.stringify(value)}`);
}
