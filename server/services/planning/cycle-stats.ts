// Read-side numbers of cycles (reference §2.2–§2.3): per-state-group counts and estimate points, the
// union of assignees, and the analytics (assignee and label distributions, the burndown). One
// statement each, aggregated in Postgres: the cycle's issues are reached from its links by key and
// read once per call (the analytics aggregate four ways over one materialized read).
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import type { Database, Db } from '../../../db/client';
import { cycles, type Cycle } from '../../../db/schema/index';
import { addDays, todayIn } from '../../../shared/calendar-day';
import { EMPTY_STATS, snapshotStats, type CycleStats } from './presenters/cycle';
import { executeRows, jsonValue } from '../../../db/rows';
import { isProjectIssue } from '../../list-engine/scope';

/**
 * Issues listed in cycle `cycleId` (an SQL expression): `i` the issue, `s` its state, `p.v` its points.
 * The issue is a LATERAL subquery that `offset 0` keeps from being flattened into a join: it runs
 * as one primary-key probe per link of the cycle. Flattened, the planner rated a hash join over a
 * sequential scan of the project's issues (100 000 rows, the whole table's pages) cheaper than
 * 10 000 probes, and it was 2–4× slower (EXPLAIN ANALYZE on a 100k seed, cycle of 10k).
 */
function cycleIssuesFrom(cycleId: SQL, joins: SQL = sql``): SQL {
  return sql`from cycle_issues ci
    join lateral (select i.* from issues i where i.id = ci.issue_id and ${isProjectIssue()} offset 0) i on true
    left join states s on s.id = i.state_id
    left join lateral (select case when ep.value ~ '^[0-9]+(\\.[0-9]+)?$' then ep.value::numeric else 0 end as v
      from estimate_points ep where ep.id = i.estimate_point_id) p on true
    ${joins}
    where ci.cycle_id = ${cycleId} and ci.deleted_at is null`;
}

const ASSIGNEE_JOIN = sql`join issue_assignees a on a.issue_id = i.id and a.deleted_at is null`;

const GROUPS = ['completed', 'cancelled', 'started', 'unstarted', 'backlog'] as const;

/**
 * json_build_object of the CycleStats keys over rows whose state group is `group` and points `points`
 * (by default the `s` and `p` of `cycleIssuesFrom`).
 */
function statsObject(group = 's."group"', points = 'p.v'): SQL {
  const parts = [sql`'total_issues', count(*)`, sql.raw(`'total_estimate_points', coalesce(sum(${points}), 0)`)];
  for (const name of GROUPS) {
    parts.push(sql.raw(`'${name}_issues', count(*) filter (where ${group} = '${name}')`));
    parts.push(sql.raw(`'${name}_estimate_points', coalesce(sum(${points}) filter (where ${group} = '${name}'), 0)`));
  }
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

function toStats(value: unknown): CycleStats {
  const raw = jsonValue<Record<string, unknown> | null>(value) ?? {};
  const stats = { ...EMPTY_STATS };
  for (const key of Object.keys(EMPTY_STATS) as Array<keyof CycleStats>) stats[key] = Number(raw[key] ?? 0);
  return stats;
}

/** Columns of a CycleRow for `db.select(cycleColumns(userId)).from(cycles)`; `userId` null: is_favorite false. */
export function cycleColumns(userId: string | null) {
  const self = sql`"cycles"."id"`;
  return {
    ...getTableColumns(cycles),
    stats: sql<CycleStats>`(select ${statsObject()} ${cycleIssuesFrom(self)})`.mapWith(toStats).as('stats'),
    assigneeIds: sql<string[]>`coalesce((select json_agg(distinct a.assignee_id) ${cycleIssuesFrom(self, ASSIGNEE_JOIN)}), '[]'::json)`
      .mapWith((value: unknown) => jsonValue<string[]>(value) ?? [])
      .as('assignee_ids'),
    isFavorite: userId
      ? sql<boolean>`exists (select 1 from favorites f where f.entity_type = 'cycle' and f.entity_identifier = "cycles"."id" and f.user_id = ${userId})`
          .mapWith(Boolean)
          .as('is_favorite')
      : sql<boolean>`false`.mapWith(Boolean).as('is_favorite'),
  };
}

/**
 * Where the stats statements run: a transaction (`Db`, the transfer's snapshot) or, for the read
 * routes, the database as named prepared statements — the same text for every cycle (the id is a
 * parameter), so Postgres parses it once per connection and stops planning it per call.
 */
type StatsSource = Db | { prepared: Database };

/** The read routes' source: prepared statements on the pool. */
export const preparedStats = (database: Database): StatsSource => ({ prepared: database });

function rows<T>(source: StatsSource, statement: SQL): Promise<T[]> {
  return 'prepared' in source ? source.prepared.query<T>(statement, { prepare: true }) : executeRows<T>(source, statement);
}

/** The statement of `liveCycleStats` (the benchmark runs it bare too). */
export const cycleStatsStatement = (cycleId: string): SQL => sql`select ${statsObject()} as stats ${cycleIssuesFrom(sql`${cycleId}::uuid`)}`;

/** Live counts and points of one cycle (ignoring any snapshot). */
export async function liveCycleStats(db: StatsSource, cycleId: string): Promise<CycleStats> {
  const [row] = await rows<{ stats: unknown }>(db, cycleStatsStatement(cycleId));
  return toStats(row?.stats);
}

/** `progress/`: the snapshot's numbers once frozen, else the live ones. */
export async function cycleProgress(db: StatsSource, cycle: Cycle): Promise<CycleStats> {
  return snapshotStats(cycle.progressSnapshot) ?? liveCycleStats(db, cycle.id);
}

interface DistributionItem {
  total_issues: number;
  completed_issues: number;
  pending_issues: number;
  total_estimates: number;
  completed_estimates: number;
  pending_estimates: number;
}

interface CycleDistribution {
  assignees: Array<DistributionItem & { assignee_id: string | null; display_name: string | null; avatar_url: string | null }>;
  labels: Array<DistributionItem & { label_id: string | null; label_name: string | null; color: string | null }>;
  completion_chart: Record<string, number | null>;
}

/** The per-key counters of a distribution, over the analytics' CTE `c` (state group `g`, points `v`). */
const counters = sql`count(*) as total_issues, count(*) filter (where c.g = 'completed') as completed_issues,
  coalesce(sum(c.v), 0) as total_estimates, coalesce(sum(c.v) filter (where c.g = 'completed'), 0) as completed_estimates`;

interface CounterRow {
  total_issues: unknown;
  completed_issues: unknown;
  total_estimates: unknown;
  completed_estimates: unknown;
}

function distributionItem(row: CounterRow): DistributionItem {
  const total = Number(row.total_issues);
  const completed = Number(row.completed_issues);
  const totalEstimates = Number(row.total_estimates);
  const completedEstimates = Number(row.completed_estimates);
  return {
    total_issues: total,
    completed_issues: completed,
    pending_issues: total - completed,
    total_estimates: totalEstimates,
    completed_estimates: completedEstimates,
    pending_estimates: totalEstimates - completedEstimates,
  };
}

/** A zone the runtime knows, else UTC. */
function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day of an instant in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  return todayIn(knownZone(zone), instant);
}

