// Archiving issues (reference §1.6.9): only issues in a completed or cancelled state; archived_at is
// shown as a date; bulk archive is all or nothing (4091 when any issue is still open).
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues } from '../../../db/schema/index';
import { isFinishedStateGroup } from '../../../shared/issue-constants';
import type { ServerContext } from '../../context';
import { BadRequestError, CodedError, NotFoundError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { loadReadableIssue } from './policies/issue';
import { isoDay } from '../../presenters/dates';
import type { IssueListRow } from './presenters/issue';
import { writeActivities } from './issue-activity';
import { presentDetailFor } from './issue-detail';
import { recordIssueChange } from './issue-change';
import { loadIssueRows } from './issue-read';

/**
 * Archives (a date) or restores (null) one issue, with its activity and change event. An issue
 * already in that condition is left alone — also when a concurrent request got there first — so a
 * repeated archive writes no second activity row.
 */
async function setArchived(tx: Db, row: IssueListRow, archivedAt: Date | null, actorId: string) {
  const changed = await tx
    .update(issues)
    .set({ archivedAt, version: sql`${issues.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
    .where(and(eq(issues.id, row.id), archivedAt ? isNull(issues.archivedAt) : isNotNull(issues.archivedAt)))
    .returning({ id: issues.id });
  if (changed.length === 0) return;
  await writeActivities(tx, row, actorId, [
    archivedAt
      ? { verb: 'updated', field: 'archived_at', oldValue: null, newValue: 'manual_archive', comment: 'has archived the issue' }
      : { verb: 'updated', field: 'archived_at', oldValue: 'archive', newValue: 'restore', comment: 'has restored the issue' },
  ]);
  await recordIssueChange(tx, row.id, row.projectId, 'update');
}

/** POST `issues/{id}/archive/` → `{archived_at: "YYYY-MM-DD"}`. @throws BadRequestError when not closed. */
export async function archiveIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions) {
  const row = await loadReadableIssue(ctx.db, actor, issueId);
  if (!row.stateGroup || !isFinishedStateGroup(row.stateGroup)) {
    throw new BadRequestError('Can only archive completed or cancelled state group issue');
  }
  if (row.archivedAt) return { archived_at: isoDay(row.archivedAt) };
  const now = new Date();
  await withTransaction(ctx, options, (tx) => setArchived(tx, row, now, actor.userId));
  return { archived_at: isoDay(now) };
}

/** DELETE `issues/{id}/archive/`: restores an archived issue. @throws NotFoundError when not archived. */
export async function unarchiveIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions): Promise<void> {
  const row = await loadReadableIssue(ctx.db, actor, issueId);
  if (!row.archivedAt) throw new NotFoundError();
  await withTransaction(ctx, options, (tx) => setArchived(tx, row, null, actor.userId));
}

/** GET `issues/{id}/archive/`: the archived issue's detail. @throws NotFoundError when not archived. */
export async function getArchivedIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, expand?: string) {
  const row = await loadReadableIssue(ctx.db, actor, issueId);
  if (!row.archivedAt) throw new NotFoundError();
  return presentDetailFor(ctx.db, actor, row, expand);
}

/**
 * POST `bulk-archive-issues/`: archives every listed issue or none.
 * @throws BadRequestError without ids; CodedError 4091 INVALID_ARCHIVE_STATE_GROUP when one is not closed.
 */
export async function bulkArchiveIssues(ctx: ServerContext, actor: ProjectActor, ids: string[] | undefined, options: WriteOptions) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) throw new BadRequestError('Issue IDs are required');
  const now = new Date();
  await withTransaction(ctx, options, async (tx) => {
    const rows = await loadIssueRows(tx, and(inArray(issues.id, unique), eq(issues.projectId, actor.project.id), isNull(issues.deletedAt)));
    if (rows.length !== unique.length) throw new BadRequestError('Issues are not valid please pass valid issue ids');
    if (rows.some((row) => !row.stateGroup || !isFinishedStateGroup(row.stateGroup))) {
      throw new CodedError(4091, 'INVALID_ARCHIVE_STATE_GROUP');
    }
    for (const row of rows) await setArchived(tx, row, now, actor.userId);
  });
  return { archived_at: isoDay(now) };
}
