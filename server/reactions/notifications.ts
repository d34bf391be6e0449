// In-app notifications of issue activity (reference §7.2), after the commit: the write records its
// activity rows and the members it newly mentioned (`mentioned` on the issue's or comment's change);
// this reaction reads them back from the log — a comment's activity row has no change of its own (the
// comment's change stands for it), so it is found by the comment and the writing transaction (xmin) — groups them per write and issue (as the write saw
// them: a member mentioned in one comment still hears of an earlier one) and writes the notifications
// and the actor's subscription (server/services/notification-fanout.ts decides who gets what).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anyOfSlot, reusableStatement } from '../../db/reusable-statement';
import { issueActivities } from '../../db/schema/index';
import { flushNotifications, type IssueRef, type MentionSource, type Pending } from '../services/inbox/notification-fanout';
import type { Reaction, ReactionChange } from './reaction';

/** The activity rows of a pass's changes, built once with their ids as one array value. */
const activitiesStatement = reusableStatement((db) => db.select().from(issueActivities).where(anyOfSlot(issueActivities.id, 'ids')).prepare('notification_activities'));

const mentionsSomeone = (change: ReactionChange) => Boolean(change.mentioned?.length);

export const notifications: Reaction = {
  name: 'notifications',
  runs: 'after-commit',
  applicableEvents: [
    { entity: 'issue_activity', ops: ['create'] },
    { entity: 'issue', ops: ['create', 'update'], when: mentionsSomeone },
    { entity: 'comment', ops: ['create', 'update', 'delete'] },
  ],
  async perform(tx, changes) {
    const byIssue = new Map<string, Pending>();
    const pendingFor = (transactionId: string, issue: IssueRef, actorId: string) => {
      const key = `${transactionId}:${issue.id}`;
      let entry = byIssue.get(key);
      if (!entry) byIssue.set(key, (entry = { issue, actorId, activities: [], mentions: new Map() }));
      return entry;
    };
    const activityChanges = changes.filter((change) => change.entity === 'issue_activity');
    const activityIds = activityChanges.map((change) => change.entityId);
    const order = new Map(activityIds.map((id, index) => [id, index]));
    const writtenBy = new Map(activityChanges.map((change) => [change.entityId, change.transactionId]));
    const rows = activityIds.length ? await activitiesStatement(tx, { ids: activityIds }) : [];
    for (const row of rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)) {
      if (!row.actorId || !row.issueId) continue;
      pendingFor(writtenBy.get(row.id)!, { id: row.issueId, projectId: row.projectId, workspaceId: row.workspaceId }, row.actorId).activities.push(row);
    }
    for (const { row, transactionId } of await commentActivities(tx, changes)) {
      if (!row.actorId || !row.issueId) continue;
      pendingFor(transactionId, { id: row.issueId, projectId: row.projectId, workspaceId: row.workspaceId }, row.actorId).activities.push(row);
    }
    for (const change of changes) {
      if (!change.mentioned?.length || !change.actorId || !change.projectId) continue;
      const source: MentionSource = change.entity === 'comment' ? 'comment' : 'description';
      const issueId = change.entity === 'comment' ? change.issueIds?.[0] : change.entityId;
      if (!issueId) continue;
      const entry = pendingFor(change.transactionId, { id: issueId, projectId: change.projectId, workspaceId: change.workspaceId }, change.actorId);
      for (const userId of change.mentioned) if (userId !== change.actorId && !entry.mentions.has(userId)) entry.mentions.set(userId, source);
    }
    await flushNotifications(tx, byIssue);
  },
};

/** The `comment` activity rows the comment changes' transactions wrote (created, edited, deleted). */
async function commentActivities(tx: Db, changes: ReactionChange[]) {
  const comments = changes.filter((change) => change.entity === 'comment');
  if (comments.length === 0) return [];
  const written = new Set(comments.map((change) => `${change.entityId}:${change.transactionId}`));
  const writerOf = sql<string>`${issueActivities}.xmin::text`;
  const rows = await tx
    .select({ row: issueActivities, transactionId: writerOf })
    .from(issueActivities)
    .where(and(eq(issueActivities.field, 'comment'), inArray(issueActivities.issueCommentId, comments.map((change) => change.entityId)), inArray(writerOf, [...new Set(comments.map((change) => change.transactionId))])))
    .orderBy(issueActivities.createdAt);
  return rows.filter(({ row, transactionId }) => written.has(`${row.issueCommentId}:${transactionId}`));
}
