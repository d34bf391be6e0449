// Cycles of a project (reference §2, spec §4/§7 "Cycles"): CRUD with the status computed from the
// dates, the date check, the issues in a cycle (an issue is in at most one: adding moves it),
// transfer of unfinished issues with a progress snapshot, archive/restore, favorites, and the
// workspace lists. Every write records the cycle (and each issue it moved) through recordChange.
import { and, eq, inArray, isNotNull, isNull, lte, min, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { sendPrepared } from '../../../db/rows';
import { cycleIssues, cycles, issueActivities, issues, projectMembers, projects, type Cycle } from '../../../db/schema/index';
import { CycleStatus, UNFINISHED_STATE_GROUPS, compareCycles, cycleStatus } from '../../../shared/cycle';
import { offsetPage, type Pagination } from '../../../shared/cursor';
import { canDeletePlanningRow } from '../../../shared/policies/planning';
import type { CreateCycleBody, CycleDateCheckBody, UpdateCycleBody } from '../../../shared/schemas/cycle';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { changedFields, sentKeys } from '../../live/changed-fields';
import { presentCycle, snapshotStats, type CycleRow } from './presenters/cycle';
import { createFavorite, removeEntityFavorites, removeOwnEntityFavorite } from './favorite';
import { recordActivityChangesMany } from '../work-items/issue-activity-change';
import { touchIssues } from '../work-items/issue-change';
import { cycleColumns, cycleDistribution, cycleDistributions, cycleInstant, cycleProgress, distributionOf, liveCycleAnalytics, preparedStats } from './cycle-stats';
import { isProjectIssue } from '../../list-engine/scope';

const BOTH_DATES = 'Both start date and end date are either required or are to be null';
const COMPLETED_NO_ISSUES = 'The Cycle has already been completed so no new issues can be added';

const liveCycle = (projectId: string | Placeholder) => and(eq(cycles.projectId, projectId), isNull(cycles.deletedAt));

async function loadRows(db: Db, where: SQL | undefined, userId: string | null): Promise<CycleRow[]> {
  return (await sendPrepared(db.select(cycleColumns(userId)).from(cycles).where(where))) as CycleRow[];
}

// Built once (db/reusable-statement.ts): every cycle GET and write starts with it.
const cycleOfProject = reusableStatement((db) =>
  db
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, sql.placeholder('cycleId')), liveCycle(sql.placeholder('projectId'))))
    .prepare('cycle_of_project'),
);

/** The project's live cycle, archived or not. @throws NotFoundError */
async function loadCycle(db: Db, projectId: string, cycleId: string): Promise<Cycle> {
  const [cycle] = await cycleOfProject(db, { cycleId, projectId });
  if (!cycle) throw new NotFoundError('Cycle not found');
  return cycle;
}

async function presentOne(db: Db, cycleId: string, userId: string | null) {
  const [row] = await loadRows(db, eq(cycles.id, cycleId), userId);
  return presentCycle(row);
}

/** Bumps the cycle's version (its fields or its issues changed) and records it; returns the actor-free wire object. */
export async function touchCycle(tx: Db, cycleId: string, actorId: string | null, op: 'create' | 'update' = 'update', changed?: { keys: string[]; before: Record<string, unknown> }) {
  const [cycle] =
    op === 'update'
      ? await tx.update(cycles).set({ version: sql`${cycles.version} + 1`, updatedAt: new Date(), updatedBy: actorId }).where(eq(cycles.id, cycleId)).returning()
      : await tx.select().from(cycles).where(eq(cycles.id, cycleId));
  const data = await presentOne(tx, cycle.id, null);
  const fields = changed && changedFields(changed.keys, changed.before, data);
  recordChange(tx, { workspaceId: cycle.workspaceId, projectId: cycle.projectId, entity: 'cycle', entityId: cycle.id, op, version: cycle.version, data, fields });
  return data;
}

/** A cycle's owner is an active member of its project (an unknown id was a foreign-key 500). @throws ValidationError */
async function assertOwnerIsMember(db: Db, projectId: string, ownerId: string | undefined): Promise<void> {
  if (ownerId === undefined) return;
  const [member] = await db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.memberId, ownerId), eq(projectMembers.isActive, true)));
  if (!member) throw ValidationError.field('owned_by_id', 'The owner must be a member of the project.');
}

