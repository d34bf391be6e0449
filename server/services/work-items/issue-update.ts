// Updates of issues (reference §1.5, PATCH `issues/{id}/`): a body applied to the stored row in one
// transaction — checks against the project, sets replaced whole or changed by intent, activities,
// mentions, subscriptions and the change event. A member's PATCH of fields that need nothing of the
// row updates it without reading it first (`updateUnreadIssue`). Creates and deletes: issue.ts.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { encodeForColumn, reusableStatements, valueSlot, type Executable } from '../../../db/reusable-statement';
import { jsonValue } from '../../../db/rows';
import { issues, type Project } from '../../../db/schema/index';
import { applySetDelta } from '../../../shared/set-delta';
import { hasSetIntent, type UpdateIssueBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { NotFoundError } from '../../errors';
import { noteMentions, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeIssueEdit, loadReadableIssue, mayEditAnyPublishedIssue } from './policies/issue';
import type { IssueListRow } from './presenters/issue';
import { htmlToPlainText, sanitizeRichHtml } from './html';
import { mergeHtmlIntoIssueState } from './issue-description-merge';
import { diffIssueActivities, writeSubIssueActivities, writeUpdateActivities, type IssueSnapshot } from './issue-activity';
import { recordIssueRowChange, touchIssue } from './issue-change';
import { activityAuthorOf, knownActivityContext, type ActivityAuthor } from './issue-activity-change';
import { ROW_STATEMENT, issueRowColumnsFor, liveIssueOfProject, type IssueRowForViewer } from './issue-read';
import { subscribeUsers } from './issue-subscription';
import * as check from './issue-validation';
import { syncIssueMentions } from './mentions';
import { ISSUE_NOT_FOUND, replaceSet } from './issue';

// A PATCH's update that returns the whole row, built once (db/reusable-statement.ts): one statement
// per set of changed fields, a handful in practice.
const issueUpdateStatements = reusableStatements(
  (db, changedFields) =>
    db
      .update(issues)
      .set(issueUpdateSet(changedFields))
      .where(and(eq(issues.id, sql.placeholder('issueId')), isNull(issues.deletedAt)))
      .returning(issueRowColumnsFor(sql.placeholder('viewerId')))
      .prepare(ROW_STATEMENT.update) as unknown as Executable<IssueRowForViewer>,
);

/** The SET of a PATCH's update: each changed field from its `set_<field>` value, the version bumped, the stamps. */
function issueUpdateSet(changedFields: string): Record<string, SQL> {
  return {
    ...Object.fromEntries(changedFields.split(',').filter(Boolean).map((field) => [field, valueSlot(`set_${field}`)])),
    version: sql`${issues.version} + 1`,
    updatedAt: valueSlot('updatedAt'),
    updatedBy: valueSlot('updatedBy'),
  };
}

/** The values of `issueUpdateSet`'s slots, and the key of its statement (the changed fields). */
function issueUpdateValues(issueId: string, patch: Partial<typeof issues.$inferInsert>, actorId: string): { key: string; values: Record<string, unknown> } {
  const fields = Object.keys(patch).filter((field) => patch[field as keyof typeof patch] !== undefined).sort();
  const values: Record<string, unknown> = { issueId, viewerId: actorId, updatedBy: actorId, updatedAt: new Date().toISOString() };
  for (const field of fields) values[`set_${field}`] = encodeForColumn(issues, field, patch[field as keyof typeof patch]);
  return { key: fields.join(','), values };
}

/** Applies `patch` to a live issue, bumping its version; the row as the actor now sees it, or none if deleted. */
function updateIssueReturningRow(tx: Db, issueId: string, patch: Partial<typeof issues.$inferInsert>, actorId: string): Promise<IssueRowForViewer[]> {
  const { key, values } = issueUpdateValues(issueId, patch, actorId);
  return issueUpdateStatements(tx, key, values);
}

/** The PATCH fields that set one column straight from the body, and that column. */
const SCALAR_COLUMNS = {
  name: 'name',
  priority: 'priority',
  start_date: 'startDate',
  target_date: 'targetDate',
  sort_order: 'sortOrder',
  external_source: 'externalSource',
  external_id: 'externalId',
} as const satisfies Partial<Record<keyof UpdateIssueBody, keyof typeof issues.$inferInsert>>;

/**
 * The PATCH fields whose update depends on nothing but the body: no check against the stored row,
 * no set, no document, no draft state. For a person who may read and edit every published issue of
 * the project, a PATCH of only these needs no read before its update (`updateUnreadIssue`).
 */
const UNREAD_UPDATE_FIELDS: ReadonlySet<string> = new Set([...Object.keys(SCALAR_COLUMNS), 'skip_activity']);

/** The values an update's activities compare with (`diffIssueActivities`) among the unread fields, as they were. */
interface PreviousValues {
  name: string;
  priority: string;
  start_date: string | null;
  target_date: string | null;
}

/**
 * The update of `updateUnreadIssue`: only a published issue of the project, and it also returns the
 * values the row held before. Its sub-select runs in the statement's snapshot, in which the row's
 * new version does not exist yet (Postgres: a statement does not see its own changes).
 */
const unreadIssueUpdateStatements = reusableStatements(
  (db, changedFields) =>
    db
      .update(issues)
      .set(issueUpdateSet(changedFields))
      .where(and(liveIssueOfProject, eq(issues.isDraft, false)))
      .returning({
        ...issueRowColumnsFor(sql.placeholder('viewerId')),
        previous: sql<PreviousValues>`(select json_build_object('name', was.name, 'priority', was.priority, 'start_date', was.start_date, 'target_date', was.target_date)
          from issues was where was.id = "issues"."id")`.mapWith(jsonValue).as('previous'),
      })
      .prepare(ROW_STATEMENT.updateUnread) as unknown as Executable<IssueRowForViewer & { previous: PreviousValues }>,
);

/**
 * PATCH without reading the issue first, when nothing needs it: the body holds only
 * UNREAD_UPDATE_FIELDS and the actor may read and edit every published issue of the project (so
 * the row's creator does not matter). One statement less, and the row's sub-selects run once.
 * Returns null when no published issue of the project was updated — a draft, someone else's or
 * a missing one: the caller then goes the reading way, which answers each of those as it should.
 */
async function updateUnreadIssue(tx: Db, actor: ProjectActor, issueId: string, body: UpdateIssueBody): Promise<IssueRowForViewer | null> {
  const fields = Object.keys(body).filter((field) => body[field as keyof UpdateIssueBody] !== undefined);
  const readsNothing = fields.length > 0 && fields.every((field) => UNREAD_UPDATE_FIELDS.has(field));
  if (!readsNothing || !mayEditAnyPublishedIssue(actor)) return null;
  const patch = scalarPatch(body);
  if (Object.keys(patch).length === 0) return null;
  const { key, values } = issueUpdateValues(issueId, patch, actor.userId);
  const [row] = await unreadIssueUpdateStatements(tx, key, { ...values, projectId: actor.project.id });
  if (!row) return null;
  const { previous, ...updated } = row;
  const current: IssueRowForViewer = { ...updated, name: previous.name, priority: previous.priority, startDate: previous.start_date, targetDate: previous.target_date };
  return finishIssueUpdate(tx, actor.project, { current, updated, after: snapshot(updated), patch }, body, actor.userId, { author: activityAuthorOf(actor) });
}

/** The fields an update's activities compare (`diffIssueActivities`), copied from a row. */
function snapshot(row: IssueListRow): IssueSnapshot {
  return {
    name: row.name,
    descriptionHtml: row.descriptionHtml,
    priority: row.priority,
    stateId: row.stateId,
    startDate: row.startDate,
    targetDate: row.targetDate,
    parentId: row.parentId,
    estimatePointId: row.estimatePointId,
    labelIds: [...row.labelIds],
    assigneeIds: [...row.assigneeIds],
  };
}

/** The columns a PATCH body sets straight from its values (SCALAR_COLUMNS). */
function scalarPatch(body: UpdateIssueBody): Partial<typeof issues.$inferInsert> {
  const patch: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(SCALAR_COLUMNS)) {
    const value = body[field as keyof typeof SCALAR_COLUMNS];
    if (value !== undefined) patch[column] = value;
  }
  return patch as Partial<typeof issues.$inferInsert>;
}

