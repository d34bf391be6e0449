// POST `bulk-operation-issues/` (API.md): the bulk bar's one write, all or nothing (204). It sets the
// listed issues' properties and moves them into a cycle and modules in one transaction, so it lives
// in planning, which stands above work-items: the cycle move (with the cycles' live counts) is
// planning's, the property writes are the issue writer's.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { issues } from '../../../db/schema/index';
import type { BulkOperationBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { BadRequestError, CodedError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import type { IssueListRow } from '../work-items/presenters/issue';
import { applyIssueUpdate } from '../work-items/issue-update';
import { addToModules, requireModules } from '../work-items/issue-bulk';
import { loadIssueRows } from '../work-items/issue-read';
import { addIssuesToCycle, removeFromCycles, requireCycleForIssues } from './cycle';

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
