// Creates in-app notifications in the transaction of the activity that causes them (reference
// §7.2). Services queue what happened — activity rows (writeActivities does it for every caller)
// and newly mentioned members — and one step at the end of the transaction (beforeCommit) writes
// the notifications, once it knows everything the request did:
//   recipients = active project members subscribed to or assigned to the issue, minus the actor,
//   minus the members newly mentioned (they get a mention notification instead);
//   one notification per recipient per activity row; description edits, cycle/module moves,
//   reactions, drafts and intake status changes notify nobody;
//   then the actor is subscribed to the issue (except when deleting it).
// Those the receiver's email preferences allow are also mailed, batched per receiver (notification-mail.ts).
// Each notification is a change with an audience: the live stream sends it to its receiver only.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  intakeIssues,
  issueAssignees,
  issueSubscribers,
  issues,
  notifications,
  projectMembers,
  projects,
  states,
  users,
  type IssueActivity,
  type Notification,
} from '../../db/schema/index';
import { IntakeStatus } from '../../shared/issue-constants';
import { NotificationSender } from '../../shared/schemas/notification';
import type { UserLite } from '../../shared/schemas/responses';
import { beforeCommit, recordChange } from '../live/record-change';
import { presentUserLite } from '../presenters/issue-activity';
import { presentNotification } from '../presenters/notification';
import { subscribeUsers } from './issue-subscription';
import { markMailWanted, scheduleNotificationMails } from './notification-mail';

interface IssueRef {
  id: string;
  projectId: string;
  workspaceId: string;
}

type MentionSource = 'description' | 'comment';

interface Pending {
  issue: IssueRef;
  actorId: string | null;
  activities: IssueActivity[];
  mentions: Map<string, MentionSource>;
}

/** Activity fields that notify nobody (reference §7.2 trigger exceptions; `description` rows are skipped). */
const SILENT_FIELDS = new Set(['description', 'cycles', 'modules', 'reaction', 'vote', 'intake', 'draft']);

const pendingByTx = new WeakMap<object, Map<string, Pending>>();

function pendingFor(tx: Db, issue: IssueRef, actorId: string | null): Pending {
  let byIssue = pendingByTx.get(tx);
  if (!byIssue) {
    byIssue = new Map();
    pendingByTx.set(tx, byIssue);
    beforeCommit(tx, 'notifications', (inner) => flushNotifications(inner, byIssue!));
  }
  let entry = byIssue.get(issue.id);
  if (!entry) {
    entry = { issue, actorId, activities: [], mentions: new Map() };
    byIssue.set(issue.id, entry);
  }
  if (actorId) entry.actorId = actorId;
  return entry;
}

/** Queues notifications for activity rows just written (called by writeActivities). */
export function queueActivityNotifications(tx: Db, issue: IssueRef, actorId: string | null, rows: IssueActivity[]): void {
  if (!actorId || rows.length === 0) return;
  pendingFor(tx, issue, actorId).activities.push(...rows);
}

/** Queues mention notifications for members newly mentioned in the description or a comment (the actor is ignored). */
export function queueMentionNotifications(tx: Db, issue: IssueRef, actorId: string | null, userIds: string[], source: MentionSource): void {
  const mentioned = userIds.filter((id) => id !== actorId);
  if (!actorId || mentioned.length === 0) return;
  const entry = pendingFor(tx, issue, actorId);
  for (const id of mentioned) if (!entry.mentions.has(id)) entry.mentions.set(id, source);
}

interface IssueInfo {
  id: string;
  name: string;
  sequenceId: number;
  createdBy: string | null;
  isDraft: boolean;
  identifier: string;
  stateName: string | null;
  stateGroup: string | null;
}

async function loadIssueInfo(tx: Db, issueId: string): Promise<IssueInfo | null> {
  const [row] = await tx
    .select({
      id: issues.id,
      name: issues.name,
      sequenceId: issues.sequenceId,
      createdBy: issues.createdBy,
      isDraft: issues.isDraft,
      identifier: projects.identifier,
      stateName: states.name,
      stateGroup: states.group,
    })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .leftJoin(states, eq(states.id, issues.stateId))
    .where(eq(issues.id, issueId));
  return row ?? null;
}