/**
 * Applies a PATCH body to a loaded issue inside an open transaction; returns the fresh row.
 * `fromDocument`: the description comes from its live document (collab store), not from the caller.
 */
export async function applyIssueUpdate(
  tx: Db,
  project: Project,
  current: IssueListRow,
  body: UpdateIssueBody,
  actorId: string,
  { fromDocument = false, author }: { fromDocument?: boolean; author?: ActivityAuthor } = {},
): Promise<IssueRowForViewer> {
  const patch = scalarPatch(body);
  // Only scalar columns so far, named as the row's fields: the snapshot the update aims at.
  const after = snapshot({ ...current, ...patch } as IssueListRow);
  if (body.description_html !== undefined) {
    const html = (await sanitizeRichHtml(body.description_html)) || '<p></p>';
    patch.descriptionHtml = after.descriptionHtml = html;
    patch.descriptionStripped = await htmlToPlainText(html);
  }
  if (body.description_json !== undefined) patch.descriptionJson = body.description_json;
  if (body.is_draft !== undefined) patch.isDraft = body.is_draft;
  if (body.state_id !== undefined && body.state_id !== current.stateId) {
    const state = body.state_id ? await check.requireProjectState(tx, project.id, body.state_id) : null;
    patch.stateId = after.stateId = body.state_id;
    patch.completedAt = state?.group === 'completed' ? new Date() : null;
  }
  if (body.parent_id !== undefined && body.parent_id !== current.parentId) {
    if (body.parent_id) await check.requireValidParent(tx, project.id, current.id, body.parent_id);
    patch.parentId = after.parentId = body.parent_id;
  }
  if (body.estimate_point !== undefined && body.estimate_point !== current.estimatePointId) {
    if (body.estimate_point) await check.requireEstimatePoint(tx, project.id, body.estimate_point);
    patch.estimatePointId = after.estimatePointId = body.estimate_point;
  }
  if (body.label_ids !== undefined) after.labelIds = await check.filterLabels(tx, project, body.label_ids);
  if (body.assignee_ids !== undefined) after.assigneeIds = await check.filterAssignees(tx, project.id, body.assignee_ids);
  // The intent form: merged into the set read inside this transaction (under the row lock updateIssue took).
  if (body.label_ids_add || body.label_ids_remove) {
    after.labelIds = applySetDelta(after.labelIds, { add: await check.filterLabels(tx, project, body.label_ids_add ?? []), remove: body.label_ids_remove ?? [] });
  }
  if (body.assignee_ids_add || body.assignee_ids_remove) {
    after.assigneeIds = applySetDelta(after.assigneeIds, { add: await check.filterAssignees(tx, project.id, body.assignee_ids_add ?? []), remove: body.assignee_ids_remove ?? [] });
  }

  // The sets first, so the update's RETURNING (whose sub-selects see this transaction's earlier
  // statements) hands back the row as it now stands: no re-read for the change event and the answer.
  await Promise.all([
    replaceSet(tx, 'assignees', current, current.assigneeIds, after.assigneeIds, actorId),
    replaceSet(tx, 'labels', current, current.labelIds, after.labelIds, actorId),
  ]);
  const [updated] = await updateIssueReturningRow(tx, current.id, patch, actorId);
  // Deleted since it was read (a concurrent DELETE committed in between).
  if (!updated) throw new NotFoundError(ISSUE_NOT_FOUND);
  return finishIssueUpdate(tx, project, { current, updated, after, patch }, body, actorId, { fromDocument, author });
}

