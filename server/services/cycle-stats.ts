// Read-side numbers of cycles (reference §2.2–§2.3): per-state-group counts and estimate points, the
// union of assignees, and the analytics (assignee and label distributions, the burndown). One
// statement each, aggregated in Postgres, so a cycle of 10,000 issues costs one scan per call.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import type { Db } from '../../db/client';
import { cycles, type Cycle } from '../../db/schema/index';
import { addDays, todayIn } from '../../shared/calendar-day';
import { EMPTY_STATS, snapshotStats, type CycleStats } from '../presenters/cycle';
import { executeRows } from './issue-read';

/** Issues listed in cycle `cycleId` (an SQL expression): `i` the issue, `s` its state, `p.v` its points. */
export function cycleIssuesFrom(cycleId: SQL, joins: SQL = sql``): SQL {
  return sql`from cycle_issues ci
    join issues i on i.id = ci.issue_id and i.deleted_at is null and i.archived_at is null and not i.is_draft
    left join states s on s.id = i.state_id
    left join lateral (select case when ep.value ~ '^[0-9]+(\\.[0-9]+)?$' then ep.value::numeric else 0 end as v
      from estimate_points ep where ep.id = i.estimate_point_id) p on true
    ${joins}
    where ci.cycle_id = ${cycleId} and ci.deleted_at is null`;
}

const ASSIGNEE_JOIN = sql`join issue_assignees a on a.issue_id = i.id and a.deleted_at is null`;

const GROUPS = ['completed', 'cancelled', 'started', 'unstarted', 'backlog'] as const;

/** json_build_object of the CycleStats keys over `cycleIssuesFrom`. */
function statsObject(): SQL {
  const parts = [sql`'total_issues', count(*)`, sql`'total_estimate_points', coalesce(sum(p.v), 0)`];
  for (const group of GROUPS) {
    parts.push(sql.raw(`'${group}_issues', count(*) filter (where s."group" = '${group}')`));
    parts.push(sql.raw(`'${group}_estimate_points', coalesce(sum(p.v) filter (where s."group" = '${group}'), 0)`));
  }
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toStats(value: unknown): CycleStats {
  const raw = parseJson<Record<string, unknown> | null>(value) ?? {};
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
      .mapWith((value: unknown) => parseJson<string[]>(value) ?? [])
      .as('assignee_ids'),
    isFavorite: userId
      ? sql<boolean>`exists (select 1 from favorites f where f.entity_type = 'cycle' and f.entity_identifier = "cycles"."id" and f.user_id = ${userId})`
          .mapWith(Boolean)
          .as('is_favorite')
      : sql<boolean>`false`.mapWith(Boolean).as('is_favorite'),
  };
}

/** Live counts and points of one cycle (ignoring any snapshot). */
export async function liveCycleStats(db: Db, cycleId: string): Promise<CycleStats> {
  const [row] = await executeRows<{ stats: unknown }>(db, sql`select ${statsObject()} as stats ${cycleIssuesFrom(sql`${cycleId}::uuid`)}`);
  return toStats(row?.stats);
}

/** `progress/`: the snapshot's numbers once frozen, else the live ones. */
export async function cycleProgress(db: Db, cycle: Cycle): Promise<CycleStats> {
  return snapshotStats(cycle.progressSnapshot) ?? liveCycleStats(db, cycle.id);
}

export interface DistributionItem {
  total_issues: number;
  completed_issues: number;
  pending_issues: number;
  total_estimates: number;
  completed_estimates: number;
  pending_estimates: number;
}

export interface CycleDistribution {
  assignees: Array<DistributionItem & { assignee_id: string | null; display_name: string | null; avatar_url: string | null }>;
  labels: Array<DistributionItem & { label_id: string | null; label_name: string | null; color: string | null }>;
  completion_chart: Record<string, number | null>;
}

const counters = sql`count(*) as total_issues, count(*) filter (where s."group" = 'completed') as completed_issues,
  coalesce(sum(p.v), 0) as total_estimates, coalesce(sum(p.v) filter (where s."group" = 'completed'), 0) as completed_estimates`;

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
export function knownZone(zone: string): string {
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

/**
 * Live distributions and burndown of a dated cycle: one key per day from start to end, the value
 * what remains (issues or points) at the end of that day, null for days after today.
 */
export async function liveCycleDistribution(db: Db, cycle: Cycle, type: 'issues' | 'points', now: Date = new Date()): Promise<CycleDistribution> {
  const id = sql`${cycle.id}::uuid`;
  const zone = knownZone(cycle.timezone);
  const assignees = await executeRows<CounterRow & { assignee_id: string | null; display_name: string | null; avatar: string | null }>(
    db,
    sql`select a.assignee_id, u.display_name, u.avatar, ${counters}
      ${cycleIssuesFrom(id, sql`left join issue_assignees a on a.issue_id = i.id and a.deleted_at is null left join users u on u.id = a.assignee_id`)}
      group by a.assignee_id, u.display_name, u.avatar order by u.display_name nulls last`,
  );
  const labels = await executeRows<CounterRow & { label_id: string | null; label_name: string | null; color: string | null }>(
    db,
    sql`select l.id as label_id, l.name as label_name, l.color, ${counters}
      ${cycleIssuesFrom(id, sql`left join issue_labels il on il.issue_id = i.id and il.deleted_at is null left join labels l on l.id = il.label_id and l.deleted_at is null`)}
      group by l.id, l.name, l.color order by l.name nulls last`,
  );
  const done = await executeRows<{ day: string; issues: unknown; points: unknown }>(
    db,
    sql`select to_char((i.completed_at at time zone ${zone})::date, 'YYYY-MM-DD') as day, count(*) as issues, coalesce(sum(p.v), 0) as points
      ${cycleIssuesFrom(id)} and s."group" = 'completed' and i.completed_at is not null group by 1`,
  );
  const stats = await liveCycleStats(db, cycle.id);
  return {
    assignees: assignees.map((row) => ({ assignee_id: row.assignee_id, display_name: row.display_name, avatar_url: row.avatar || null, ...distributionItem(row) })),
    labels: labels.map((row) => ({ label_id: row.label_id, label_name: row.label_name, color: row.color, ...distributionItem(row) })),
    completion_chart: burndown(cycle, zone, type === 'points' ? stats.total_estimate_points : stats.total_issues, done.map((row) => ({ day: row.day, value: Number(type === 'points' ? row.points : row.issues) })), now),
  };
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

/** The analytics of a cycle: the snapshot's once frozen, else live. */
export async function cycleDistribution(db: Db, cycle: Cycle, type: 'issues' | 'points'): Promise<CycleDistribution> {
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
