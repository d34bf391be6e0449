// Writes the issue history (reference §1.6.1): one issue_activities row per changed field, in the
// transaction of the change, with the reference's verbs, fields, values and identifiers.
import { randomUUID } from 'node:crypto';
import { CasingCache } from 'drizzle-orm/casing';
import { desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { estimatePoints, estimates, issueActivities, issues, labels, projects, states, users, type IssueActivity } from '../../../db/schema/index';
import { deferToCommit } from '../../live/record-change';
import type { ActivityField } from '../../../shared/issue-activity';
import { noteActivityFields, recordActivityChanges } from './issue-activity-change';
import type { ActivityContext } from './presenters/issue-activity';

/** The issue an activity row belongs to. */
export interface ActivityIssue {
  id: string;
  projectId: string;
  workspaceId: string;
}

/** One activity row to write (verb/field/values as in the reference table). */
interface ActivityInput {
  verb: string;
  /** One of shared ACTIVITY_FIELDS (the client has a sentence for each); null for a created issue. */
  field?: ActivityField | null;
  oldValue?: string | null;
  newValue?: string | null;
  comment?: string;
  oldIdentifier?: string | null;
  newIdentifier?: string | null;
  issueCommentId?: string | null;
}

/**
 * Inserts activity rows for one issue, with their change events; all rows of one call share
 * `epoch` (unix seconds). Must run inside withTransaction. `known`: the events' context, when the
 * writer holds it (knownActivityContext); read otherwise. The rows are made whole here (id, and
 * times from this process's clock, which every history row uses) and written with the transaction's
 * change rows, in its last round trip: nothing in a write reads back the history rows it adds.
 */
export async function writeActivities(tx: Db, issue: ActivityIssue, actorId: string | null, inputs: ActivityInput[], createdAt?: Date, known?: ActivityContext): Promise<void> {
  if (inputs.length === 0) return;
  const epoch = Math.floor(Date.now() / 1000);
  const at = createdAt ?? new Date();
  const rows = inputs.map(
    (input): IssueActivity => ({
      id: randomUUID(),
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      verb: input.verb,
      field: input.field ?? null,
      oldValue: input.oldValue ?? null,
      newValue: input.newValue ?? null,
      comment: input.comment ?? '',
      attachments: [],
      oldIdentifier: input.oldIdentifier ?? null,
      newIdentifier: input.newIdentifier ?? null,
      issueCommentId: input.issueCommentId ?? null,
      epoch,
      createdAt: at,
      updatedAt: at,
      createdBy: actorId,
      updatedBy: actorId,
      deletedAt: null,
    }),
  );
  deferToCommit(tx, insertActivityRows(rows));
  noteActivityFields(tx, rows);
  await recordActivityChanges(tx, rows, 'create', known);
}

// The table's columns as the database names them (db/client.ts opens drizzle with snake_case casing).
const casing = new CasingCache('snake_case');
const activityColumns = Object.entries(getTableColumns(issueActivities)).map(([key, column]) => [key as keyof IssueActivity, casing.getColumnCasing(column)] as const);

/** One statement of fixed text for any number of rows: they travel as one jsonb parameter, keyed by column name. */
function insertActivityRows(rows: IssueActivity[]): SQL {
  const records = rows.map((row) => Object.fromEntries(activityColumns.map(([key, name]) => [name, row[key]])));
  return sql`insert into issue_activities select * from jsonb_populate_recordset(null::issue_activities, ${JSON.stringify(records)}::jsonb)`;
}

/** The issue fields whose changes are recorded. */
export interface IssueSnapshot {
  name: string;
  descriptionHtml: string;
  priority: string;
  stateId: string | null;
  startDate: string | null;
  targetDate: string | null;
  parentId: string | null;
  estimatePointId: string | null;
  labelIds: string[];
  assigneeIds: string[];
}

async function namesOf(tx: Db, table: typeof states | typeof labels, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function displayNames(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** `PROJ-12` keys of issues. */
export async function issueKeys(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: issues.id, seq: issues.sequenceId, identifier: projects.identifier })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .where(inArray(issues.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.identifier}-${row.seq}`]));
}

async function estimatePointInfo(tx: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { value: string; type: string }>();
  const rows = await tx
    .select({ id: estimatePoints.id, value: estimatePoints.value, type: estimates.type })
    .from(estimatePoints)
    .innerJoin(estimates, eq(estimates.id, estimatePoints.estimateId))
    .where(inArray(estimatePoints.id, ids));
  return new Map(rows.map((row) => [row.id, { value: row.value, type: row.type }]));
}

function setDiff(before: string[], after: string[]) {
  return { added: after.filter((id) => !before.includes(id)), removed: before.filter((id) => !after.includes(id)) };
}

/** The activity rows describing the difference between two snapshots of an issue. */
export async function diffIssueActivities(tx: Db, before: IssueSnapshot, after: IssueSnapshot): Promise<ActivityInput[]> {
  const rows: ActivityInput[] = [];
  const updated = (field: ActivityField, oldValue: string | null, newValue: string | null, comment: string, ids?: [string | null, string | null]) =>
    rows.push({ verb: 'updated', field, oldValue, newValue, comment, oldIdentifier: ids?.[0] ?? null, newIdentifier: ids?.[1] ?? null });
  if (before.name !== after.name) updated('name', before.name, after.name, 'updated the name to');
  if (before.descriptionHtml !== after.descriptionHtml) updated('description', before.descriptionHtml, after.descriptionHtml, 'updated the description to');
  if (before.priority !== after.priority) updated('priority', before.priority, after.priority, 'updated the priority to');
  if (before.startDate !== after.startDate) updated('start_date', before.startDate ?? '', after.startDate ?? '', 'updated the start date to');
  if (before.targetDate !== after.targetDate) updated('target_date', before.targetDate ?? '', after.targetDate ?? '', 'updated the target date to');
  if (before.stateId !== after.stateId) {
    const names = await namesOf(tx, states, [before.stateId, after.stateId].filter((id): id is string => Boolean(id)));
    updated('state', names.get(before.stateId ?? '') ?? '', names.get(after.stateId ?? '') ?? '', 'updated the state to', [before.stateId, after.stateId]);
  }
  if (before.parentId !== after.parentId) {
    const keys = await issueKeys(tx, [before.parentId, after.parentId].filter((id): id is string => Boolean(id)));
    updated('parent', keys.get(before.parentId ?? '') ?? '', keys.get(after.parentId ?? '') ?? '', 'updated the parent issue to', [before.parentId, after.parentId]);
  }
  if (before.estimatePointId !== after.estimatePointId) {
    const points = await estimatePointInfo(tx, [before.estimatePointId, after.estimatePointId].filter((id): id is string => Boolean(id)));
    const type = points.get(after.estimatePointId ?? before.estimatePointId ?? '')?.type ?? 'points';
    rows.push({
      verb: after.estimatePointId ? 'updated' : 'removed',
      field: `estimate_${type}`,
      oldValue: points.get(before.estimatePointId ?? '')?.value ?? '',
      newValue: points.get(after.estimatePointId ?? '')?.value ?? '',
      comment: 'updated the estimate point to',
      oldIdentifier: before.estimatePointId,
      newIdentifier: after.estimatePointId,
    });
  }
  const labelDiff = setDiff(before.labelIds, after.labelIds);
  const labelNames = await namesOf(tx, labels, [...labelDiff.added, ...labelDiff.removed]);
  for (const id of labelDiff.added) rows.push({ verb: 'updated', field: 'labels', oldValue: '', newValue: labelNames.get(id) ?? '', comment: 'added label ', newIdentifier: id });
  for (const id of labelDiff.removed) rows.push({ verb: 'updated', field: 'labels', oldValue: labelNames.get(id) ?? '', newValue: '', comment: 'removed label ', oldIdentifier: id });
  const assigneeDiff = setDiff(before.assigneeIds, after.assigneeIds);
  const names = await displayNames(tx, [...assigneeDiff.added, ...assigneeDiff.removed]);
  for (const id of assigneeDiff.added) rows.push({ verb: 'updated', field: 'assignees', oldValue: '', newValue: names.get(id) ?? '', comment: 'added assignee ', newIdentifier: id });
  for (const id of assigneeDiff.removed) rows.push({ verb: 'updated', field: 'assignees', oldValue: names.get(id) ?? '', newValue: '', comment: 'removed assignee ', oldIdentifier: id });
  return rows;
}

/**
 * The parents' side of a parent change: "added sub-issue WEB-4 Fuel pump" on the new parent and
 * "removed sub-issue …" on the old one (the child's own row says "set the parent to"). Parents are
 * in the child's project (sub-issues never cross projects).
 */
export async function writeSubIssueActivities(tx: Db, child: ActivityIssue & { name: string }, oldParentId: string | null, newParentId: string | null, actorId: string | null): Promise<void> {
  if (oldParentId === newParentId) return;
  const label = `${(await issueKeys(tx, [child.id])).get(child.id) ?? ''} ${child.name}`.trim();
  const parentOf = (id: string): ActivityIssue => ({ id, projectId: child.projectId, workspaceId: child.workspaceId });
  if (oldParentId) await writeActivities(tx, parentOf(oldParentId), actorId, [{ verb: 'deleted', field: 'sub_issue', oldValue: label, newValue: '', comment: 'removed sub-issue', oldIdentifier: child.id }]);
  if (newParentId) await writeActivities(tx, parentOf(newParentId), actorId, [{ verb: 'created', field: 'sub_issue', oldValue: '', newValue: label, comment: 'added sub-issue', newIdentifier: child.id }]);
}

/**
 * Writes the rows of an issue update. Consecutive description edits by the same actor only move
 * the previous description row forward (reference §1.6.1), so typing does not flood the history.
 */
export async function writeUpdateActivities(tx: Db, issue: ActivityIssue, actorId: string | null, inputs: ActivityInput[], known?: ActivityContext): Promise<void> {
  const rest: ActivityInput[] = [];
  for (const input of inputs) {
    if (input.field !== 'description') {
      rest.push(input);
      continue;
    }
    const [last] = await tx
      .select({ id: issueActivities.id, actorId: issueActivities.actorId, field: issueActivities.field })
      .from(issueActivities)
      .where(eq(issueActivities.issueId, issue.id))
      .orderBy(desc(issueActivities.createdAt))
      .limit(1);
    if (last && last.field === 'description' && last.actorId === actorId) {
      // This process's clock, as for new history rows (writeActivities): the history orders by one
      // clock. updated_at moves forward by at least 1 ms whatever the clock does: it is the row's version.
      const now = new Date();
      const moved = await tx
        .update(issueActivities)
        .set({ newValue: input.newValue, createdAt: now, updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${issueActivities.updatedAt} + interval '1 millisecond')` })
        .where(eq(issueActivities.id, last.id))
        .returning();
      // The change is from the description just before this edit, not from the one the moved row keeps.
      noteActivityFields(tx, moved.map((row) => ({ ...row, oldValue: input.oldValue ?? null })));
      await recordActivityChanges(tx, moved, 'update', known);
    } else {
      rest.push(input);
    }
  }
  await writeActivities(tx, issue, actorId, rest, undefined, known);
}
