// Creates and deletes issues (reference §1.5): validation against the project, the gap-free
// per-project sequence, sort order, completed_at, assignees/labels, activity, automatic
// subscriptions, mentions and the change event — all in one transaction. Updates: issue-update.ts.
import { and, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement, valueSlot, type Executable } from '../../../db/reusable-statement';
import { issueAssignees, issueLabels, issueSequences, issues, type Issue, type Project, type State } from '../../../db/schema/index';
import { nextSortOrder } from '../../../shared/sort-order';
import { canCreateIssue } from '../../../shared/policies/issue';
import { type CreateIssueBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { ForbiddenError } from '../../errors';
import { deletion, noteMentions, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeIssueDelete, loadReadableIssue } from './policies/issue';
import { htmlToPlainText, sanitizeRichHtml } from './html';
import { writeActivities, writeSubIssueActivities } from './issue-activity';
import { recordIssueRowChange, touchIssue } from './issue-change';
import { activityAuthorOf, knownActivityContext, type ActivityAuthor } from './issue-activity-change';
import { ROW_STATEMENT, issueRowColumnsFor, type IssueRowForViewer } from './issue-read';
import { subscribeUsers } from './issue-subscription';
import * as check from './issue-validation';
import { insertNewIssueMentions } from './mentions';

/** Takes the next sequence id of the project: gap-free (rolled back with the transaction) and never reused. */
async function nextSequenceId(tx: Db, projectId: string): Promise<number> {
  const [row] = await tx
    .insert(issueSequences)
    .values({ projectId, lastSequence: 1 })
    .onConflictDoUpdate({ target: issueSequences.projectId, set: { lastSequence: sql`${issueSequences.lastSequence} + 1` } })
    .returning({ value: issueSequences.lastSequence });
  return row.value;
}

/** Below every other live issue of the state (`newIssueId`, the issue being created, left out). */
async function nextIssueSortOrder(tx: Db, projectId: string, stateId: string | null, newIssueId: string): Promise<number> {
  const [row] = await tx
    .select({ value: max(issues.sortOrder) })
    .from(issues)
    .where(and(eq(issues.projectId, projectId), stateId ? eq(issues.stateId, stateId) : isNull(issues.stateId), isNull(issues.deletedAt), ne(issues.id, newIssueId)));
  return nextSortOrder(row?.value ?? null);
}

/** PATCH's name for a miss (reference §1.1), unlike the generic lookup's. */
export const ISSUE_NOT_FOUND = 'Issue not found';

/** Replaces the live rows of an issue's assignee or label set; returns nothing when unchanged. */
export async function replaceSet(tx: Db, kind: 'assignees' | 'labels', issue: Pick<Issue, 'id' | 'projectId' | 'workspaceId'>, before: string[], after: string[], actorId: string | null) {
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  const base = { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actorId };
  if (kind === 'assignees') {
    if (removed.length) {
      await tx.update(issueAssignees).set({ deletedAt: new Date() })
        .where(and(eq(issueAssignees.issueId, issue.id), inArray(issueAssignees.assigneeId, removed), isNull(issueAssignees.deletedAt)));
    }
    if (added.length) await tx.insert(issueAssignees).values(added.map((assigneeId) => ({ ...base, assigneeId })));
  } else {
    if (removed.length) {
      await tx.update(issueLabels).set({ deletedAt: new Date() })
        .where(and(eq(issueLabels.issueId, issue.id), inArray(issueLabels.labelId, removed), isNull(issueLabels.deletedAt)));
    }
    if (added.length) await tx.insert(issueLabels).values(added.map((labelId) => ({ ...base, labelId })));
  }
}

/** How an intake submission differs from a plain create: it starts in the triage state, unlisted. */
interface InsertIssueOptions {
  /** The state to use instead of `state_id`/the default (intake: the project's triage state). */
  state?: State;
  /** The writer, when a request's actor: the issue's first activity event then needs no context read. */
  author?: ActivityAuthor;
  /** false: record no `issue` change (an intake submission is not a project issue yet). */
  announce?: boolean;
}

/** Inserts an issue with everything create implies, inside an open transaction. */
export async function insertIssue(tx: Db, project: Project, body: CreateIssueBody, actorId: string, options: InsertIssueOptions = {}): Promise<IssueRowForViewer> {
  // The checks are independent reads: issued together, postgres.js writes them to the connection in
  // one packet and Postgres answers them in order, so they cost one round trip instead of up to six.
  // An error is still the first failing check's, in this order. The default assignee is read on the
  // chance that no assignee is valid (a project setting most projects leave empty).
  const [state, , , labelIds, validAssignees, fallbackAssignee] = await Promise.all([
    options.state ?? (body.state_id ? check.requireProjectState(tx, project.id, body.state_id) : check.defaultProjectState(tx, project)),
    body.parent_id ? check.requireValidParent(tx, project.id, null, body.parent_id) : undefined,
    body.estimate_point ? check.requireEstimatePoint(tx, project.id, body.estimate_point) : undefined,
    check.filterLabels(tx, project, body.label_ids ?? []),
    check.filterAssignees(tx, project.id, body.assignee_ids ?? []),
    check.defaultAssignee(tx, project),
  ]);
  const assigneeIds = validAssignees.length === 0 && fallbackAssignee ? [fallbackAssignee] : validAssignees;
  const descriptionHtml = (await sanitizeRichHtml(body.description_html ?? '<p></p>')) || '<p></p>';
  const descriptionStripped = await htmlToPlainText(descriptionHtml);
  const [issue] = await tx
    .insert(issues)
    .values({
      projectId: project.id,
      workspaceId: project.workspaceId,
      name: body.name,
      descriptionHtml,
      descriptionStripped,
      descriptionJson: body.description_json ?? null,
      priority: body.priority ?? 'none',
      startDate: body.start_date ?? null,
      targetDate: body.target_date ?? null,
      stateId: state?.id ?? null,
      parentId: body.parent_id ?? null,
      estimatePointId: body.estimate_point ?? null,
      // Placeholders until the end (see below): unique among open transactions, as the
      // (project, sequence) index wants, and never a real sequence id (those start at 1).
      sequenceId: sql`-pg_backend_pid()`,
      sortOrder: 0,
      completedAt: state?.group === 'completed' ? new Date() : null,
      isDraft: body.is_draft ?? false,
      externalSource: body.external_source ?? null,
      externalId: body.external_id ?? null,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  // No statement unless the description mentions someone.
  const mentioned = await insertNewIssueMentions(tx, issue, descriptionHtml, actorId);
  // The issue's own rows, in one round trip (as the checks above).
  await Promise.all([
    replaceSet(tx, 'assignees', issue, [], assigneeIds, actorId),
    replaceSet(tx, 'labels', issue, [], labelIds, actorId),
    subscribeUsers(tx, issue, [actorId, ...assigneeIds, ...mentioned], actorId),
  ]);
  noteMentions(tx, 'issue', issue.id, mentioned);
  if (issue.parentId) await touchIssue(tx, issue.parentId, project.id, actorId);
  // The project's sequence row is locked from here to COMMIT, so creates of one project queue on
  // it: taken last, it is held for a few statements instead of the whole create. The sort order is
  // read under it too, so concurrent creates still land below each other in sequence order.
  // Sent together; the connection runs them in order, so the sort order's read starts (and takes
  // its snapshot) only once the sequence row is locked, as if awaited one by one.
  const [sequenceId, sortOrder] = await Promise.all([nextSequenceId(tx, project.id), nextIssueSortOrder(tx, project.id, state?.id ?? null, issue.id)]);
  const [row] = await numberIssueStatement(tx, { sequenceId, sortOrder, issueId: issue.id, viewerId: actorId });
  const created = options.announce === false ? row : recordIssueRowChange(tx, row, 'create');
  // After the issue's own event: the live filter learns who created the issue (restricted guests,
  // drafts) from that event before it judges the issue's first activity row.
  await writeActivities(tx, issue, actorId, [{ verb: 'created', comment: 'created the issue' }], issue.createdAt, knownActivityContext(options.author, project, row));
  await writeSubIssueActivities(tx, issue, null, issue.parentId, actorId);
  return created;
}

// The update that numbers a new issue and returns the whole row, built once (db/reusable-statement.ts);
// a PATCH's updates are issue-update.ts's.
const numberIssueStatement = reusableStatement(
  (db) =>
    db
      .update(issues)
      .set({ sequenceId: valueSlot('sequenceId'), sortOrder: valueSlot('sortOrder') })
      .where(eq(issues.id, sql.placeholder('issueId')))
      .returning(issueRowColumnsFor(sql.placeholder('viewerId')))
      .prepare(ROW_STATEMENT.numbered) as unknown as Executable<IssueRowForViewer>,
);

/**
 * POST `issues/`: creates an issue in the caller's project.
 * @throws ForbiddenError below Member; BadRequestError for a state, parent or estimate point outside the project.
 * Labels and assignees outside the project (and guest assignees) are dropped silently.
 */
export async function createIssue(ctx: ServerContext, actor: ProjectActor, body: CreateIssueBody, options: WriteOptions): Promise<IssueRowForViewer> {
  if (!canCreateIssue(actor.projectRole)) throw new ForbiddenError();
  return withTransaction(ctx, options, (tx) => insertIssue(tx, actor.project, body, actor.userId, { author: activityAuthorOf(actor) }));
}

/** Soft-deletes issues inside an open transaction, with a "deleted" activity and change each. */
export async function softDeleteIssues(tx: Db, rows: Array<Pick<Issue, 'id' | 'projectId' | 'workspaceId' | 'parentId'>>, actorId: string): Promise<void> {
  for (const issue of rows) {
    const [deleted] = await tx
      .update(issues)
      .set({ deletedAt: new Date(), version: sql`${issues.version} + 1`, updatedBy: actorId })
      .where(and(eq(issues.id, issue.id), isNull(issues.deletedAt)))
      .returning({ version: issues.version });
    if (!deleted) continue;
    await writeActivities(tx, issue, actorId, [{ verb: 'deleted', field: 'issue', comment: 'deleted the issue' }]);
    recordChange(tx, { workspaceId: issue.workspaceId, projectId: issue.projectId, entity: 'issue', entityId: issue.id, op: 'delete', version: deleted.version, data: deletion(issue.id) });
    if (issue.parentId && !rows.some((row) => row.id === issue.parentId)) await touchIssue(tx, issue.parentId, issue.projectId, actorId);
  }
}

/**
 * DELETE `issues/{id}/`: soft delete.
 * @throws NotFoundError, ForbiddenError unless project admin or creator.
 */
export async function deleteIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions): Promise<void> {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  authorizeIssueDelete(actor, issue);
  await withTransaction(ctx, options, (tx) => softDeleteIssues(tx, [issue], actor.userId));
}
