// Reads modules in the shape the presenters need (reference §3): the row, its member ids, its issue
// counts and estimate points per state group (one grouped statement for any number of modules),
// and whether the caller favorited it.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { moduleLinks, moduleMembers, modules, type Module, type ModuleLink } from '../../../db/schema/index';
import { NotFoundError } from '../../errors';
import { EMPTY_MODULE_STATS, type ModuleStats, type ModuleView } from './presenters/module';
import { executeRowsPrepared, sendPrepared } from '../../../db/rows';
import { isProjectIssue } from '../../list-engine/scope';
import { favoritedAmong } from '../accounts/favorited';

interface StatsRow {
  module_id: string;
  total: number;
  backlog: number;
  unstarted: number;
  started: number;
  completed: number;
  cancelled: number;
  sub_issues: number;
  points_total: number;
  points_backlog: number;
  points_unstarted: number;
  points_started: number;
  points_completed: number;
  points_cancelled: number;
}

const GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;

/** Counts of non-archived, non-draft live issues per module; points only from "points" estimates. */
async function loadStats(db: Db, moduleIds: string[]): Promise<Map<string, ModuleStats>> {
  const result = new Map<string, ModuleStats>();
  if (moduleIds.length === 0) return result;
  const ids = sql.join(moduleIds.map((id) => sql`${id}::uuid`), sql`, `);
  const counts = GROUPS.map((group) => sql`, count(*) filter (where s."group" = ${group})::int as ${sql.raw(group)}`);
  const points = GROUPS.map((group) => sql`, coalesce(sum(p.points) filter (where s."group" = ${group}), 0)::float8 as ${sql.raw(`points_${group}`)}`);
  const rows = await executeRowsPrepared<StatsRow>(
    db,
    sql`select mi.module_id, count(*)::int as total${sql.join(counts, sql``)},
        count(*) filter (where i.parent_id is not null)::int as sub_issues,
        coalesce(sum(p.points), 0)::float8 as points_total${sql.join(points, sql``)}
      from module_issues mi
      join issues i on i.id = mi.issue_id and ${isProjectIssue()}
      left join states s on s.id = i.state_id
      left join lateral (
        select case when e.type = 'points' and ep.value ~ '^-?[0-9]+(\\.[0-9]+)?$' then ep.value::numeric else 0 end as points
        from estimate_points ep join estimates e on e.id = ep.estimate_id where ep.id = i.estimate_point_id
      ) p on true
      where mi.module_id in (${ids}) and mi.deleted_at is null
      group by mi.module_id`,
  );
  for (const row of rows) {
    result.set(row.module_id, {
      total: Number(row.total),
      backlog: Number(row.backlog),
      unstarted: Number(row.unstarted),
      started: Number(row.started),
      completed: Number(row.completed),
      cancelled: Number(row.cancelled),
      subIssues: Number(row.sub_issues),
      points: {
        total: Number(row.points_total),
        backlog: Number(row.points_backlog),
        unstarted: Number(row.points_unstarted),
        started: Number(row.points_started),
        completed: Number(row.points_completed),
        cancelled: Number(row.points_cancelled),
      },
    });
  }
  return result;
}

/**
 * Module rows as ModuleViews. With `userId`, `isFavorite` says whether that user favorited each;
 * with null (shared change events) it is left out.
 */
export async function toModuleViews(db: Db, rows: Module[], userId: string | null): Promise<ModuleView[]> {
  if (rows.length === 0) return [];
  return withModuleExtras(rows, await loadModuleExtras(db, rows.map((row) => row.id), userId));
}

/** What a ModuleView adds to its row, read for modules by id (a module's GET reads it beside the row). */
export interface ModuleExtras {
  members: Array<{ moduleId: string; memberId: string }>;
  stats: Map<string, ModuleStats>;
  /** The user's favourites among the modules; null without a user. */
  favorites: Set<string> | null;
}

/** The members, statistics and (with `userId`) favourite flags of modules by id: three reads at once. */
export async function loadModuleExtras(db: Db, ids: string[], userId: string | null): Promise<ModuleExtras> {
  const [members, stats, found] = await Promise.all([
    sendPrepared(
      db
        .select({ moduleId: moduleMembers.moduleId, memberId: moduleMembers.memberId })
        .from(moduleMembers)
        .where(and(inArray(moduleMembers.moduleId, ids), isNull(moduleMembers.deletedAt))),
    ),
    loadStats(db, ids),
    userId ? favoritedAmong(db, userId, 'module', ids) : null,
  ]);
  return { members, stats, favorites: found };
}

/** The ModuleViews of `rows` with their extras. */
export function withModuleExtras(rows: Module[], { members, stats, favorites: favorite }: ModuleExtras): ModuleView[] {
  return rows.map((row) => ({
    ...row,
    memberIds: members.filter((member) => member.moduleId === row.id).map((member) => member.memberId),
    stats: stats.get(row.id) ?? EMPTY_MODULE_STATS,
    isFavorite: favorite ? favorite.has(row.id) : null,
  }));
}

// Built once (db/reusable-statement.ts): every module GET and write starts with it.
const moduleOfProject = reusableStatement((db) =>
  db
    .select()
    .from(modules)
    .where(and(eq(modules.id, sql.placeholder('moduleId')), eq(modules.projectId, sql.placeholder('projectId')), isNull(modules.deletedAt)))
    .prepare('module_of_project'),
);

/**
 * The project's live (not deleted) module, archived or not.
 * @throws NotFoundError "Module not found".
 */
export async function findModule(db: Db, projectId: string, moduleId: string): Promise<Module> {
  const [row] = await moduleOfProject(db, { moduleId, projectId });
  if (!row) throw new NotFoundError('Module not found');
  return row;
}

/** A module's live links, newest first. */
export async function listModuleLinkRows(db: Db, moduleId: string): Promise<ModuleLink[]> {
  return sendPrepared(
    db
      .select()
      .from(moduleLinks)
      .where(and(eq(moduleLinks.moduleId, moduleId), isNull(moduleLinks.deletedAt)))
      .orderBy(sql`${moduleLinks.createdAt} desc`),
  );
}