/** Resolves the stored instants of a body's dates (both or none, start not after end). */
function resolveDates(start: string | null | undefined, end: string | null | undefined, zone: string) {
  if (!start !== !end) throw new BadRequestError(BOTH_DATES);
  if (!start || !end) return { startDate: null, endDate: null };
  if (start.slice(0, 10) > end.slice(0, 10)) throw ValidationError.field('non_field_errors', 'Start date cannot exceed end date');
  return { startDate: cycleInstant(start, 'start', zone), endDate: cycleInstant(end, 'end', zone) };
}

// ——— Lists and reads ———

/** `GET …/cycles/?cycle_view=` — non-archived cycles in the spec's order (current, upcoming, draft, completed). */
export async function listCycles(ctx: ServerContext, actor: ProjectActor, view: string = 'all') {
  const rows = await loadRows(ctx.db, and(liveCycle(actor.project.id), isNull(cycles.archivedAt)), actor.userId);
  const all = rows.map((row) => presentCycle(row)).sort(compareCycles);
  if (view === 'all') return all;
  if (view === 'incomplete') return all.filter((cycle) => cycle.status !== CycleStatus.COMPLETED);
  // Quirk fixed (reference §10.4): `current` with no current cycle answers [].
  return all.filter((cycle) => cycle.status === view);
}

/** `GET …/cycles/:cycleId/` — the list item plus the count of sub-issues in it. @throws NotFoundError */
export async function getCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string) {
  // The project's check and the reads at once: what the reads found is answered only if the check passed.
  const [, [row], [sub]] = await Promise.all([
    loadCycle(ctx.db, actor.project.id, cycleId),
    loadRows(ctx.db, eq(cycles.id, cycleId), actor.userId),
    sendPrepared(
      ctx.db
        .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(cycleIssues)
        .innerJoin(issues, and(eq(issues.id, cycleIssues.issueId), isProjectIssue('issues')))
        .where(and(eq(cycleIssues.cycleId, cycleId), isNull(cycleIssues.deletedAt), isNotNull(issues.parentId))),
    ),
  ]);
  return { ...presentCycle(row), sub_issues: sub?.count ?? 0 };
}

/** `GET …/cycles/:cycleId/progress/`. */
export async function getCycleProgress(ctx: ServerContext, actor: ProjectActor, cycleId: string) {
  return cycleProgress(preparedStats(ctx.database), await loadCycle(ctx.db, actor.project.id, cycleId));
}

/** `GET …/cycles/:cycleId/analytics/?type=` (default points, spec §7). @throws BadRequestError for a draft cycle */
export async function getCycleAnalytics(ctx: ServerContext, actor: ProjectActor, cycleId: string, type: 'issues' | 'points' = 'points') {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!cycle.startDate || !cycle.endDate) throw new BadRequestError('Cycle has no start or end date');
  return cycleDistribution(preparedStats(ctx.database), cycle, type);
}

/** `GET …/archived-cycles/`. */
export async function listArchivedCycles(ctx: ServerContext, actor: ProjectActor) {
  const rows = await loadRows(ctx.db, and(liveCycle(actor.project.id), isNotNull(cycles.archivedAt)), actor.userId);
  return rows.map((row) => presentCycle(row)).sort((a, b) => (b.archived_at ?? '').localeCompare(a.archived_at ?? ''));
}

/** `GET …/archived-cycles/:cycleId/` — detail with both distributions. @throws NotFoundError */
export async function getArchivedCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!cycle.archivedAt) throw new NotFoundError('Cycle not found');
  const detail = await getCycle(ctx, actor, cycleId);
  const dated = cycle.startDate && cycle.endDate;
  const empty = { assignees: [], labels: [], completion_chart: {} };
  return { ...detail, ...(dated ? await cycleDistributions(preparedStats(ctx.database), cycle) : { distribution: empty, estimate_distribution: empty }) };
}

/** The live projects of the workspace the caller is an active member of. */
function myProjects(actor: WorkspaceActor): SQL {
  return sql`(select pm.project_id from ${projectMembers} pm join ${projects} p on p.id = pm.project_id
    where pm.member_id = ${actor.userId} and pm.is_active and p.workspace_id = ${actor.workspace.id} and p.deleted_at is null and p.archived_at is null)`;
}

