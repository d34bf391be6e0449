// An issue's change event, from the row as it now stands: recorded after a write of the issue
// itself, and when something else (a sub-issue, a link, a module or cycle) changes what the issue
// shows. Below issue.ts, so the planning services that touch issues need not import the issue
// writer that, through module progress, imports them.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues } from '../../../db/schema/index';
import { recordChange } from '../../live/record-change';
import { presentIssue, type IssueListRow } from './presenters/issue';
import { loadIssueRow, loadIssueRows } from './issue-read';

/** Reloads the issue in the transaction and records its change event; returns the fresh row. */
export async function recordIssueChange(tx: Db, issueId: string, projectId: string, op: 'create' | 'update'): Promise<IssueListRow> {
  return recordIssueRowChange(tx, (await loadIssueRow(tx, projectId, issueId))!, op);
}

/** Records the change event of a row the caller already holds as it now stands (an UPDATE … RETURNING); returns it. */
export function recordIssueRowChange<Row extends IssueListRow>(tx: Db, row: Row, op: 'create' | 'update'): Row {
  recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue', entityId: row.id, op, version: row.version, data: presentIssue(row) });
  return row;
}

/** Bumps an issue's version (its counts or relations changed) and records the update. */
export async function touchIssue(tx: Db, issueId: string, projectId: string, actorId: string | null): Promise<void> {
  await tx.update(issues).set({ version: sql`${issues.version} + 1`, updatedAt: new Date(), updatedBy: actorId }).where(eq(issues.id, issueId));
  await recordIssueChange(tx, issueId, projectId, 'update');
}

/** Issues reloaded per statement when many are touched at once (bounded parameter lists). */
const TOUCH_CHUNK = 1000;

/**
 * touchIssue for many issues (a cycle or module gained, lost or archived them): one version bump,
 * then the rows reloaded in chunks of TOUCH_CHUNK and one change recorded per issue.
 */
export async function touchIssues(tx: Db, issueIds: string[], actorId: string | null): Promise<void> {
  const ids = [...new Set(issueIds)];
  if (ids.length === 0) return;
  await tx.update(issues).set({ version: sql`${issues.version} + 1`, updatedAt: new Date(), updatedBy: actorId }).where(inArray(issues.id, ids));
  for (let start = 0; start < ids.length; start += TOUCH_CHUNK) {
    for (const row of await loadIssueRows(tx, inArray(issues.id, ids.slice(start, start + TOUCH_CHUNK)))) {
      recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue', entityId: row.id, op: 'update', version: row.version, data: presentIssue(row) });
    }
  }
}
