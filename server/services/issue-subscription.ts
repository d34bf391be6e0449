// Who follows an issue (reference §1.6.6): explicit subscribe/unsubscribe, and the automatic
// subscriptions of creators, assignees and mentioned members.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issueSubscribers } from '../../db/schema/index';
import type { ServerContext } from '../context';
import { BadRequestError } from '../errors';
import type { Actor } from '../plugins/access';
import { loadReadableIssue } from '../policies/issue';
import { withTransaction, type WriteOptions } from '../live/record-change';
import { isSubscribed } from './issue-read';

interface IssueRef {
  id: string;
  projectId: string;
  workspaceId: string;
}

/** Subscribes users to an issue, skipping those already subscribed. */
export async function subscribeUsers(tx: Db, issue: IssueRef, userIds: Array<string | null | undefined>, actorId: string | null): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  await tx
    .insert(issueSubscribers)
    .values(ids.map((subscriberId) => ({ issueId: issue.id, subscriberId, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actorId })))
    .onConflictDoNothing();
}

/** `{subscribed}` for the caller. @throws as loadReadableIssue. */
export async function getSubscription(ctx: ServerContext, actor: Actor, issueId: string): Promise<{ subscribed: boolean }> {
  await loadReadableIssue(ctx.db, actor, issueId);
  return { subscribed: await isSubscribed(ctx.db, issueId, actor.userId) };
}

/**
 * Subscribes the caller; returns the subscription row.
 * @throws BadRequestError when already subscribed.
 */
export async function subscribe(ctx: ServerContext, actor: Actor, issueId: string, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  return withTransaction(ctx, options, async (tx) => {
    if (await isSubscribed(tx, issueId, actor.userId)) {
      throw new BadRequestError('User already subscribed to the issue.', { message: 'User already subscribed to the issue.' });
    }
    const [row] = await tx
      .insert(issueSubscribers)
      .values({ issueId, subscriberId: actor.userId, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actor.userId })
      .returning();
    return {
      id: row.id,
      issue: row.issueId,
      subscriber: row.subscriberId,
      project: row.projectId,
      workspace: row.workspaceId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      created_by: row.createdBy,
      updated_by: row.updatedBy,
      deleted_at: null,
    };
  });
}

/** Unsubscribes the caller (idempotent). */
export async function unsubscribe(ctx: ServerContext, actor: Actor, issueId: string, options: WriteOptions): Promise<void> {
  await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    await tx
      .update(issueSubscribers)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, actor.userId), isNull(issueSubscribers.deletedAt)));
  });
}
