// `order_by` of reference §1.2 as SQL sort keys: the requested key with NULLS LAST, then
// -created_at, then id, so every page boundary is stable.
import { sql, type SQL } from 'drizzle-orm';
import { isValidOrderBy, type OrderByField } from '../../shared/display';
import { PRIORITY_ORDER, STATE_GROUPS } from '../../shared/issue-constants';
import { BadRequestError } from '../errors';
import { relationSortName } from './relations';
import { subIssueCount } from './scope';

export interface SortKey {
  expr: SQL;
  desc: boolean;
  /** Nullable keys get an explicit NULLS LAST; non-null ones keep the index-friendly default. */
  nullable: boolean;
}

function rankCase(column: string, values: readonly string[]): string {
  return `case ${column} ${values.map((value, rank) => `when '${value}' then ${rank}`).join(' ')} end`;
}

const PRIORITY_RANK = rankCase('i.priority', PRIORITY_ORDER);

function countOf(table: string, extra = ''): SQL {
  return sql.raw(`(select count(*) from ${table} c where c.issue_id = i.id and c.deleted_at is null${extra})`);
}

/** The expression of a sort field and whether it can be null. */
function fieldKey(field: OrderByField): { expr: SQL; nullable: boolean } {
  switch (field) {
    case 'sort_order':
    case 'created_at':
    case 'updated_at':
    case 'sequence_id':
    case 'name':
      return { expr: sql.raw(`i.${field}`), nullable: false };
    case 'completed_at':
    case 'start_date':
    case 'target_date':
      return { expr: sql.raw(`i.${field}`), nullable: true };
    case 'priority':
      return { expr: sql.raw(PRIORITY_RANK), nullable: true };
    case 'state__group':
      return { expr: sql.raw(`(select ${rankCase('st."group"', STATE_GROUPS)} from states st where st.id = i.state_id)`), nullable: true };
    case 'state__name':
      return { expr: sql.raw('(select st.name from states st where st.id = i.state_id)'), nullable: true };
    case 'estimate_point__key':
      return { expr: sql.raw('(select ep.key from estimate_points ep where ep.id = i.estimate_point_id)'), nullable: true };
    case 'link_count':
      return { expr: countOf('issue_links'), nullable: false };
    case 'attachment_count':
      return { expr: countOf('issue_attachments'), nullable: false };
    case 'sub_issues_count':
      return {
        expr: subIssueCount(),
        nullable: false,
      };
    case 'issue_cycle__cycle__name':
      return {
        expr: sql.raw(
          '(select min(cy.name) from cycle_issues x join cycles cy on cy.id = x.cycle_id and cy.deleted_at is null where x.issue_id = i.id and x.deleted_at is null)',
        ),
        nullable: true,
      };
    case 'labels__name':
      return { expr: relationSortName('label'), nullable: true };
    case 'assignees__first_name':
      return { expr: relationSortName('assignee'), nullable: true };
    case 'issue_module__module__name':
      return { expr: relationSortName('module'), nullable: true };
    default:
      return assertNever(field);
  }
}

/**
 * The sort keys of an `order_by` value (default `-created_at`). `priority` sorts by rank, so
 * `-priority` puts urgent first; `state__group` by workflow rank, both directions honoured.
 * @throws BadRequestError for an unknown field.
 */
export function sortKeys(orderBy: string): SortKey[] {
  if (!isValidOrderBy(orderBy)) throw new BadRequestError('Invalid order_by parameter.');
  const desc = orderBy.startsWith('-');
  const field = (desc ? orderBy.slice(1) : orderBy) as OrderByField;
  const { expr, nullable } = fieldKey(field);
  // Priority rank 0 is urgent: "-priority" (urgent first) is the ascending rank.
  const keyDesc = field === 'priority' ? !desc : desc;
  const keys: SortKey[] = [{ expr, desc: keyDesc, nullable }];
  if (field !== 'created_at') keys.push({ expr: sql.raw('i.created_at'), desc: true, nullable: false });
  keys.push({ expr: sql.raw('i.id'), desc: false, nullable: false });
  return keys;
}

/** `k1 desc nulls last, k2, …` over the given expressions (defaults to the keys' own). */
export function orderClause(keys: SortKey[], exprs: SQL[] = keys.map((key) => key.expr)): SQL {
  return sql.join(
    keys.map((key, index) => sql`${exprs[index]} ${sql.raw(key.desc ? 'desc' : 'asc')}${sql.raw(key.nullable ? ' nulls last' : '')}`),
    sql`, `,
  );
}

function assertNever(value: never): never {
  throw new Error(`Unexpected order field: ${String(value)}`);
}