/** An issue's update as written: the row before and after it, the snapshot it aimed at, the columns it set. */
interface WrittenUpdate {
  current: IssueListRow;
  updated: IssueRowForViewer;
  after: IssueSnapshot;
  patch: Partial<typeof issues.$inferInsert>;
}

/** What follows an issue's update in its transaction: the document, activities, mentions, subscriptions, the parent, the change. */
async function finishIssueUpdate(
  tx: Db,
  project: Project,
  { current, updated, after, patch }: WrittenUpdate,
  body: UpdateIssueBody,
  actorId: string,
  { fromDocument = false, author }: { fromDocument?: boolean; author?: ActivityAuthor },
): Promise<IssueRowForViewer> {
  // A description set here (not derived from the live document) goes into that document too.
  if (patch.descriptionHtml !== undefined && !fromDocument) await mergeHtmlIntoIssueState(tx, current.id, patch.descriptionHtml);
  let activities = await diffIssueActivities(tx, snapshot(current), after);
  if (body.skip_activity && body.description_html !== undefined) activities = activities.filter((row) => row.field !== 'description');
  await writeUpdateActivities(tx, current, actorId, activities, knownActivityContext(author, project, updated));
  await writeSubIssueActivities(tx, { ...current, name: after.name }, current.parentId, after.parentId, actorId);
  const mentioned = patch.descriptionHtml !== undefined ? await syncIssueMentions(tx, current, patch.descriptionHtml, actorId) : [];
  noteMentions(tx, 'issue', current.id, mentioned);
  const newAssignees = after.assigneeIds.filter((id) => !current.assigneeIds.includes(id));
  const newSubscribers = [...newAssignees, ...mentioned];
  await subscribeUsers(tx, current, newSubscribers, actorId);
  // The update's RETURNING ran before these subscriptions: the actor may have just assigned themselves.
  if (newSubscribers.includes(actorId)) updated.viewerSubscribed = true;
  for (const parentId of new Set([current.parentId, after.parentId])) {
    if (parentId && patch.parentId !== undefined) await touchIssue(tx, parentId, project.id, actorId);
  }
  return recordIssueRowChange(tx, updated, 'update');
}