/** Active project members among the issue's subscribers and assignees. */
async function followers(tx: Db, issue: IssueRef): Promise<{ subscribers: string[]; assignees: Set<string> }> {
  const [subscribed, assigned, members] = await Promise.all([
    tx.select({ id: issueSubscribers.subscriberId }).from(issueSubscribers).where(and(eq(issueSubscribers.issueId, issue.id), isNull(issueSubscribers.deletedAt))),
    tx.select({ id: issueAssignees.assigneeId }).from(issueAssignees).where(and(eq(issueAssignees.issueId, issue.id), isNull(issueAssignees.deletedAt))),
    tx.select({ id: projectMembers.memberId }).from(projectMembers).where(and(eq(projectMembers.projectId, issue.projectId), eq(projectMembers.isActive, true))),
  ]);
  const active = new Set(members.map((row) => row.id));
  const assignees = new Set(assigned.map((row) => row.id).filter((id) => active.has(id)));
  const subscribers = [...new Set([...subscribed.map((row) => row.id), ...assignees])].filter((id) => active.has(id));
  return { subscribers, assignees };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

function senderFor(recipient: string, info: IssueInfo, assignees: Set<string>): string {
  if (recipient === info.createdBy) return NotificationSender.CREATED;
  if (assignees.has(recipient)) return NotificationSender.ASSIGNED;
  return NotificationSender.SUBSCRIBED;
}

function issueData(info: IssueInfo) {
  return { id: info.id, name: info.name, identifier: info.identifier, sequence_id: info.sequenceId, state_name: info.stateName, state_group: info.stateGroup };
}

function activityData(activity: IssueActivity | undefined, fallback: { actor: string | null; field: string }) {
  if (!activity) return { id: null, verb: 'updated', field: fallback.field, actor: fallback.actor, new_value: null, old_value: null, issue_comment: null, old_identifier: null, new_identifier: null };
  return {
    id: activity.id,
    verb: activity.verb,
    field: activity.field,
    actor: activity.actorId,
    new_value: activity.newValue,
    old_value: activity.oldValue,
    issue_comment: activity.issueCommentId,
    old_identifier: activity.oldIdentifier,
    new_identifier: activity.newIdentifier,
  };
}

async function flushNotifications(tx: Db, byIssue: Map<string, Pending>): Promise<void> {
  for (const entry of byIssue.values()) await notifyIssue(tx, entry);
  byIssue.clear();
}

async function notifyIssue(tx: Db, entry: Pending): Promise<void> {
  const { issue, actorId } = entry;
  if (!actorId) return;
  const info = await loadIssueInfo(tx, issue.id);
  if (!info || info.isDraft) return;
  const activities = entry.activities.filter((row) => !SILENT_FIELDS.has(row.field ?? ''));
  const { subscribers, assignees } = await followers(tx, issue);
  const recipients = subscribers.filter((id) => id !== actorId && !entry.mentions.has(id));
  const values: Array<typeof notifications.$inferInsert> = [];
  const base = {
    workspaceId: issue.workspaceId,
    projectId: issue.projectId,
    triggeredById: actorId,
    entityIdentifier: issue.id,
    entityName: 'issue',
    createdBy: actorId,
    updatedBy: actorId,
  };
  for (const activity of activities) {
    for (const receiverId of recipients) {
      values.push({
        ...base,
        receiverId,
        title: activity.comment,
        sender: senderFor(receiverId, info, assignees),
        data: { issue: issueData(info), issue_activity: activityData(activity, { actor: actorId, field: activity.field ?? '' }) },
      });
    }
  }
  // The actor names the mention message and rides on every notification's live event: read once.
  const actor = values.length > 0 || entry.mentions.size > 0 ? (await tx.select().from(users).where(eq(users.id, actorId)))[0] : undefined;
  if (entry.mentions.size > 0) {
    const actorName = actor?.displayName || actor?.firstName || '';
    const commentActivity = [...entry.activities].reverse().find((row) => row.field === 'comment');
    const descriptionActivity = [...entry.activities].reverse().find((row) => row.field === 'description');
    const mentionable = await tx
      .select({ id: projectMembers.memberId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, issue.projectId), eq(projectMembers.isActive, true), inArray(projectMembers.memberId, [...entry.mentions.keys()])));
    for (const { id: receiverId } of mentionable) {
      const source = entry.mentions.get(receiverId)!;
      const message = source === 'comment' ? `${actorName} has mentioned you in a comment in issue ${info.name}` : `You have been mentioned in the issue ${info.name}`;
      const activity = source === 'comment' ? commentActivity : descriptionActivity;
      values.push({
        ...base,
        receiverId,
        title: message,
        message,
        messageStripped: message,
        messageHtml: `<p>${escapeText(message)}</p>`,
        sender: NotificationSender.MENTIONED,
        data: { issue: issueData(info), issue_activity: activityData(activity, { actor: actorId, field: source }) },
      });
    }
  }
  if (values.length > 0) {
    await markMailWanted(tx, values);
    const rows = await tx.insert(notifications).values(values).returning();
    await scheduleNotificationMails(tx, rows);
    const inIntake = await issueInIntake(tx, [issue.id]);
    for (const row of rows) recordNotificationChange(tx, row, 'create', actor ? presentUserLite(actor) : null, inIntake.has(issue.id));
  }
  const deletesIssue = entry.activities.some((row) => row.verb === 'deleted' && row.field === 'issue');
  if (!deletesIssue && activities.length > 0) await subscribeUsers(tx, issue, [actorId], actorId);
}

/** The issues (of `ids`) that still wait in intake: pending, snoozed or duplicate. */
export async function issueInIntake(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: intakeIssues.issueId })
    .from(intakeIssues)
    .where(and(inArray(intakeIssues.issueId, ids), isNull(intakeIssues.deletedAt), inArray(intakeIssues.status, [IntakeStatus.PENDING, IntakeStatus.SNOOZED, IntakeStatus.DUPLICATE])));
  return new Set(rows.map((row) => row.id));
}

/** Records a notification's change for its receiver only. */
export function recordNotificationChange(tx: Db, row: Notification, op: 'create' | 'update' | 'delete', triggeredBy: UserLite | null, inIntake: boolean): void {
  recordChange(tx, {
    workspaceId: row.workspaceId,
    projectId: row.projectId,
    audienceUserId: row.receiverId,
    entity: 'notification',
    entityId: row.id,
    op,
    version: row.version,
    data: op === 'delete' ? { id: row.id } : presentNotification(row, { triggeredBy, inIntake }),
  });
}