/** Everything the analytics of a cycle are made of, for both types (issues and points). */
export interface CycleAnalytics {
  stats: CycleStats;
  assignees: Array<CounterRow & { assignee_id: string | null; display_name: string | null; avatar: string | null }>;
  labels: Array<CounterRow & { label_id: string | null; label_name: string | null; color: string | null }>;
  /** Completions per calendar day of the cycle's zone. */
  done: Array<{ day: string; issues: unknown; points: unknown }>;
}

/**
 * The analytics statement (the benchmark runs it bare too): the cycle's listed issues are read ONCE
 * into the materialized CTE `c` (id, state group, points, completion instant), and the totals, the
 * per-assignee and per-label counters and the completions per day are aggregates over `c` — one
 * row of four JSON columns. Ties in the name order fall back to the id, so the order is stable.
 */
export function cycleAnalyticsStatement(cycle: Pick<Cycle, 'id' | 'timezone'>): SQL {
  const zone = knownZone(cycle.timezone);
  return sql`with c as materialized (select i.id, s."group" as g, p.v, i.completed_at ${cycleIssuesFrom(sql`${cycle.id}::uuid`)})
    select (select ${statsObject('c.g', 'c.v')} from c) as stats,
      (select coalesce(json_agg(x order by x.display_name nulls last, x.assignee_id), '[]'::json) from (
        select a.assignee_id, u.display_name, u.avatar, ${counters} from c
        left join issue_assignees a on a.issue_id = c.id and a.deleted_at is null
        left join users u on u.id = a.assignee_id
        group by a.assignee_id, u.display_name, u.avatar) x) as assignees,
      (select coalesce(json_agg(x order by x.label_name nulls last, x.label_id), '[]'::json) from (
        select l.id as label_id, l.name as label_name, l.color, ${counters} from c
        left join issue_labels il on il.issue_id = c.id and il.deleted_at is null
        left join labels l on l.id = il.label_id and l.deleted_at is null
        group by l.id, l.name, l.color) x) as labels,
      (select coalesce(json_agg(x), '[]'::json) from (
        select to_char((c.completed_at at time zone ${zone})::date, 'YYYY-MM-DD') as day, count(*) as issues, coalesce(sum(c.v), 0) as points
        from c where c.g = 'completed' and c.completed_at is not null group by 1) x) as done`;
}