/**
 * PATCH `issues/{id}/`: partial update; assignee and label sets are replaced wholesale (`label_ids`,
 * `assignee_ids`) or changed by intent (`…_add`, `…_remove`, merged with concurrent writers).
 * @throws NotFoundError "Issue not found", ForbiddenError (not member+ nor creator), BadRequestError (invalid ids).
 */
export async function updateIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, body: UpdateIssueBody, options: WriteOptions): Promise<IssueRowForViewer> {
  return withTransaction(ctx, options, async (tx) => {
    // Set intents read the sets they merge into under the row lock: a concurrent PATCH of the
    // same issue waits for this one to commit, so neither works from a set the other replaces.
    if (hasSetIntent(body)) await tx.execute(sql`select 1 from ${issues} where ${issues.id} = ${issueId} for update`);
    const unread = await updateUnreadIssue(tx, actor, issueId, body);
    if (unread) return unread;
    // One read serves the access check and the update (it used to be read again inside). PATCH
    // names its miss "Issue not found" (reference §1.1), unlike the generic lookup miss.
    const current = await loadReadableIssue(tx, actor, issueId).catch((error: unknown) => {
      throw error instanceof NotFoundError ? new NotFoundError(ISSUE_NOT_FOUND) : error;
    });
    authorizeIssueEdit(actor, current);
    return applyIssueUpdate(tx, actor.project, current, body, actor.userId, { author: activityAuthorOf(actor) });
  });
}
