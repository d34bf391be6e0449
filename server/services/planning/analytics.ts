// Workspace analytics (reference §8.2): a chart of the caller's issues along one dimension,
// optionally segmented by a second, measured in issues or estimate points (`analytics/`), the
// overview numbers (`default-analytics/`) and per-project stats (`project-stats/`). Each answer is
// ONE SQL statement over the caller's scope: the projects they are an active member of, with the
// guest rule per project (list-engine workspaceIssueScope), then the legacy issue filters.
import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_AXIS_ERROR,
  ANALYTICS_DATE_DIMENSIONS,
  ANALYTICS_SEGMENT_ERROR,
  PROJECT_STATS_FIELDS,
  isAnalyticsDimension,
  isAnalyticsYAxis,
  type AnalyticsDimension,
  type AnalyticsDistribution,
  type AnalyticsExtras,
  type AnalyticsPoint,
  type AnalyticsResponse,
  type AnalyticsYAxis,
  type DefaultAnalyticsResponse,
  type ProjectStats,
  type ProjectStatsField,
} from '../../../shared/schemas/analytics';
import { PRIORITY_ORDER } from '../../../shared/issue-constants';
import { isUuid } from '../../../shared/schemas/common';
import type { WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { BadRequestError } from '../../errors';
import { parseLegacyFilters, type QueryParams } from '../../list-engine/legacy-filters';
import { liveLinkJoin, relationKey, type Relation } from '../../list-engine/relations';
import { memberProjectIds, workspaceIssueScope } from '../../list-engine/scope';
import { conditionSql } from '../../list-engine/where';
import { isProjectIssue } from '../../list-engine/scope';

/** A validated chart request. */
interface ChartQuery {
  xAxis: AnalyticsDimension;
  yAxis: AnalyticsYAxis;
  segment: AnalyticsDimension | null;
}

/** Query keys that shape the chart rather than filter its issues. */
const CHART_KEYS = new Set(['x_axis', 'y_axis', 'segment']);

/**
 * The chart keys of a query (or a saved view's `query_dict`).
 * @throws BadRequestError with the reference's messages for a missing or unknown axis, or a segment equal to the x axis.
 */
export function parseChartQuery(query: QueryParams): ChartQuery {
  const { x_axis: xAxis, y_axis: yAxis } = query;
  if (!isAnalyticsDimension(xAxis) || !isAnalyticsYAxis(yAxis)) throw new BadRequestError(ANALYTICS_AXIS_ERROR);
  const segment = query.segment === undefined || query.segment === '' ? null : query.segment;
  if (segment !== null && (!isAnalyticsDimension(segment) || segment === xAxis)) throw new BadRequestError(ANALYTICS_SEGMENT_ERROR);
  return { xAxis, yAxis, segment };
}

/** The legacy issue filters of a query, without the chart keys (a saved view's derived `query`). */
export function filterParams(query: QueryParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (!CHART_KEYS.has(key) && typeof value === 'string') filters[key] = value;
  return filters;
}

/** The caller's issues that pass the legacy filters, over `issues i`. */
function scopedWhere(actor: WorkspaceActor, query: QueryParams): SQL {
  const scope = workspaceIssueScope(actor, { projectsAsArray: true });
  const filter = parseLegacyFilters(query, new Date(), actor.timeZone);
  return filter ? sql`${scope.where} and ${conditionSql(filter)}` : scope.where;
}

/**
 * How a dimension is read — grouped on its raw value (a uuid, a text, a month's first instant),
 * formatted only once per group. A single-valued one is read off issue `i` (with the join it
 * needs); a many-valued one (labels, assignees, modules, and the cycle, a link table too) off its
 * live links joined to the chart's issue set under `alias`: an issue then counts under each value.
 */
interface DimensionSql {
  value: SQL;
  format: (column: SQL) => SQL;
  join?: SQL;
  link?: Relation;
}

const LINKS: Partial<Record<AnalyticsDimension, Relation>> = {
  labels__id: 'label',
  assignees__id: 'assignee',
  issue_cycle__cycle_id: 'cycle',
  issue_module__module_id: 'module',
};

const asText = (column: SQL) => sql`${column}::text`;
const asIs = (column: SQL) => column;
/** `"YYYY-M"` (the reference's month bucket, month without a leading zero). */
const asMonth = (column: SQL) => sql`to_char(${column}, 'YYYY-FMMM')`;

/** The SQL of a dimension; `alias` names its joins so the x axis and the segment never share one. */
function dimensionSql(dimension: AnalyticsDimension, alias: 'dx' | 'sx'): DimensionSql {
  const relation = LINKS[dimension];
  if (relation) return { value: relationKey(relation, alias), format: asText, link: relation };
  const a = sql.raw(alias);
  switch (dimension) {
    case 'state_id':
      return { value: sql`i.state_id`, format: asText };
    case 'state__group':
      return { value: sql`${a}."group"`, format: asIs, join: sql`left join states ${a} on ${a}.id = i.state_id` };
    case 'estimate_point__value':
      return { value: sql`ep.value`, format: asIs };
    case 'priority':
      return { value: sql`i.priority`, format: asIs };
    case 'start_date':
    case 'target_date':
      return { value: sql`date_trunc('month', ${sql.raw(`i.${dimension}`)}::timestamp)`, format: asMonth };
    case 'created_at':
    case 'completed_at':
      return { value: sql`date_trunc('month', ${sql.raw(`i.${dimension}`)} at time zone 'UTC')`, format: asMonth };
    default:
      throw new Error(`unhandled analytics dimension ${dimension}`);
  }
}

/** An estimate point's value as a number, when it is one (category estimates such as "XL" count 0). */
const ESTIMATE_NUMBER = sql`case when ep.value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then ep.value::float8 end`;
const ESTIMATE_JOIN = sql`left join estimate_points ep on ep.id = i.estimate_point_id and ep.deleted_at is null`;

/** `'[…]'::json` of `select` rows, `[]` when none. */
const jsonRows = (select: SQL) => sql`coalesce((select json_agg(row_to_json(z)) from (${select}) z), '[]'::json)`;

/** The ids charted on the dimension `dimension` (x axis `d` or segment `s` of `r`), or none. */
function chartedIds(chart: ChartQuery, dimension: AnalyticsDimension): SQL | null {
  const columns = [chart.xAxis === dimension ? 'd' : null, chart.segment === dimension ? 's' : null].filter(Boolean) as string[];
  if (columns.length === 0) return null;
  return sql.join(
    columns.map((column) => sql.raw(`select ${column} from r where ${column} is not null`)),
    sql` union `,
  );
}

/** The names and colours of the states, users, labels, cycles and modules the chart shows. */
function extrasSql(chart: ChartQuery): SQL {
  const detail = (dimension: AnalyticsDimension, select: (ids: SQL) => SQL) => {
    const ids = chartedIds(chart, dimension);
    return ids ? jsonRows(select(ids)) : sql`'[]'::json`;
  };
  return sql`json_build_object(
    'state_details', ${detail('state_id', (ids) => sql`select st.id::text as state_id, st.name as state__name, st.color as state__color, st."group" as state__group from states st where st.id in (${ids}) order by st.sequence, st.id`)},
    'assignee_details', ${detail('assignees__id', (ids) => sql`select u.id::text as assignees__id, u.display_name as assignees__display_name, u.first_name as assignees__first_name, u.last_name as assignees__last_name, nullif(u.avatar, '') as assignees__avatar_url from users u where u.id in (${ids}) order by u.display_name, u.id`)},
    'label_details', ${detail('labels__id', (ids) => sql`select l.id::text as labels__id, l.name as labels__name, l.color as labels__color from labels l where l.id in (${ids}) order by l.name, l.id`)},
    'cycle_details', ${detail('issue_cycle__cycle_id', (ids) => sql`select c.id::text as issue_cycle__cycle_id, c.name as issue_cycle__cycle__name from cycles c where c.id in (${ids}) order by c.name, c.id`)},
    'module_details', ${detail('issue_module__module_id', (ids) => sql`select m.id::text as issue_module__module_id, m.name as issue_module__module__name from modules m where m.id in (${ids}) order by m.name, m.id`)}
  )`;
}

/** The link tables with at most one live link per issue (a unique index on issue_id where live). */
const ONE_PER_ISSUE: ReadonlySet<Relation> = new Set(['cycle']);

/**
 * The one statement of a chart (exported for the benchmark). When every issue has at most one
 * value per dimension (the cycle included): the caller's filtered issues, with their live cycle
 * link if charted, grouped by the raw (x value, segment value) in `r` in one pass, the total being
 * the sum of the groups. With labels, assignees or modules: the issues are read once into `v` (id,
 * single-valued x or segment, estimate), `v` is hash-joined to the live links of the many-valued
 * dimension(s) and grouped by (link key, …) in `r` — an issue with two labels counts under both
 * (each group still counts it once: live links are unique per issue and key), an issue with none
 * once under null ("None") — and the total counts `v`, not the groups. Then each group's values
 * are formatted, and the extras added.
 */
export function chartStatement(actor: WorkspaceActor, query: QueryParams, chart: ChartQuery, withExtras: boolean): SQL {
  const x = dimensionSql(chart.xAxis, 'dx');
  const segment = chart.segment ? dimensionSql(chart.segment, 'sx') : null;
  const needsEstimate = chart.yAxis === 'estimate' || chart.xAxis === 'estimate_point__value' || chart.segment === 'estimate_point__value';
  const joins = [needsEstimate ? ESTIMATE_JOIN : null, x.join, segment?.join].filter(Boolean) as SQL[];
  const where = scopedWhere(actor, query);
  const noValue = sql`null::text`;
  const output = (total: SQL) => sql`select ${total} as total,
      ${jsonRows(sql`select ${x.format(sql`d`)} as d, ${segment ? segment.format(sql`s`) : noValue} as s, n from r`)} as rows,
      ${withExtras ? extrasSql(chart) : sql`null::json`} as extras`;
  const linked = [
    { dimension: x, alias: 'dx' },
    { dimension: segment, alias: 'sx' },
  ].filter((entry): entry is { dimension: DimensionSql & { link: Relation }; alias: string } => Boolean(entry.dimension?.link));
  const linkJoins = (issueId: SQL) => linked.map(({ dimension, alias }) => liveLinkJoin(dimension.link, alias, issueId));

  if (linked.every(({ dimension }) => ONE_PER_ISSUE.has(dimension.link))) {
    const measure = chart.yAxis === 'estimate' ? sql`coalesce(sum(${ESTIMATE_NUMBER}), 0)::float8` : sql`count(*)::int`;
    return sql`with r as (
        select ${x.value} as d, ${segment ? segment.value : noValue} as s, count(*) as c, ${measure} as n
        from issues i ${sql.join([...joins, ...linkJoins(sql`i.id`)], sql` `)} where ${where}
        group by 1, 2
      )
      ${output(sql`(select coalesce(sum(c), 0)::int from r)`)}`;
  }

  // The issue set carries what the links cannot give: the single-valued x / segment, the estimate.
  const carried = (dimension: DimensionSql | null) => (dimension && !dimension.link ? dimension.value : noValue);
  const read = (dimension: DimensionSql | null, column: 'd' | 's') => (dimension?.link ? dimension.value : sql.raw(`v.${column}`));
  const estimate = chart.yAxis === 'estimate' ? ESTIMATE_NUMBER : sql`null::float8`;
  const measure = chart.yAxis === 'estimate' ? sql`coalesce(sum(v.e), 0)::float8` : sql`count(*)::int`;
  return sql`with v as materialized (
      select i.id, ${carried(x)} as d, ${carried(segment)} as s, ${estimate} as e
      from issues i ${sql.join(joins, sql` `)} where ${where}
    ),
    r as (
      select ${read(x, 'd')} as d, ${read(segment, 's')} as s, count(*) as c, ${measure} as n
      from v ${sql.join(linkJoins(sql`v.id`), sql` `)}
      group by 1, 2
    )
    ${output(sql`(select count(*)::int from v)`)}`;
}

interface ChartRow {
  total: number;
  rows: Array<{ d: string | null; s: string | null; n: number }>;
  extras: AnalyticsExtras | null;
}

/** Sort key of an x value: priorities urgent → none, months in time, the rest by text; "None" last. */
function xOrder(chart: ChartQuery): (key: string) => [number, number, string] {
  if (chart.xAxis === 'priority') return (key) => [0, PRIORITY_ORDER.indexOf(key as never), key];
  if (ANALYTICS_DATE_DIMENSIONS.includes(chart.xAxis)) {
    return (key) => {
      const [year, monthNumber] = key.split('-').map(Number);
      return [key === 'None' ? 1 : 0, year * 12 + monthNumber, key];
    };
  }
  return (key) => [key === 'None' ? 1 : 0, 0, key];
}

function compareKeys(a: [number, number, string], b: [number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/** The reference's distribution: points grouped by x value (`"None"` for no value), in axis order. */
function distributionOf(chart: ChartQuery, rows: ChartRow['rows']): AnalyticsDistribution {
  const measure = chart.yAxis === 'estimate' ? 'estimate' : 'count';
  const groups = new Map<string, AnalyticsPoint[]>();
  const segmentOrder = (a: AnalyticsPoint, b: AnalyticsPoint) => String(a.segment ?? '\uffff').localeCompare(String(b.segment ?? '\uffff'));
  // Date axes leave out the issues without that date (they are still in the total).
  const dated = ANALYTICS_DATE_DIMENSIONS.includes(chart.xAxis);
  for (const row of rows) {
    if (dated && row.d === null) continue;
    const key = row.d ?? 'None';
    const point: AnalyticsPoint = { dimension: row.d, ...(chart.segment ? { segment: row.s } : {}), [measure]: Number(row.n) };
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  const order = xOrder(chart);
  const keys = [...groups.keys()].sort((a, b) => compareKeys(order(a), order(b)));
  return Object.fromEntries(keys.map((key) => [key, groups.get(key)!.sort(segmentOrder)]));
}

/** Runs a chart in one statement. */
async function runChart(ctx: ServerContext, actor: WorkspaceActor, query: QueryParams, chart: ChartQuery): Promise<AnalyticsResponse> {
  const [row] = await ctx.database.query<ChartRow>(chartStatement(actor, query, chart, true));
  return { total: row.total, distribution: distributionOf(chart, row.rows), extras: row.extras! };
}

/** GET `analytics/`. @throws BadRequestError for a bad axis or segment. */
export async function getAnalytics(ctx: ServerContext, actor: WorkspaceActor, query: QueryParams): Promise<AnalyticsResponse> {
  return runChart(ctx, actor, query, parseChartQuery(query));
}

/** A saved view's chart (no extras). */
export async function runSavedChart(ctx: ServerContext, actor: WorkspaceActor, query: QueryParams): Promise<Omit<AnalyticsResponse, 'extras'>> {
  const chart = parseChartQuery(query);
  const [row] = await ctx.database.query<ChartRow>(chartStatement(actor, query, chart, false));
  return { total: row.total, distribution: distributionOf(chart, row.rows) };
}

const OPEN_GROUPS = sql`('backlog', 'unstarted', 'started')`;

/**
 * The creators or assignees with the most issues, as the reference names their fields, from
 * `counts`: rows `(uid, n)` of partial counts (several per user), summed here.
 */
function topUsers(prefix: 'created_by' | 'assignees', counts: SQL, limit: number | null): SQL {
  const p = (field: string) => sql.raw(`${prefix}__${field}`);
  return jsonRows(sql`select u.id::text as ${p('id')}, u.first_name as ${p('first_name')}, u.last_name as ${p('last_name')},
      u.display_name as ${p('display_name')}, nullif(u.avatar, '') as ${p('avatar_url')}, t.count
    from (select uid, sum(n)::int as count from (${counts}) q group by uid) t left join users u on u.id = t.uid
    order by t.count desc, u.display_name nulls last${limit ? sql.raw(` limit ${limit}`) : sql``}`);
}

/** The month (1–12) of this year (UTC) an issue was completed in, null otherwise. */
const COMPLETED_THIS_YEAR = sql`case when extract(year from v.completed_at at time zone 'UTC') = extract(year from now() at time zone 'UTC')
  then extract(month from v.completed_at at time zone 'UTC')::int end`;

/**
 * The statement of `default-analytics/` (exported for the benchmark). The caller's issues are read
 * once into `v`; every number but the assignees' comes from `g`, `v` grouped by (state group,
 * creator, done, month completed this year) — a few thousand rows at most, each answer a small
 * scan of it, where ten scans of `v` (100 000 rows each) cost seconds on a loaded machine; the
 * assignees' from `a`, `v` hash-joined once to the live assignee links and grouped by (assignee,
 * done), an issue without assignee under null.
 */
export function defaultAnalyticsStatement(actor: WorkspaceActor, query: QueryParams): SQL {
  return sql`with v as materialized (
      select i.id, i.created_by, i.completed_at, s."group" as state_group, ${ESTIMATE_NUMBER} as estimate
      from issues i left join states s on s.id = i.state_id ${ESTIMATE_JOIN}
      where ${scopedWhere(actor, query)}
    ),
    g as (
      select v.state_group, v.created_by, v.completed_at is not null as done, ${COMPLETED_THIS_YEAR} as month,
        count(*)::int as n, sum(v.estimate) as estimate
      from v group by 1, 2, 3, 4
    ),
    a as (
      select ax.assignee_id as uid, v.completed_at is not null as done, count(*)::int as n
      from v ${liveLinkJoin('assignee', 'ax', sql`v.id`)} group by 1, 2
    )
    select json_build_object(
      'total_issues', (select coalesce(sum(n), 0)::int from g),
      'total_issues_classified', ${jsonRows(sql`select state_group, sum(n)::int as state_count from g where state_group is not null group by 1 order by 1`)},
      'open_issues', (select coalesce(sum(n), 0)::int from g where state_group in ${OPEN_GROUPS}),
      'open_issues_classified', ${jsonRows(sql`select state_group, sum(n)::int as state_count from g where state_group in ${OPEN_GROUPS} group by 1 order by 1`)},
      'issue_completed_month_wise', ${jsonRows(sql`select month, sum(n)::int as count from g where month is not null group by 1 order by 1`)},
      'most_issue_created_user', ${topUsers('created_by', sql`select created_by as uid, n from g where created_by is not null`, 5)},
      'most_issue_closed_user', ${topUsers('assignees', sql`select uid, n from a where done and uid is not null`, 5)},
      'pending_issue_user', ${topUsers('assignees', sql`select uid, n from a where not done`, null)},
      'open_estimate_sum', (select coalesce(sum(estimate), 0)::float8 from g where state_group in ${OPEN_GROUPS}),
      'total_estimate_sum', (select coalesce(sum(estimate), 0)::float8 from g)
    ) as result`;
}

/**
 * GET `default-analytics/`: totals by state group, open issues, completions per month of this
 * year, the top creators, closers and pending assignees, estimate sums — one statement.
 */
export async function getDefaultAnalytics(ctx: ServerContext, actor: WorkspaceActor, query: QueryParams): Promise<DefaultAnalyticsResponse> {
  const [row] = await ctx.database.query<{ result: DefaultAnalyticsResponse }>(defaultAnalyticsStatement(actor, query));
  return row.result;
}

const STAT_SQL: Record<ProjectStatsField, SQL> = {
  total_issues: sql`(select count(*)::int from issues i where i.project_id = p.id and ${isProjectIssue()})`,
  completed_issues: sql`(select count(*)::int from issues i join states s on s.id = i.state_id and s."group" = 'completed'
    where i.project_id = p.id and ${isProjectIssue()})`,
  total_members: sql`(select count(*)::int from project_members pm where pm.project_id = p.id and pm.is_active)`,
  total_cycles: sql`(select count(*)::int from cycles c where c.project_id = p.id and c.deleted_at is null)`,
  total_modules: sql`(select count(*)::int from modules m where m.project_id = p.id and m.deleted_at is null)`,
};

/**
 * GET `project-stats/`: the asked `fields` (all when none is valid) for each of the caller's
 * projects, or only those of `project_ids`.
 */
export async function getProjectStats(ctx: ServerContext, actor: WorkspaceActor, query: { fields?: string; project_ids?: string }): Promise<ProjectStats[]> {
  const asked = (query.fields ?? '').split(',').filter((field): field is ProjectStatsField => (PROJECT_STATS_FIELDS as readonly string[]).includes(field));
  const fields = asked.length ? [...new Set(asked)] : [...PROJECT_STATS_FIELDS];
  const ids = query.project_ids === undefined ? null : query.project_ids.split(',').map((id) => id.trim()).filter(isUuid);
  const only = ids === null ? sql`` : ids.length ? sql` and p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})` : sql` and false`;
  const columns = sql.join(
    fields.map((field) => sql`${STAT_SQL[field]} as ${sql.raw(field)}`),
    sql`, `,
  );
  return ctx.database.query<ProjectStats>(sql`select p.id::text as id, ${columns} from projects p
    where p.id in (${memberProjectIds(actor.workspace.id, actor.userId)})${only} order by p.created_at, p.id`);
}