/** `GET /api/workspaces/:slug/cycles/` — every non-archived cycle of the caller's projects. */
export async function listWorkspaceCycles(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await loadRows(
    ctx.db,
    and(eq(cycles.workspaceId, actor.workspace.id), isNull(cycles.deletedAt), isNull(cycles.archivedAt), sql`${cycles.projectId} in ${myProjects(actor)}`),
    actor.userId,
  );
  return rows.map((row) => presentCycle(row)).sort(compareCycles);
}

/**
 * `GET /api/workspaces/:slug/active-cycles/` — the current cycle of each of the caller's projects,
 * with its progress and its urgent/high issues (at most 10 each), in the offset-cursor form.
 */
export async function listActiveCycles(ctx: ServerContext, actor: WorkspaceActor, page: Pagination) {
  const now = new Date();
  const current = and(
    eq(cycles.workspaceId, actor.workspace.id),
    isNull(cycles.deletedAt),
    isNull(cycles.archivedAt),
    sql`${cycles.startDate} <= ${now.toISOString()}::timestamptz and ${cycles.endDate} >= ${now.toISOString()}::timestamptz`,
    sql`${cycles.projectId} in ${myProjects(actor)}`,
    // A project whose cycles are turned off (project features) shows none here either.
    sql`${cycles.projectId} in (select ${projects.id} from ${projects} where ${projects.cycleView})`,
  );
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(cycles).where(current);
  const rows = (await ctx.db
    .select(cycleColumns(actor.userId))
    .from(cycles)
    .where(current)
    .orderBy(cycles.name, cycles.id)
    .limit(page.perPage)
    .offset(page.offset)) as CycleRow[];
  const urgent = await priorityIssues(ctx.db, rows.map((row) => row.id));
  // The row's stats are the progress (snapshot once frozen, else live), as `progress/` answers.
  const results = rows.map((row) => ({ ...presentCycle(row, now), ...(snapshotStats(row.progressSnapshot) ?? row.stats), priority_issues: urgent.get(row.id) ?? [] }));
  return offsetPage(results, total, page);
}

/** Urgent, then high, newest first: at most 10 per cycle, for every listed cycle in one statement. */
async function priorityIssues(db: Db, cycleIds: string[]) {
  const byCycle = new Map<string, Array<{ id: string; name: string; sequence_id: number; priority: string; state_id: string | null; project_id: string }>>();
  if (cycleIds.length === 0) return byCycle;
  const ranked = db
    .select({
      cycleId: cycleIssues.cycleId,
      id: issues.id,
      name: issues.name,
      sequence_id: issues.sequenceId,
      priority: issues.priority,
      state_id: issues.stateId,
      project_id: issues.projectId,
      rank: sql<number>`row_number() over (partition by ${cycleIssues.cycleId} order by case when ${issues.priority} = 'urgent' then 0 else 1 end, ${issues.createdAt} desc, ${issues.id})`.as('rank'),
    })
    .from(cycleIssues)
    .innerJoin(issues, and(eq(issues.id, cycleIssues.issueId), isProjectIssue('issues')))
    .where(and(inArray(cycleIssues.cycleId, cycleIds), isNull(cycleIssues.deletedAt), inArray(issues.priority, ['urgent', 'high'])))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, 10)).orderBy(ranked.cycleId, ranked.rank);
  for (const { cycleId, rank: _rank, ...issue } of rows) {
    const list = byCycle.get(cycleId) ?? [];
    list.push(issue);
    byCycle.set(cycleId, list);
  }
  return byCycle;
}

// ——— Writes ———

