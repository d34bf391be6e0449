// Bulk writes on a project's issues (API.md): property updates (all or nothing, 204), the gantt's
// date updates (reference §1.1 `issue-dates/`) and bulk delete.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cycleIssues, cycles, issues, moduleIssues, modules } from '../../../db/schema/index';
import type { BulkOperationBody, IssueDatesBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { BadRequestError, CodedError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import type { IssueListRow } from './presenters/issue';
import { writeActivities } from './issue-activity';
import { applyIssueUpdate, softDeleteIssues } from './issue';
import { loadIssueRows } from './issue-read';
import { addIssuesToCycle, removeFromCycles, requireCycleForIssues } from '../planning/cycle';

type Properties = BulkOperationBody['properties'];

/** Date rules of the old bulk contract: 4100 both sent and reversed, 4101/4102 against the stored date. */
function checkDates(row: IssueListRow, props: Properties): void {
  const start = props.start_date !== undefined ? props.start_date : row.startDate;
  const target = props.target_date !== undefined ? props.target_date : row.targetDate;
  if (!start || !target || start <= target) return;
  if (props.start_date !== undefined && props.target_date !== undefined) throw new CodedError(4100, 'INVALID_ISSUE_DATES');
  if (props.start_date !== undefined) throw new CodedError(4101, 'INVALID_ISSUE_START_DATE');
  throw new CodedError(4102, 'INVALID_ISSUE_TARGET_DATE');
}

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

const union = (a: string[], b: string[] | undefined) => (b ? [...new Set([...a, ...b])] : undefined);

/**
 * POST `bulk-operation-issues/`: applies `properties` to every listed issue in one transaction;
 * label, assignee and module ids are added to the existing ones.
 * @throws BadRequestError for unknown issues or ids; CodedError 4100–4102 for reversed dates.
 */
export async function bulkUpdateIssues(ctx: ServerContext, actor: ProjectActor, body: BulkOperationBody, options: WriteOptions): Promise<void> {
  const project = actor.project;
  const props = body.properties;
  const ids = [...new Set(body.issue_ids)];
  await withTransaction(ctx, options, async (tx) => {
    const rows = await loadIssueRows(tx, and(inArray(issues.id, ids), eq(issues.projectId, project.id), isNull(issues.deletedAt)));
    if (rows.length !== ids.length) throw new BadRequestError('Issues are not valid please pass valid issue ids');
    const cycle = props.cycle_id ? await requireCycleForIssues(tx, project.id, props.cycle_id) : null;
    const moduleRows = await requireModules(tx, project.id, props.module_ids ?? []);
    for (const row of rows) checkDates(row, props);
    // Cycle moves are set-based (and record the cycles' new counts, so progress is live).
    if (cycle) await addIssuesToCycle(tx, cycle, ids, actor.userId);
    else if (props.cycle_id === null) await removeFromCycles(tx, ids, actor.userId);
    // A cycle-only move (the bulk bar's cycle, a drag onto a cycle) is done: no per-issue pass.
    const perIssue = [props.state_id, props.priority, props.start_date, props.target_date, props.label_ids, props.assignee_ids].some((value) => value !== undefined) || moduleRows.length > 0;
    for (const row of perIssue ? rows : []) {
      await addToModules(tx, row, moduleRows, actor.userId);
      const fresh = (await loadIssueRows(tx, eq(issues.id, row.id)))[0];
      await applyIssueUpdate(tx, project, fresh, {
        state_id: props.state_id,
        priority: props.priority,
        start_date: props.start_date,
        target_date: props.target_date,
        label_ids: union(fresh.labelIds, props.label_ids),
        assignee_ids: union(fresh.assigneeIds, props.assignee_ids),
      }, actor.userId);
    }
  });
  // Many rows changed at once: let the statistics catch up soon rather than at the next minute.
  ctx.maintenance?.afterBulkWork();
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
