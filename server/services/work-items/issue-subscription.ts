// Who follows an issue (reference §1.6.6): the caller's subscribe/unsubscribe, explicit
// subscribers managed by members, and the automatic subscriptions of creators, assignees and
// mentioned members.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueSubscribers, projectMembers, users } from '../../../db/schema/index';
import { Role } from '../../../shared/roles';
import type { AddSubscriberBody } from '../../../shared/schemas/issue-extras';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import type { ProjectActor } from '../../actor';
import { authorizeProjectRole, loadReadableIssue } from './policies/issue';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { presentUserLite } from './presenters/issue-activity';
import { presentIssueSubscriber, presentSubscriberMember } from './presenters/issue-subscriber';
import { isSubscribed } from './issue-read';
import { filterProjectMembers } from './mentions';

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
export async function getSubscription(ctx: ServerContext, actor: ProjectActor, issueId: string): Promise<{ subscribed: boolean }> {
  await loadReadableIssue(ctx.db, actor, issueId);
  return { subscribed: await isSubscribed(ctx.db, issueId, actor.userId) };
}

/**
 * Subscribes the caller; returns the subscription row.
 * @throws BadRequestError when already subscribed.
 */
export async function subscribe(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  return withTransaction(ctx, options, async (tx) => {
    if (await isSubscribed(tx, issueId, actor.userId)) {
      throw new BadRequestError('User already subscribed to the issue.', { message: 'User already subscribed to the issue.' });
    }
    const [row] = await tx
      .insert(issueSubscribers)
      .values({ issueId, subscriberId: actor.userId, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actor.userId })
      .returning();
    return presentIssueSubscriber(row);
  });
}

/** Unsubscribes the caller (idempotent). */
export async function unsubscribe(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions): Promise<void> {
  await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    await tx
      .update(issueSubscribers)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, actor.userId), isNull(issueSubscribers.deletedAt)));
  });
}

/** GET `issue-subscribers/`: every active project member with `is_subscribed`. @throws as loadReadableIssue. */
export async function listIssueSubscribers(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  const rows = await ctx.db
    .select({ membershipId: projectMembers.id, user: users, subscriptionId: issueSubscribers.id })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.memberId))
    .leftJoin(
      issueSubscribers,
      and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, projectMembers.memberId), isNull(issueSubscribers.deletedAt)),
    )
    .where(and(eq(projectMembers.projectId, actor.project.id), eq(projectMembers.isActive, true), eq(users.isBot, false)))
    .orderBy(asc(users.displayName), asc(projectMembers.id));
  return rows.map((row) => presentSubscriberMember(row.membershipId, presentUserLite(row.user), row.subscriptionId !== null));
}

/**
 * POST `issue-subscribers/` `{subscriber}`: a member subscribes another active project member.
 * @throws ForbiddenError below Member; BadRequestError for a non-member or an existing subscription.
 */
export async function addIssueSubscriber(ctx: ServerContext, actor: ProjectActor, issueId: string, body: AddSubscriberBody, options: WriteOptions) {
  authorizeProjectRole(actor, Role.MEMBER);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const [member] = await filterProjectMembers(ctx.db, issue.projectId, [body.subscriber]);
  if (!member) throw new BadRequestError('The subscriber is not a member of the project');
  return withTransaction(ctx, options, async (tx) => {
    if (await isSubscribed(tx, issueId, member)) {
      throw new BadRequestError('User already subscribed to the issue.', { message: 'User already subscribed to the issue.' });
    }
    const [row] = await tx
      .insert(issueSubscribers)
      .values({ issueId, subscriberId: member, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    return presentIssueSubscriber(row);
  });
}

/**
 * DELETE `issue-subscribers/{userId}/`: a member removes someone's subscription.
 * @throws ForbiddenError below Member; NotFoundError when that user is not subscribed.
 */
export async function removeIssueSubscriber(ctx: ServerContext, actor: ProjectActor, issueId: string, userId: string, options: WriteOptions): Promise<void> {
  authorizeProjectRole(actor, Role.MEMBER);
  await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    const removed = await tx
      .update(issueSubscribers)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(issueSubscribers.issueId, issueId), eq(issueSubscribers.subscriberId, userId), isNull(issueSubscribers.deletedAt)))
      .returning({ id: issueSubscribers.id });
    if (removed.length === 0) throw new NotFoundError();
  });
}