/** `POST …/cycles/` (Member+) — new cycles sort first (min sort_order − 10000). @throws BadRequestError, ValidationError */
export async function createCycle(ctx: ServerContext, actor: ProjectActor, body: CreateCycleBody, options: WriteOptions) {
  const project = actor.project;
  const dates = resolveDates(body.start_date, body.end_date, project.timezone);
  await assertOwnerIsMember(ctx.db, project.id, body.owned_by_id);
  return withTransaction(ctx, options, async (tx) => {
    const [{ lowest }] = await tx.select({ lowest: min(cycles.sortOrder) }).from(cycles).where(liveCycle(project.id));
    const [cycle] = await tx
      .insert(cycles)
      .values({
        projectId: project.id,
        workspaceId: project.workspaceId,
        name: body.name,
        description: body.description ?? '',
        ...dates,
        ownedById: body.owned_by_id ?? actor.userId,
        sortOrder: body.sort_order ?? (lowest === null ? 65535 : Number(lowest) - 10000),
        viewProps: body.view_props ?? {},
        logoProps: body.logo_props ?? {},
        timezone: project.timezone,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await touchCycle(tx, cycle.id, actor.userId, 'create');
    return presentOne(tx, cycle.id, actor.userId);
  });
}

/**
 * `PATCH …/cycles/:cycleId/` — archived cycles refuse; completed ones accept only sort_order
 * (reference §10.5: the intent enforced). @throws NotFoundError, BadRequestError, ValidationError
 */
export async function updateCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, body: UpdateCycleBody, options: WriteOptions) {
  const current = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (current.archivedAt) throw new BadRequestError('Archived cycle cannot be updated');
  const keys = sentKeys(body);
  // Nothing sent (`{}`, unknown keys only, a form body): the cycle as it is, nothing written.
  if (keys.length === 0) return presentOne(ctx.db, current.id, actor.userId);
  if (cycleStatus(current.startDate, current.endDate) === CycleStatus.COMPLETED && keys.some((key) => key !== 'sort_order')) {
    throw new BadRequestError('The Cycle has already been completed so it cannot be edited');
  }
  const datesSent = body.start_date !== undefined || body.end_date !== undefined;
  let dates = {};
  if (datesSent) {
    const keep = (value: Date | null) => (value ? value.toISOString() : null);
    const start = body.start_date !== undefined ? body.start_date : keep(current.startDate);
    const end = body.end_date !== undefined ? body.end_date : keep(current.endDate);
    // A stored start kept as is must not move to "now": resolve only what was sent.
    const resolved = resolveDates(start, end, current.timezone);
    dates = {
      startDate: body.start_date !== undefined ? resolved.startDate : current.startDate,
      endDate: body.end_date !== undefined ? resolved.endDate : current.endDate,
    };
  }
  await assertOwnerIsMember(ctx.db, current.projectId, body.owned_by_id);
  return withTransaction(ctx, options, async (tx) => {
    const before = await presentOne(tx, current.id, null);
    await tx
      .update(cycles)
      .set({
        name: body.name,
        description: body.description,
        ...dates,
        ownedById: body.owned_by_id,
        sortOrder: body.sort_order,
        viewProps: body.view_props,
        logoProps: body.logo_props,
      })
      .where(eq(cycles.id, current.id));
    await touchCycle(tx, current.id, actor.userId, 'update', { keys, before });
    return presentOne(tx, current.id, actor.userId);
  });
}

/** Takes the listed issues out of their cycles (cycle activity, issue and cycle changes). */
async function removeFromCycles(tx: Db, issueIds: string[], actorId: string) {
  if (issueIds.length === 0) return;
  const links = await tx
    .update(cycleIssues)
    .set({ deletedAt: new Date(), updatedBy: actorId })
    .where(and(inArray(cycleIssues.issueId, issueIds), isNull(cycleIssues.deletedAt)))
    .returning({ issueId: cycleIssues.issueId, cycleId: cycleIssues.cycleId });
  if (links.length === 0) return;
  const names = await cycleNames(tx, links.map((link) => link.cycleId));
  await writeMoves(
    tx,
    links.map((link) => ({ issueId: link.issueId, from: { id: link.cycleId, name: names.get(link.cycleId) ?? '' }, to: null })),
    actorId,
  );
  for (const cycleId of new Set(links.map((link) => link.cycleId))) await touchCycle(tx, cycleId, actorId);
}

async function cycleNames(tx: Db, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await tx.select({ id: cycles.id, name: cycles.name }).from(cycles).where(inArray(cycles.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

interface Move {
  issueId: string;
  from: { id: string; name: string } | null;
  to: { id: string; name: string } | null;
}

const INSERT_CHUNK = 1000;

/** The cycle activity of each moved issue, its version bump and its issue change (set-based). */
async function writeMoves(tx: Db, moves: Move[], actorId: string) {
  if (moves.length === 0) return;
  // This process's clock, as every history row (services/work-items/issue-activity.ts).
  const now = new Date();
  const epoch = Math.floor(now.getTime() / 1000);
  const ids = moves.map((move) => move.issueId);
  const [sample] = await tx.select({ projectId: issues.projectId, workspaceId: issues.workspaceId }).from(issues).where(eq(issues.id, ids[0]));
  const activityRows = [];
  for (let start = 0; start < moves.length; start += INSERT_CHUNK) {
    const chunk = moves.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insert(issueActivities)
      .values(
        chunk.map((move) => {
          const verb = !move.to ? 'deleted' : move.from ? 'updated' : 'created';
          return {
            issueId: move.issueId,
            projectId: sample.projectId,
            workspaceId: sample.workspaceId,
            actorId,
            verb,
            field: 'cycles',
            oldValue: move.from?.name ?? '',
            newValue: move.to?.name ?? '',
            comment: `${verb} cycle`,
            oldIdentifier: move.from?.id ?? null,
            newIdentifier: move.to?.id ?? null,
            epoch,
            createdAt: now,
            updatedAt: now,
            createdBy: actorId,
            updatedBy: actorId,
          };
        }),
      )
      .returning();
    activityRows.push(...inserted);
  }
  await recordActivityChangesMany(tx, activityRows, 'create');
  await touchIssues(tx, ids, actorId);
}

/**
 * Puts the issues (of the cycle's project) into `cycle`, moving them out of any other cycle; issues
 * already in it are left alone. Records the issues, the target and every cycle they left.
 * @throws BadRequestError when an id is not a live issue of the project.
 */
export async function addIssuesToCycle(tx: Db, cycle: Cycle, issueIds: string[], actorId: string) {
  const ids = [...new Set(issueIds)];
  const found = await tx
    .select({ id: issues.id, cycleId: cycleIssues.cycleId })
    .from(issues)
    .leftJoin(cycleIssues, and(eq(cycleIssues.issueId, issues.id), isNull(cycleIssues.deletedAt)))
    .where(and(inArray(issues.id, ids), eq(issues.projectId, cycle.projectId), isNull(issues.deletedAt)));
  if (found.length !== ids.length) throw new BadRequestError('Issues are not valid please pass valid issue ids');
  const moving = found.filter((row) => row.cycleId !== cycle.id);
  if (moving.length === 0) return;
  const movingIds = moving.map((row) => row.id);
  const names = await cycleNames(tx, moving.map((row) => row.cycleId).filter((id): id is string => Boolean(id)));
  await tx
    .update(cycleIssues)
    .set({ deletedAt: new Date(), updatedBy: actorId })
    .where(and(inArray(cycleIssues.issueId, movingIds), isNull(cycleIssues.deletedAt)));
  for (let start = 0; start < movingIds.length; start += INSERT_CHUNK) {
    await tx.insert(cycleIssues).values(
      movingIds.slice(start, start + INSERT_CHUNK).map((issueId) => ({ cycleId: cycle.id, issueId, projectId: cycle.projectId, workspaceId: cycle.workspaceId, createdBy: actorId, updatedBy: actorId })),
    );
  }
  await writeMoves(
    tx,
    moving.map((row) => ({ issueId: row.id, from: row.cycleId ? { id: row.cycleId, name: names.get(row.cycleId) ?? '' } : null, to: { id: cycle.id, name: cycle.name } })),
    actorId,
  );
  const left = new Set(moving.map((row) => row.cycleId).filter((id): id is string => Boolean(id)));
  for (const cycleId of [cycle.id, ...left]) await touchCycle(tx, cycleId, actorId);
}

/** Refuses a cycle that takes no issues: completed (end in the past) or archived. */
function requireOpenCycle(cycle: Cycle) {
  if (cycleStatus(cycle.startDate, cycle.endDate) === CycleStatus.COMPLETED || cycle.archivedAt) throw new BadRequestError(COMPLETED_NO_ISSUES);
}

/** `POST …/cycles/:cycleId/cycle-issues/` `{issues}` → 201. @throws NotFoundError, BadRequestError */
export async function addCycleIssues(ctx: ServerContext, actor: ProjectActor, cycleId: string, issueIds: string[] | undefined, options: WriteOptions) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!issueIds?.length) throw new BadRequestError('Issues are required');
  requireOpenCycle(cycle);
  await withTransaction(ctx, options, (tx) => addIssuesToCycle(tx, cycle, issueIds, actor.userId));
  ctx.maintenance?.afterBulkWork();
  return { message: 'success' };
}

/** `DELETE …/cycles/:cycleId/cycle-issues/:issueId/` → 204. @throws NotFoundError when the issue is not in the cycle */
export async function removeCycleIssue(ctx: ServerContext, actor: ProjectActor, cycleId: string, issueId: string, options: WriteOptions) {
  await loadCycle(ctx.db, actor.project.id, cycleId);
  const [link] = await ctx.db
    .select({ id: cycleIssues.id })
    .from(cycleIssues)
    .where(and(eq(cycleIssues.cycleId, cycleId), eq(cycleIssues.issueId, issueId), isNull(cycleIssues.deletedAt)));
  if (!link) throw new NotFoundError('Issue is not in this cycle');
  await withTransaction(ctx, options, (tx) => removeFromCycles(tx, [issueId], actor.userId));
}

/**
 * `POST …/cycles/:cycleId/transfer-issues/` `{new_cycle_id}` — freezes this cycle's numbers into its
 * progress snapshot, then moves its backlog/unstarted/started issues to the new cycle. A current
 * cycle is completed by it (the "Complete" of the cycles page): it ends now, so it takes no more
 * issues and its frozen progress stays true. Upcoming, draft and completed cycles keep their dates.
 * @throws NotFoundError, BadRequestError
 */
export async function transferCycleIssues(ctx: ServerContext, actor: ProjectActor, cycleId: string, newCycleId: string | null | undefined, options: WriteOptions) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!newCycleId) throw new BadRequestError('New Cycle Id is required');
  if (newCycleId === cycle.id) throw new BadRequestError('The issues cannot be transferred to the same cycle');
  const target = await loadCycle(ctx.db, actor.project.id, newCycleId);
  if (cycleStatus(target.startDate, target.endDate) === CycleStatus.COMPLETED || target.archivedAt) {
    throw new BadRequestError('The cycle where the issues are transferred is already completed');
  }
  // Status is completed once the end is before now: one millisecond back, so the cycle recorded
  // below (and any read in the same millisecond) is already completed.
  const ended = cycleStatus(cycle.startDate, cycle.endDate) === CycleStatus.CURRENT ? { ...cycle, endDate: new Date(Date.now() - 1) } : cycle;
  await withTransaction(ctx, options, async (tx) => {
    // One read of the cycle gives the numbers and both distributions of the snapshot (its burndown
    // runs to the new end).
    const analytics = await liveCycleAnalytics(tx, ended);
    const dated = ended.startDate && ended.endDate;
    const empty = { assignees: [], labels: [], completion_chart: {} };
    const snapshot = {
      ...analytics.stats,
      distribution: dated ? distributionOf(ended, analytics, 'issues') : empty,
      estimate_distribution: dated ? distributionOf(ended, analytics, 'points') : empty,
    };
    // The cycle's change (with its new status) is recorded by touchCycle below, after the moves.
    await tx.update(cycles).set({ progressSnapshot: snapshot, endDate: ended.endDate }).where(eq(cycles.id, cycle.id));
    const unfinished = await tx
      .select({ id: issues.id })
      .from(cycleIssues)
      .innerJoin(issues, and(eq(issues.id, cycleIssues.issueId), isNull(issues.deletedAt)))
      .innerJoin(sql`states s`, sql`s.id = ${issues.stateId}`)
      .where(and(eq(cycleIssues.cycleId, cycle.id), isNull(cycleIssues.deletedAt), sql`s."group" in (${sql.join(UNFINISHED_STATE_GROUPS.map((group) => sql`${group}`), sql`, `)})`));
    if (unfinished.length) await addIssuesToCycle(tx, target, unfinished.map((row) => row.id), actor.userId);
    else await touchCycle(tx, cycle.id, actor.userId);
  });
  ctx.maintenance?.afterBulkWork();
  return { message: 'Success' };
}

