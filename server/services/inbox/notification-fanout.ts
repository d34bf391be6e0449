// Writes the in-app notifications of issue activity (reference §7.2). Called by the notifications
// reaction (server/reactions/notifications.ts) after the write committed, with what the change log
// says happened — activity rows and newly mentioned members — grouped per issue:
//   recipients = active project members subscribed to or assigned to the issue, minus the actor,
//   minus the members newly mentioned (they get a mention notification instead);
//   one notification per recipient per activity row; description edits, cycle/module moves,
//   reactions, drafts and intake status changes notify nobody;
//   then the actor is subscribed to the issue (except when deleting it).
// Each new notification is mailed, if the receiver's preferences allow, by the mail reaction (server/reactions/).
// Each notification is a change with an audience: the live stream sends it to its receiver only.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { anyOfSlot, reusableStatement } from '../../../db/reusable-statement';
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
} from '../../../db/schema/index';
import { IntakeStatus } from '../../../shared/issue-constants';
import { NotificationSender } from '../../../shared/schemas/notification';
import type { UserLite } from '../../../shared/schemas/responses';
import { deletion, recordChange } from '../../live/record-change';
import { presentUserLite } from '../work-items/presenters/issue-activity';
import { presentNotification } from './presenters/notification';
import { insertNotifications } from './notification-insert';

export interface IssueRef {
  id: string;
  projectId: string;
  workspaceId: string;
}

export type MentionSource = 'description' | 'comment';

/** What happened to one issue: its new activity rows and the members newly mentioned (and where). */
export interface Pending {
  issue: IssueRef;
  actorId: string | null;
  activities: IssueActivity[];
  mentions: Map<string, MentionSource>;
}

/** Activity fields that notify nobody (reference §7.2 trigger exceptions; `description` rows are skipped). */
const SILENT_FIELDS = new Set(['description', 'cycles', 'modules', 'reaction', 'vote', 'intake', 'draft']);

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

// The reads of every notifications pass are built once (db/reusable-statement.ts), with the ids as
// one array value: each pass after a write ran them through drizzle's builder again, and as
// `in ($1, …, $n)` a connection kept one prepared statement per list length.
const issueInfosStatement = reusableStatement((db) =>
  db
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
    .where(anyOfSlot(issues.id, 'ids'))
    .prepare('notification_issue_infos'),
);
const subscribersStatement = reusableStatement((db) =>
  db
    .select({ issueId: issueSubscribers.issueId, id: issueSubscribers.subscriberId })
    .from(issueSubscribers)
    .where(and(anyOfSlot(issueSubscribers.issueId, 'ids'), isNull(issueSubscribers.deletedAt)))
    .prepare('notification_subscribers'),
);
const assigneesStatement = reusableStatement((db) =>
  db
    .select({ issueId: issueAssignees.issueId, id: issueAssignees.assigneeId })
    .from(issueAssignees)
    .where(and(anyOfSlot(issueAssignees.issueId, 'ids'), isNull(issueAssignees.deletedAt)))
    .prepare('notification_assignees'),
);
const activeMembersStatement = reusableStatement((db) =>
  db
    .select({ projectId: projectMembers.projectId, id: projectMembers.memberId })
    .from(projectMembers)
    .where(and(anyOfSlot(projectMembers.projectId, 'projectIds'), eq(projectMembers.isActive, true)))
    .prepare('notification_active_members'),
);
const mentionableStatement = reusableStatement((db) =>
  db
    .select({ projectId: projectMembers.projectId, id: projectMembers.memberId })
    .from(projectMembers)
    .where(and(anyOfSlot(projectMembers.projectId, 'projectIds'), eq(projectMembers.isActive, true), anyOfSlot(projectMembers.memberId, 'memberIds')))
    .prepare('notification_mentionable'),
);
const actorsStatement = reusableStatement((db) => db.select().from(users).where(anyOfSlot(users.id, 'ids')).prepare('notification_actors'));
const inIntakeStatement = reusableStatement((db) =>
  db
    .select({ id: intakeIssues.issueId })
    .from(intakeIssues)
    .where(and(anyOfSlot(intakeIssues.issueId, 'ids'), isNull(intakeIssues.deletedAt), inArray(intakeIssues.status, [IntakeStatus.PENDING, IntakeStatus.SNOOZED, IntakeStatus.DUPLICATE])))
    .prepare('issues_in_intake'),
);

