// The issue's many-to-many links (labels, assignees, modules, cycle, mentions, subscribers) as SQL
// fragments, defined once so filters, output ids, grouping and ordering agree on what "live" means.
import { sql, type SQL } from 'drizzle-orm';

export type Relation = 'label' | 'assignee' | 'module' | 'cycle' | 'mention' | 'subscriber' | 'intake_status';

interface RelationDef {
  table: string;
  column: string;
  /** The linked row `t` (joined on its id), kept only while live: a deleted label is no label; an archived module no module. */
  target?: { table: string; live: string };
  /**
   * The link table's index that leads with issue_id is partial on `deleted_at is null` (the unique
   * live link): an issue-keyed lookup must then state that predicate for the index to apply.
   */
  issueIndexIsLive?: boolean;
}

const RELATIONS: Record<Relation, RelationDef> = {
  label: { table: 'issue_labels', column: 'label_id', target: { table: 'labels', live: 't.deleted_at is null' }, issueIndexIsLive: true },
  assignee: { table: 'issue_assignees', column: 'assignee_id', issueIndexIsLive: true },
  module: { table: 'module_issues', column: 'module_id', target: { table: 'modules', live: 't.deleted_at is null and t.archived_at is null' } },
  cycle: { table: 'cycle_issues', column: 'cycle_id', target: { table: 'cycles', live: 't.deleted_at is null' }, issueIndexIsLive: true },
  mention: { table: 'issue_mentions', column: 'mention_id' },
  subscriber: { table: 'issue_subscribers', column: 'subscriber_id' },
  intake_status: { table: 'intake_issues', column: 'status' },
};

/** `from <link> x [join <target> t] where x.issue_id = <issue>.id and x.deleted_at is null` */
export function relationFrom(relation: Relation, issueAlias = 'i'): SQL {
  const def = RELATIONS[relation];
  const target = def.target ? `join ${def.target.table} t on t.id = x.${def.column} and ${def.target.live}` : '';
  return sql.raw(`from ${def.table} x ${target} where x.issue_id = ${issueAlias}.id and x.deleted_at is null`);
}

/**
 * `(select <aggregate> filter (where <live>) from <link> x [join <target> t on t.id = x.<column>] where x.issue_id = <issue>.id …)`:
 * an aggregate over one issue's live links, looked up through the link table's issue index and
 * nothing else. Only that index's own predicate joins the issue key in the WHERE; the other
 * liveness checks sit in the FILTER on purpose: in the WHERE they let the planner reach the links
 * through an index on deleted_at (or another partial index) and filter by issue — on a table never
 * analyzed it rates `deleted_at is null` at 0.5 % of the rows and takes that path, reading every
 * link once per listed issue (tests/list-engine/plan-shape.test.ts).
 */
export function perIssueAggregate(relation: Relation, aggregate: SQL, issueAlias = 'i'): SQL {
  const def = RELATIONS[relation];
  const live = [def.issueIndexIsLive ? null : 'x.deleted_at is null', def.target?.live].filter(Boolean).join(' and ');
  const key = `x.issue_id = ${issueAlias}.id${def.issueIndexIsLive ? ' and x.deleted_at is null' : ''}`;
  const target = def.target ? `join ${def.target.table} t on t.id = x.${def.column}` : '';
  const filtered = live ? sql`${aggregate} filter (where ${sql.raw(live)})` : aggregate;
  return sql`(select ${filtered} ${sql.raw(`from ${def.table} x ${target} where ${key}`)})`;
}

/**
 * Every live link of a relation as rows `(issue_id, key)`, for joining many issues at once (the
 * analytics charts group whole workspaces by label, assignee, cycle or module): the same liveness
 * as `relationFrom`, without the per-issue correlation.
 */
export function relationRows(relation: Relation): SQL {
  const def = RELATIONS[relation];
  const target = def.target ? `join ${def.target.table} t on t.id = x.${def.column} and ${def.target.live}` : '';
  return sql.raw(`select x.issue_id, x.${def.column} as key from ${def.table} x ${target} where x.deleted_at is null`);
}

/**
 * `left join <link> <alias> on <alias>.issue_id = <issue>.id and <live>`: the live links of many
 * issues at once (the analytics charts and overview, grouping whole workspaces by label, assignee,
 * cycle or module), its key column is `relationKey(relation, alias)`. The same liveness
 * as `relationRows`, but the dead targets (deleted labels, archived modules…) are left out by a
 * hashed `not in` over the target table instead of a join to it: the target tables are small
 * enough never to be analyzed, and a join to one is rated at a single live row (`deleted_at is
 * null` at 0.5 %), which turned 100 000 link rows into an estimate of 400 and a nested loop of
 * bitmap scans per label. The `not in` keeps the link table's own estimate.
 */
export function liveLinkJoin(relation: Relation, alias: string, issueId: SQL): SQL {
  const def = RELATIONS[relation];
  const dead = def.target ? ` and ${alias}.${def.column} not in (select t.id from ${def.target.table} t where not (${def.target.live}))` : '';
  return sql`left join ${sql.raw(`${def.table} ${alias}`)} on ${sql.raw(`${alias}.issue_id`)} = ${issueId} and ${sql.raw(`${alias}.deleted_at is null${dead}`)}`;
}

/** The key column of a `liveLinkJoin` under `alias`: `<alias>.<column>`. */
export function relationKey(relation: Relation, alias: string): SQL {
  return sql.raw(`${alias}.${RELATIONS[relation].column}`);
}

/** The link's key column, `x.<column>`. */
export function relationColumn(relation: Relation): SQL {
  return sql.raw(`x.${RELATIONS[relation].column}`);
}

/** A JSON array of the issue's live link ids (ordered, `[]` when none). */
export function relationIds(relation: Relation, issueAlias = 'i'): SQL {
  const column = relationColumn(relation);
  return sql`coalesce(${perIssueAggregate(relation, sql`json_agg(${column}::text order by ${column})`, issueAlias)}, '[]'::json)`;
}

/** The issue's cycle id as text (the smallest live link; null when none). */
export function issueCycleId(issueAlias = 'i'): SQL {
  return perIssueAggregate('cycle', sql`min(${relationColumn('cycle')}::text)`, issueAlias);
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