/** `POST …/cycles/date-check/` — overlap with another live cycle of the project. @throws BadRequestError for a missing date */
export async function checkCycleDates(ctx: ServerContext, actor: ProjectActor, body: CycleDateCheckBody) {
  if (!body.start_date || !body.end_date) throw new BadRequestError('Start date and end date both are required');
  if (body.start_date.slice(0, 10) > body.end_date.slice(0, 10)) throw ValidationError.field('non_field_errors', 'Start date cannot exceed end date');
  const zone = actor.project.timezone;
  const start = cycleInstant(body.start_date, 'start', zone, new Date(0));
  const end = cycleInstant(body.end_date, 'end', zone);
  const overlapping = await ctx.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(
      and(
        liveCycle(actor.project.id),
        isNull(cycles.archivedAt),
        body.cycle_id ? ne(cycles.id, body.cycle_id) : undefined,
        sql`${cycles.startDate} <= ${end.toISOString()}::timestamptz and ${cycles.endDate} >= ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (overlapping.length) {
    return { error: 'You have a cycle already on the given dates, if you want to create a draft cycle you can do that by removing dates', status: false };
  }
  return { status: true };
}

/** `POST …/cycles/:cycleId/archive/` — completed cycles only; removes every favorite of it. @throws NotFoundError, BadRequestError */
export async function archiveCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, options: WriteOptions) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (cycle.archivedAt) return { archived_at: cycle.archivedAt.toISOString() };
  if (cycleStatus(cycle.startDate, cycle.endDate) !== CycleStatus.COMPLETED) throw new BadRequestError('Only completed cycles can be archived');
  const archivedAt = new Date();
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(cycles).set({ archivedAt }).where(eq(cycles.id, cycle.id));
    await removeEntityFavorites(tx, 'cycle', [cycle.id]);
    await touchCycle(tx, cycle.id, actor.userId);
  });
  return { archived_at: archivedAt.toISOString() };
}

/** `DELETE …/cycles/:cycleId/archive/` — restores (nothing when not archived). @throws NotFoundError */
export async function restoreCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, options: WriteOptions) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!cycle.archivedAt) return;
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(cycles).set({ archivedAt: null }).where(eq(cycles.id, cycle.id));
    await touchCycle(tx, cycle.id, actor.userId);
  });
}

/**
 * `DELETE …/cycles/:cycleId/` — a project admin (or workspace admin member) or the cycle's creator;
 * soft delete, its issues leave it (with activity), favorites go. @throws NotFoundError, ForbiddenError
 */
export async function deleteCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, options: WriteOptions) {
  const cycle = await loadCycle(ctx.db, actor.project.id, cycleId);
  if (!canDeletePlanningRow(actor, { created_by: cycle.createdBy })) throw new ForbiddenError();
  await withTransaction(ctx, options, async (tx) => {
    const inCycle = await tx
      .select({ issueId: cycleIssues.issueId })
      .from(cycleIssues)
      .where(and(eq(cycleIssues.cycleId, cycle.id), isNull(cycleIssues.deletedAt)));
    await removeFromCycles(tx, inCycle.map((row) => row.issueId), actor.userId);
    const [deleted] = await tx
      .update(cycles)
      .set({ deletedAt: new Date(), updatedBy: actor.userId, version: sql`${cycles.version} + 1` })
      .where(eq(cycles.id, cycle.id))
      .returning();
    await removeEntityFavorites(tx, 'cycle', [cycle.id]);
    recordChange(tx, { workspaceId: deleted.workspaceId, projectId: deleted.projectId, entity: 'cycle', entityId: deleted.id, op: 'delete', version: deleted.version, data: deletion(deleted.id) });
  });
}

/** `POST …/user-favorite-cycles/` `{cycle}` → 204 (idempotent). @throws NotFoundError */
export async function favoriteCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, options: WriteOptions) {
  await loadCycle(ctx.db, actor.project.id, cycleId);
  await createFavorite(ctx, actor, { entity_type: 'cycle', entity_identifier: cycleId, project_id: actor.project.id }, options);
}

/** `DELETE …/user-favorite-cycles/:cycleId/` → 204 (nothing when not a favorite). */
export async function unfavoriteCycle(ctx: ServerContext, actor: ProjectActor, cycleId: string, options: WriteOptions) {
  await removeOwnEntityFavorite(ctx, actor, 'cycle', cycleId, options);
}

/** The project's cycle an issue write may put issues in: live, not completed. @throws BadRequestError */
export async function requireCycleForIssues(tx: Db, projectId: string, cycleId: string) {
  const [cycle] = await tx.select().from(cycles).where(and(eq(cycles.id, cycleId), liveCycle(projectId)));
  if (!cycle) throw new BadRequestError('Cycle is not valid please pass a valid cycle_id');
  requireOpenCycle(cycle);
  return cycle;
}

export { removeFromCycles };