/** The issues' names, keys, creators and states, in one query for every issue of the transaction. */
async function loadIssueInfos(tx: Db, issueIds: string[]): Promise<Map<string, IssueInfo>> {
  const rows = await issueInfosStatement(tx, { ids: issueIds });
  return new Map(rows.map((row) => [row.id, row]));
}

interface Followers {
  subscribers: string[];
  assignees: Set<string>;
  /** Who has a live subscription row (assignees follow without one). */
  subscribed: Set<string>;
}

/** Per issue: active project members among its subscribers and assignees (three queries for all issues). */
async function loadFollowers(tx: Db, refs: IssueRef[]): Promise<Map<string, Followers>> {
  const issueIds = refs.map((ref) => ref.id);
  const projectIds = [...new Set(refs.map((ref) => ref.projectId))];
  const [subscribed, assigned, members] = await Promise.all([
    subscribersStatement(tx, { ids: issueIds }),
    assigneesStatement(tx, { ids: issueIds }),
    activeMembersStatement(tx, { projectIds }),
  ]);
  const activeByProject = groupIds(members.map((row) => [row.projectId, row.id]));
  const subscribedByIssue = groupIds(subscribed.map((row) => [row.issueId, row.id]));
  const assignedByIssue = groupIds(assigned.map((row) => [row.issueId, row.id]));
  const result = new Map<string, Followers>();
  for (const ref of refs) {
    const active = activeByProject.get(ref.projectId) ?? new Set<string>();
    const assignees = new Set([...(assignedByIssue.get(ref.id) ?? [])].filter((id) => active.has(id)));
    const subscribers = [...new Set([...(subscribedByIssue.get(ref.id) ?? []), ...assignees])].filter((id) => active.has(id));
    result.set(ref.id, { subscribers, assignees, subscribed: subscribedByIssue.get(ref.id) ?? new Set<string>() });
  }
  return result;
}

function groupIds(pairs: Array<[string, string]>): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const [key, id] of pairs) {
    let set = groups.get(key);
    if (!set) groups.set(key, (set = new Set()));
    set.add(id);
  }
  return groups;
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

/**
 * Writes the notifications of every issue in `byIssue` with a fixed number of queries, however
 * many issues and recipients (a bulk edit of 500 issues is not 500 × 10 round trips): issue
 * details, followers, actors and mentionable members are read for all issues at once, then one
 * insert, one intake check and one subscription insert.
 */
