// Group keys of `group_by` / `sub_group_by` (reference §1.3): the SQL that yields an issue's key
// (one row per key for the many-to-many fields) and the candidate groups listed even when empty.
import { sql, type SQL } from 'drizzle-orm';
import { M2M_GROUP_BY_FIELDS, toWireGroupBy, type WireGroupBy } from '../../shared/display';
import { STATE_GROUPS } from '../../shared/issue-constants';
import { BadRequestError } from '../errors';
import { issueCycleId, relationColumn, relationFrom, type Relation } from './relations';

/** Key of the group of issues without a value. */
export const NONE_GROUP = 'None';

/** The order Plane lists priority groups in (reference §1.3.2). */
export const PRIORITY_GROUP_ORDER = ['low', 'medium', 'high', 'urgent', 'none'] as const;

const M2M_RELATION: Partial<Record<WireGroupBy, Relation>> = {
  labels__id: 'label',
  assignees__id: 'assignee',
  issue_module__module_id: 'module',
};

/** The list-item field an M2M grouping fans out on. */
export const M2M_ITEM_FIELD: Partial<Record<WireGroupBy, 'label_ids' | 'assignee_ids' | 'module_ids'>> = {
  labels__id: 'label_ids',
  assignees__id: 'assignee_ids',
  issue_module__module_id: 'module_ids',
};

/** True for the groupings where an issue can sit in several groups. */
export function isM2mGroup(field: WireGroupBy): boolean {
  return M2M_GROUP_BY_FIELDS.includes(field);
}

/**
 * Resolves a `group_by` / `sub_group_by` value (wire name or display option) to its wire field.
 * @throws BadRequestError for an unknown value (Plane answers 500; reference §10.7).
 */
export function resolveGroupBy(value: string | undefined, param: 'group_by' | 'sub_group_by'): WireGroupBy | null {
  if (value == null || value === '' || value === 'null' || value === 'None') return null;
  const wire = toWireGroupBy(value);
  if (!wire) throw new BadRequestError(`Invalid ${param} parameter.`);
  return wire;
}

/** The key expression of a scalar grouping that is not a plain column (text; null for "None"). */
function scalarKey(field: WireGroupBy): SQL {
  switch (field) {
    case 'state__group':
      return sql.raw('(select st."group" from states st where st.id = i.state_id)');
    case 'cycle_id':
      return issueCycleId();
    default:
      throw new Error(`not a scalar grouping: ${field}`);
  }
}

/** Scalar groupings that are plain issue columns (compared in their own type, so indexes apply). */
const COLUMN_KEYS: Partial<Record<WireGroupBy, { column: string; nullable: boolean }>> = {
  state_id: { column: 'i.state_id', nullable: true },
  priority: { column: 'i.priority', nullable: false },
  project_id: { column: 'i.project_id', nullable: false },
  created_by: { column: 'i.created_by', nullable: true },
  target_date: { column: 'i.target_date', nullable: true },
  start_date: { column: 'i.start_date', nullable: true },
};

/** One grouping dimension over issue `i`, for counting per key and for fetching one key's issues. */
export interface GroupDimension {
  /** Lateral join yielding one row per key (M2M fields), or empty. */
  join: SQL;
  /** The key in its native type (null for "None"); cast to text only on output. */
  key: SQL;
  /** False when the key can never be null (no "None" group to fetch). */
  nullable: boolean;
  /** Issue `i` belongs to the group `ref` (a non-null key of the same type). */
  matches: (ref: SQL) => SQL;
  /** Issue `i` belongs to the "None" group. */
  isNone: SQL;
}

/** The dimension of a grouping, with `alias` naming its lateral join. */
export function groupDimension(field: WireGroupBy, alias: string): GroupDimension {
  const relation = M2M_RELATION[field];
  if (relation) {
    return {
      join: sql`left join lateral (select ${relationColumn(relation)} as k ${relationFrom(relation)}) ${sql.raw(alias)} on true`,
      key: sql.raw(`${alias}.k`),
      nullable: true,
      matches: (ref) => sql`exists (select 1 ${relationFrom(relation)} and ${relationColumn(relation)} = ${ref})`,
      isNone: sql`not exists (select 1 ${relationFrom(relation)})`,
    };
  }
  const column = COLUMN_KEYS[field];
  const expr = column ? sql.raw(column.column) : scalarKey(field);
  return {
    join: sql``,
    key: expr,
    nullable: column ? column.nullable : true,
    matches: (ref) => sql`${expr} = ${ref}`,
    isNone: sql`${expr} is null`,
  };
}

/**
 * A JSON array of the candidate keys of a grouping, in display order, for the projects the list
 * covers (`projectIds`, a subquery). Fields whose groups are only the values found return `[]`.
 */
export function candidateGroupsSql(field: WireGroupBy, projectIds: SQL): SQL {
  const none = sql`${NONE_GROUP}`;
  const ids = (query: SQL) => sql`coalesce((select json_agg(c.k order by c.o1, c.o2) from (${query}) c), '[]'::json)`;
  switch (field) {
    case 'state_id':
      return ids(sql`select id::text as k, sequence as o1, name as o2 from states where project_id in (${projectIds}) and deleted_at is null and not is_triage and "group" <> 'triage'`);
    case 'priority':
      return sql`${JSON.stringify(PRIORITY_GROUP_ORDER)}::json`;
    case 'state__group':
      return sql`${JSON.stringify(STATE_GROUPS)}::json`;
    case 'project_id':
      return ids(sql`select id::text as k, name as o1, id as o2 from projects where id in (${projectIds})`);
    case 'cycle_id':
      return sql`(${ids(sql`select id::text as k, created_at as o1, id as o2 from cycles where project_id in (${projectIds}) and deleted_at is null`)}::jsonb || jsonb_build_array(${none}::text))::json`;
    case 'labels__id':
      return sql`(${ids(sql`select id::text as k, sort_order as o1, name as o2 from labels where project_id in (${projectIds}) and deleted_at is null`)}::jsonb || jsonb_build_array(${none}::text))::json`;
    case 'issue_module__module_id':
      return sql`(${ids(sql`select id::text as k, sort_order as o1, name as o2 from modules where project_id in (${projectIds}) and deleted_at is null and archived_at is null`)}::jsonb || jsonb_build_array(${none}::text))::json`;
    case 'assignees__id':
      return sql`(${ids(sql`select distinct member_id::text as k, member_id::text as o1, 0 as o2 from project_members where project_id in (${projectIds}) and is_active`)}::jsonb || jsonb_build_array(${none}::text))::json`;
    case 'target_date':
    case 'start_date':
    case 'created_by':
      return sql`'[]'::json`;
    default:
      return assertNever(field);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected group field: ${String(value)}`);
}
