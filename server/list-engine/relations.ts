// The issue's many-to-many links (labels, assignees, modules, cycle, mentions, subscribers) as SQL
// fragments, defined once so filters, output ids, grouping and ordering agree on what "live" means.
import { sql, type SQL } from 'drizzle-orm';

export type Relation = 'label' | 'assignee' | 'module' | 'cycle' | 'mention' | 'subscriber' | 'intake_status';

interface RelationDef {
  table: string;
  column: string;
  /** Extra join keeping only live targets (a deleted label is no label; an archived module no module). */
  target?: string;
}

const RELATIONS: Record<Relation, RelationDef> = {
  label: { table: 'issue_labels', column: 'label_id', target: 'join labels t on t.id = x.label_id and t.deleted_at is null' },
  assignee: { table: 'issue_assignees', column: 'assignee_id' },
  module: {
    table: 'module_issues',
    column: 'module_id',
    target: 'join modules t on t.id = x.module_id and t.deleted_at is null and t.archived_at is null',
  },
  cycle: { table: 'cycle_issues', column: 'cycle_id', target: 'join cycles t on t.id = x.cycle_id and t.deleted_at is null' },
  mention: { table: 'issue_mentions', column: 'mention_id' },
  subscriber: { table: 'issue_subscribers', column: 'subscriber_id' },
  intake_status: { table: 'intake_issues', column: 'status' },
};

/** `from <link> x [join <target> t] where x.issue_id = <issue>.id and x.deleted_at is null` */
export function relationFrom(relation: Relation, issueAlias = 'i'): SQL {
  const def = RELATIONS[relation];
  return sql.raw(`from ${def.table} x ${def.target ?? ''} where x.issue_id = ${issueAlias}.id and x.deleted_at is null`);
}

/** The link's key column, `x.<column>`. */
export function relationColumn(relation: Relation): SQL {
  return sql.raw(`x.${RELATIONS[relation].column}`);
}

/** A JSON array of the issue's live link ids (ordered, `[]` when none). */
export function relationIds(relation: Relation, issueAlias = 'i'): SQL {
  const column = relationColumn(relation);
  return sql`coalesce((select json_agg(${column}::text order by ${column}) ${relationFrom(relation, issueAlias)}), '[]'::json)`;
}

/** The name a relation sorts by (reference §1.2 "minimum related name"). */
export function relationSortName(relation: 'label' | 'assignee' | 'module', issueAlias = 'i'): SQL {
  if (relation === 'assignee') {
    return sql.raw(
      `(select min(u.first_name) from issue_assignees x join users u on u.id = x.assignee_id where x.issue_id = ${issueAlias}.id and x.deleted_at is null)`,
    );
  }
  return sql`(select min(t.name) ${relationFrom(relation, issueAlias)})`;
}