export async function flushNotifications(tx: Db, byIssue: Map<string, Pending>): Promise<void> {
  const entries = [...byIssue.values()].filter((entry) => entry.actorId);
  byIssue.clear();
  if (entries.length === 0) return;
  const infos = await loadIssueInfos(tx, entries.map((entry) => entry.issue.id));
  const live = entries.filter((entry) => {
    const info = infos.get(entry.issue.id);
    return info && !info.isDraft;
  });
  if (live.length === 0) return;
  const followers = await loadFollowers(tx, live.map((entry) => entry.issue));
  const mentioned = live.filter((entry) => entry.mentions.size > 0);
  const mentionable = mentioned.length
    ? await mentionableStatement(tx, {
        projectIds: [...new Set(mentioned.map((entry) => entry.issue.projectId))],
        memberIds: [...new Set(mentioned.flatMap((entry) => [...entry.mentions.keys()]))],
      })
    : [];
  const mentionableByProject = groupIds(mentionable.map((row) => [row.projectId, row.id]));

  const values: Array<typeof notifications.$inferInsert> = [];
  const subscriptions: Array<{ issue: IssueRef; actorId: string }> = [];
  const actorsNeeded = new Set<string>();
  for (const entry of live) {
    const before = values.length;
    const activities = buildIssueNotifications(entry, infos.get(entry.issue.id)!, followers.get(entry.issue.id)!, mentionableByProject, values);
    if (values.length > before) actorsNeeded.add(entry.actorId!);
    const deletesIssue = entry.activities.some((row) => row.verb === 'deleted' && row.field === 'issue');
    // Whoever changes an issue follows it from then on; most already do (no statement for them).
    const follows = followers.get(entry.issue.id)!.subscribed.has(entry.actorId!);
    if (!deletesIssue && activities > 0 && !follows) subscriptions.push({ issue: entry.issue, actorId: entry.actorId! });
  }
  if (values.length > 0) {
    // The actors name the mention messages and ride on every notification's live event: read once.
    const actorRows = await actorsStatement(tx, { ids: [...actorsNeeded] });
    const actors = new Map(actorRows.map((row) => [row.id, row]));
    for (const value of values) {
      if (value.sender !== NotificationSender.MENTIONED) continue;
      const actor = actors.get(value.triggeredById!);
      const actorName = actor?.displayName || actor?.firstName || '';
      const message = String(value.message).replace(MENTION_ACTOR, actorName);
      Object.assign(value, { title: message, message, messageStripped: message, messageHtml: `<p>${escapeText(message)}</p>` });
    }
    const rows = await insertNotifications(tx, values);
    const inIntake = await issueInIntake(tx, [...new Set(rows.map((row) => row.entityIdentifier).filter((id): id is string => Boolean(id)))]);
    const lite = new Map([...actors].map(([id, actor]) => [id, presentUserLite(actor)]));
    for (const row of rows) recordNotificationChange(tx, row, 'create', (row.triggeredById && lite.get(row.triggeredById)) || null, inIntake.has(row.entityIdentifier ?? ''));
  }
  if (subscriptions.length > 0) {
    await tx
      .insert(issueSubscribers)
      .values(subscriptions.map(({ issue, actorId }) => ({ issueId: issue.id, subscriberId: actorId, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actorId })))
      .onConflictDoNothing();
  }
}

/** Stands for the actor's name in a comment-mention message until the actors are read. */
const MENTION_ACTOR = '\u0000actor\u0000';

/**
 * Appends one issue's notifications to `values`: one per recipient per notifying activity, and the
 * mention notifications. Returns how many notifying activities the issue had.
 */
function buildIssueNotifications(entry: Pending, info: IssueInfo, followers: Followers, mentionableByProject: Map<string, Set<string>>, values: Array<typeof notifications.$inferInsert>): number {
  const { issue } = entry;
  const actorId = entry.actorId!;
  const activities = entry.activities.filter((row) => !SILENT_FIELDS.has(row.field ?? ''));
  const recipients = followers.subscribers.filter((id) => id !== actorId && !entry.mentions.has(id));
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
        sender: senderFor(receiverId, info, followers.assignees),
        data: { issue: issueData(info), issue_activity: activityData(activity, { actor: actorId, field: activity.field ?? '' }) },
      });
    }
  }
  if (entry.mentions.size > 0) {
    const commentActivity = [...entry.activities].reverse().find((row) => row.field === 'comment');
    const descriptionActivity = [...entry.activities].reverse().find((row) => row.field === 'description');
    const mentionable = mentionableByProject.get(issue.projectId) ?? new Set<string>();
    for (const [receiverId, source] of entry.mentions) {
      if (!mentionable.has(receiverId)) continue;
      const message = source === 'comment' ? `${MENTION_ACTOR} has mentioned you in a comment in issue ${info.name}` : `You have been mentioned in the issue ${info.name}`;
      const activity = source === 'comment' ? commentActivity : descriptionActivity;
      values.push({
        ...base,
        receiverId,
        message,
        sender: NotificationSender.MENTIONED,
        data: { issue: issueData(info), issue_activity: activityData(activity, { actor: actorId, field: source }) },
      });
    }
  }
  return activities.length;
}

/** The issues (of `ids`) that still wait in intake: pending, snoozed or duplicate. */
export async function issueInIntake(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await inIntakeStatement(db, { ids });
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
    data: op === 'delete' ? deletion(row.id) : presentNotification(row, { triggeredBy, inIntake }),
  });
}
