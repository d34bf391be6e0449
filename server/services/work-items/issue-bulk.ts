// Bulk writes on a project's issues (API.md): the gantt's date updates (reference §1.1 `issue-dates/`)
// and bulk delete; and the one-issue cycle and module moves that drafts, module links and the bulk
// update (planning/issue-bulk-update.ts) share.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cycleIssues, cycles, issues, moduleIssues, modules } from '../../../db/schema/index';
import type { IssueDatesBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { BadRequestError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import type { IssueListRow } from './presenters/issue';
import { writeActivities } from './issue-activity';
import { softDeleteIssues } from './issue';
import { applyIssueUpdate } from './issue-update';
import { loadIssueRows } from './issue-read';

/** The project's live cycle `cycleId`. @throws BadRequestError otherwise. */
export async function requireCycle(tx: Db, projectId: string, cycleId: string) {
  const [cycle] = await tx.select().from(cycles).where(and(eq(cycles.id, cycleId), eq(cycles.projectId, projectId), isNull(cycles.deletedAt)));
  if (!cycle) throw new BadRequestError('Cycle is not valid please pass a valid cycle_id');
  return cycle;
}

/** The project's live modules `ids` (deduplicated). @throws BadRequestError when one is not. */
export async function requireModules(tx: Db, projectId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx.select().from(modules).where(and(inArray(modules.id, unique), eq(modules.projectId, projectId), isNull(modules.deletedAt)));
  if (rows.length !== unique.length) throw new BadRequestError('Modules are not valid please pass valid module_ids');
  return rows;
}

/** Puts the issue in `cycle` (or in none), with the cycles activity; nothing when unchanged. */
export async function moveToCycle(tx: Db, row: IssueListRow, cycle: { id: string; name: string } | null, actorId: string) {
  if ((cycle?.id ?? null) === row.cycleId) return;
  const [old] = row.cycleId ? await tx.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.id, row.cycleId)) : [];
  await tx.update(cycleIssues).set({ deletedAt: new Date() }).where(and(eq(cycleIssues.issueId, row.id), isNull(cycleIssues.deletedAt)));
  if (cycle) await tx.insert(cycleIssues).values({ cycleId: cycle.id, issueId: row.id, projectId: row.projectId, workspaceId: row.workspaceId, createdBy: actorId });
  const verb = !cycle ? 'deleted' : old ? 'updated' : 'created';
  await writeActivities(tx, row, actorId, [
    { verb, field: 'cycles', oldValue: old?.name ?? '', newValue: cycle?.name ?? '', comment: `${verb} cycle`, oldIdentifier: old?.id ?? null, newIdentifier: cycle?.id ?? null },
  ]);
}

/** Adds the issue to the modules it is not in yet, one modules activity each. */
export async function addToModules(tx: Db, row: IssueListRow, list: Array<{ id: string; name: string }>, actorId: string) {
  for (const module of list.filter((item) => !row.moduleIds.includes(item.id))) {
    await tx.insert(moduleIssues).values({ moduleId: module.id, issueId: row.id, projectId: row.projectId, workspaceId: row.workspaceId, createdBy: actorId }).onConflictDoNothing();
    await writeActivities(tx, row, actorId, [{ verb: 'created', field: 'modules', newValue: module.name, comment: 'added module', newIdentifier: module.id }]);
  }
}

/**
 * DELETE `bulk-delete-issues/` (project admin): soft-deletes the listed issues of the project.
 * @throws BadRequestError "Issue IDs are required".
 */
export async function bulkDeleteIssues(ctx: ServerContext, actor: ProjectActor, ids: string[] | undefined, options: WriteOptions) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) throw new BadRequestError('Issue IDs are required');
  const count = await withTransaction(ctx, options, async (tx) => {
    const rows = await tx.select().from(issues).where(and(inArray(issues.id, unique), eq(issues.projectId, actor.project.id), isNull(issues.deletedAt)));
    await softDeleteIssues(tx, rows, actor.userId);
    return rows.length;
  });
  ctx.maintenance?.afterBulkWork();
  return { message: `${count} issues were deleted` };
}

/**
 * POST `issue-dates/`: sets start/target dates of several issues at once, each checked against the
 * stored date it keeps; all or nothing. Ids that are not live issues of the project are skipped.
 * @throws BadRequestError "Start date cannot exceed target date".
 */
export async function updateIssueDates(ctx: ServerContext, actor: ProjectActor, body: IssueDatesBody, options: WriteOptions) {
  const project = actor.project;
  await withTransaction(ctx, options, async (tx) => {
    const ids = [...new Set(body.updates.map((update) => update.id))];
    const rows = ids.length ? await loadIssueRows(tx, and(inArray(issues.id, ids), eq(issues.projectId, project.id), isNull(issues.deletedAt))) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const update of body.updates) {
      const row = byId.get(update.id);
      if (!row) continue;
      const start = update.start_date !== undefined ? update.start_date : row.startDate;
      const target = update.target_date !== undefined ? update.target_date : row.targetDate;
      if (start && target && start > target) {
        throw new BadRequestError('Start date cannot exceed target date', { message: 'Start date cannot exceed target date' });
      }
      byId.set(row.id, await applyIssueUpdate(tx, project, row, { start_date: update.start_date, target_date: update.target_date }, actor.userId));
    }
  });
  return { message: 'Issues updated successfully' };
}