/** Live analytics of a cycle (ignoring any snapshot), in one statement. */
export async function liveCycleAnalytics(db: StatsSource, cycle: Pick<Cycle, 'id' | 'timezone'>): Promise<CycleAnalytics> {
  const [row] = await rows<{ stats: unknown; assignees: unknown; labels: unknown; done: unknown }>(db, cycleAnalyticsStatement(cycle));
  return {
    stats: toStats(row?.stats),
    assignees: jsonValue<CycleAnalytics['assignees'] | null>(row?.assignees) ?? [],
    labels: jsonValue<CycleAnalytics['labels'] | null>(row?.labels) ?? [],
    done: jsonValue<CycleAnalytics['done'] | null>(row?.done) ?? [],
  };
}

/**
 * The distributions and burndown of a dated cycle by issue count or points: one key per day from
 * start to end, the value what remains at the end of that day, null for days after today.
 */
export function distributionOf(cycle: Pick<Cycle, 'startDate' | 'endDate' | 'timezone'>, analytics: CycleAnalytics, type: 'issues' | 'points', now: Date = new Date()): CycleDistribution {
  const { stats } = analytics;
  return {
    assignees: analytics.assignees.map((row) => ({ assignee_id: row.assignee_id, display_name: row.display_name, avatar_url: row.avatar || null, ...distributionItem(row) })),
    labels: analytics.labels.map((row) => ({ label_id: row.label_id, label_name: row.label_name, color: row.color, ...distributionItem(row) })),
    completion_chart: burndown(
      cycle,
      knownZone(cycle.timezone),
      type === 'points' ? stats.total_estimate_points : stats.total_issues,
      analytics.done.map((row) => ({ day: row.day, value: Number(type === 'points' ? row.points : row.issues) })),
      now,
    ),
  };
}

/** Live distributions and burndown of a dated cycle (one statement). */
async function liveCycleDistribution(db: StatsSource, cycle: Cycle, type: 'issues' | 'points', now: Date = new Date()): Promise<CycleDistribution> {
  return distributionOf(cycle, await liveCycleAnalytics(db, cycle), type, now);
}

/** What remains at the end of each day of the cycle: total minus completions up to that day; future days null. */
export function burndown(cycle: Pick<Cycle, 'startDate' | 'endDate'>, zone: string, total: number, done: Array<{ day: string; value: number }>, now: Date): Record<string, number | null> {
  const chart: Record<string, number | null> = {};
  if (!cycle.startDate || !cycle.endDate) return chart;
  const first = dayIn(cycle.startDate, zone);
  const last = dayIn(cycle.endDate, zone);
  const today = dayIn(now, zone);
  const sorted = [...done].sort((a, b) => (a.day < b.day ? -1 : 1));
  let remaining = total;
  let index = 0;
  for (let day = first, guard = 0; day <= last && guard < 3660; day = addDays(day, 1), guard++) {
    while (index < sorted.length && sorted[index].day <= day) remaining -= sorted[index++].value;
    chart[day] = day > today ? null : remaining;
  }
  return chart;
}

/** Both analytics of a cycle (issues and points): the snapshot's once frozen, else live from one read. */
export async function cycleDistributions(db: StatsSource, cycle: Cycle): Promise<{ distribution: CycleDistribution; estimate_distribution: CycleDistribution }> {
  const snapshot = cycle.progressSnapshot as { distribution?: CycleDistribution; estimate_distribution?: CycleDistribution } | null;
  if (snapshot?.distribution && snapshot.estimate_distribution) return { distribution: snapshot.distribution, estimate_distribution: snapshot.estimate_distribution };
  const analytics = await liveCycleAnalytics(db, cycle);
  return {
    distribution: snapshot?.distribution ?? distributionOf(cycle, analytics, 'issues'),
    estimate_distribution: snapshot?.estimate_distribution ?? distributionOf(cycle, analytics, 'points'),
  };
}

/** The analytics of a cycle: the snapshot's once frozen, else live. */
export async function cycleDistribution(db: StatsSource, cycle: Cycle, type: 'issues' | 'points'): Promise<CycleDistribution> {
  const snapshot = cycle.progressSnapshot as { distribution?: CycleDistribution; estimate_distribution?: CycleDistribution } | null;
  const frozen = type === 'points' ? snapshot?.estimate_distribution : snapshot?.distribution;
  return frozen ?? liveCycleDistribution(db, cycle, type);
}

/**
 * The stored instant of a cycle day (reference §2.1): start = 00:00:01 of the day in the project's
 * zone, or now when the day is today; end = 23:59:59 of the day.
 */
export function cycleInstant(day: string, edge: 'start' | 'end', zone: string, now: Date = new Date()): Date {
  const known = knownZone(zone);
  const date = day.slice(0, 10);
  if (edge === 'start' && date === todayIn(known, now)) return now;
  const [y, m, d] = date.split('-').map(Number);
  const local = edge === 'start' ? new TZDate(y, m - 1, d, 0, 0, 1, known) : new TZDate(y, m - 1, d, 23, 59, 59, known);
  return new Date(local.getTime());
}
