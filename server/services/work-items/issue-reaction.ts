// Emoji reactions on issues and on comments (reference §1.6.2, §1.6.8): one per (target, user, emoji).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { commentReactions, issueComments, issueReactions } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { loadReadableIssue } from './policies/issue';
import { presentCommentReaction, presentIssueReaction } from './presenters/issue-comment';
import { writeActivities } from './issue-activity';
import { loadUserLites } from './issue-read';

async function presentIssueReactions(db: Db, issueId: string) {
  const rows = await db.select().from(issueReactions).where(and(eq(issueReactions.issueId, issueId), isNull(issueReactions.deletedAt))).orderBy(asc(issueReactions.createdAt));
  const users = await loadUserLites(db, rows.map((row) => row.actorId));
  return rows.map((row) => presentIssueReaction(row, users.get(row.actorId) ?? null));
}

/** Reactions on an issue (also the `issue_reactions` expansion). */
export async function issueReactionExpansion(db: Db, issueId: string) {
  return presentIssueReactions(db, issueId);
}

/** GET `issues/{id}/reactions/`. */
export async function listIssueReactions(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  return presentIssueReactions(ctx.db, issueId);
}

/** POST `issues/{id}/reactions/`. @throws BadRequestError when the caller already reacted so. */
export async function addIssueReaction(ctx: ServerContext, actor: ProjectActor, issueId: string, reaction: string, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .insert(issueReactions)
      .values({ issueId, actorId: actor.userId, reaction, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BadRequestError('The payload is not valid');
    await writeActivities(tx, issue, actor.userId, [{ verb: 'created', field: 'reaction', newValue: reaction, comment: 'added the reaction', newIdentifier: row.id }]);
    const users = await loadUserLites(tx, [actor.userId]);
    const wire = presentIssueReaction(row, users.get(actor.userId) ?? null);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_reaction', entityId: row.id, op: 'create', version: row.version, data: wire, issueIds: [row.issueId] });
    return wire;
  });
}

/** DELETE `issues/{id}/reactions/{code}/`: removes the caller's reaction. @throws NotFoundError. */
export async function removeIssueReaction(ctx: ServerContext, actor: ProjectActor, issueId: string, reaction: string, options: WriteOptions) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(issueReactions)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(issueReactions.issueId, issueId), eq(issueReactions.actorId, actor.userId), eq(issueReactions.reaction, reaction), isNull(issueReactions.deletedAt)))
      .returning();
    if (!row) throw new NotFoundError();
    await writeActivities(tx, issue, actor.userId, [{ verb: 'deleted', field: 'reaction', oldValue: reaction, comment: 'removed the reaction', oldIdentifier: row.id }]);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_reaction', entityId: row.id, op: 'delete', version: row.version + 1, data: deletion(row.id), issueIds: [row.issueId] });
  });
}

/** A live comment of the project whose issue the actor may read. @throws NotFoundError, ForbiddenError. */
export async function loadReadableComment(db: Db, actor: ProjectActor, commentId: string) {
  const [comment] = await db
    .select()
    .from(issueComments)
    .where(and(eq(issueComments.id, commentId), eq(issueComments.projectId, actor.project.id), isNull(issueComments.deletedAt)));
  if (!comment) throw new NotFoundError();
  const issue = await loadReadableIssue(db, actor, comment.issueId);
  return { comment, issue };
}

/** Presented reactions of comments, by comment id. */
export async function commentReactionsByComment(db: Db, commentIds: string[]) {
  const result = new Map<string, ReturnType<typeof presentCommentReaction>[]>();
  if (commentIds.length === 0) return result;
  const relevant = await db
    .select()
    .from(commentReactions)
    .where(and(inArray(commentReactions.commentId, commentIds), isNull(commentReactions.deletedAt)))
    .orderBy(asc(commentReactions.createdAt));
  const users = await loadUserLites(db, relevant.map((row) => row.actorId));
  for (const row of relevant) {
    const list = result.get(row.commentId) ?? [];
    list.push(presentCommentReaction(row, users.get(row.actorId)?.display_name ?? null));
    result.set(row.commentId, list);
  }
  return result;
}

/** GET `comments/{id}/reactions/`. */
export async function listCommentReactions(ctx: ServerContext, actor: ProjectActor, commentId: string) {
  await loadReadableComment(ctx.db, actor, commentId);
  return (await commentReactionsByComment(ctx.db, [commentId])).get(commentId) ?? [];
}

/** POST `comments/{id}/reactions/`. @throws BadRequestError "Reaction already exists for the user". */
export async function addCommentReaction(ctx: ServerContext, actor: ProjectActor, commentId: string, reaction: string, options: WriteOptions) {
  const { comment, issue } = await loadReadableComment(ctx.db, actor, commentId);
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .insert(commentReactions)
      .values({ commentId, actorId: actor.userId, reaction, projectId: comment.projectId, workspaceId: comment.workspaceId, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BadRequestError('Reaction already exists for the user');
    await writeActivities(tx, issue, actor.userId, [{ verb: 'created', field: 'reaction', newValue: reaction, comment: 'added the reaction', issueCommentId: commentId, newIdentifier: row.id }]);
    const users = await loadUserLites(tx, [actor.userId]);
    const wire = presentCommentReaction(row, users.get(actor.userId)?.display_name ?? null);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'comment_reaction', entityId: row.id, op: 'create', version: row.version, data: wire, issueIds: [issue.id] });
    return wire;
  });
}

/** DELETE `comments/{id}/reactions/{code}/`: removes the caller's reaction. @throws NotFoundError. */
export async function removeCommentReaction(ctx: ServerContext, actor: ProjectActor, commentId: string, reaction: string, options: WriteOptions) {
  const { issue } = await loadReadableComment(ctx.db, actor, commentId);
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(commentReactions)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(commentReactions.commentId, commentId), eq(commentReactions.actorId, actor.userId), eq(commentReactions.reaction, reaction), isNull(commentReactions.deletedAt)))
      .returning();
    if (!row) throw new NotFoundError();
    await writeActivities(tx, issue, actor.userId, [{ verb: 'deleted', field: 'reaction', oldValue: reaction, comment: 'removed the reaction', issueCommentId: commentId, oldIdentifier: row.id }]);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'comment_reaction', entityId: row.id, op: 'delete', version: row.version + 1, data: deletion(row.id), issueIds: [issue.id] });
  });
}
