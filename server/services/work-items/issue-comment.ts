// Comments on an issue (reference §1.6.2): sanitized HTML with a plain-text copy, author-or-admin
// edits, activity rows, mentioned members subscribed, change events with the presented comment.
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueComments, projectMembers, type IssueComment } from '../../../db/schema/index';
import type { CreateCommentBody, UpdateCommentBody } from '../../../shared/schemas/issue-extras';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { deletion, noteMentions, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeAuthorOrAdmin, isRestrictedGuest, loadReadableIssue } from './policies/issue';
import { presentComment } from './presenters/issue-comment';
import type { IssueListRow } from './presenters/issue';
import { htmlToPlainText, isBlankRichHtml, sanitizeRichHtml } from './html';
import { writeActivities } from './issue-activity';
import { commentReactionsByComment, loadReadableComment } from './issue-reaction';
import { loadIssueRow, loadUserLites } from './issue-read';
import { subscribeUsers } from './issue-subscription';
import { filterProjectMembers, parseMentionedUserIds, syncCommentMentions } from './mentions';

/** Presents comments of one issue with actors, reactions and context. */
export async function presentComments(db: Db, actor: ProjectActor, issue: Pick<IssueListRow, 'id' | 'name' | 'sequenceId'>, rows: IssueComment[]) {
  const users = await loadUserLites(db, rows.map((row) => row.actorId));
  const reactions = await commentReactionsByComment(db, rows.map((row) => row.id));
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))];
  const members = actorIds.length
    ? await db.select({ id: projectMembers.memberId }).from(projectMembers)
        .where(and(eq(projectMembers.projectId, actor.project.id), eq(projectMembers.isActive, true), inArray(projectMembers.memberId, actorIds)))
    : [];
  const memberIds = new Set(members.map((row) => row.id));
  const project = actor.project;
  const workspace = actor.workspace;
  return rows.map((row) =>
    presentComment(row, {
      actor: users.get(row.actorId ?? '') ?? null,
      reactions: reactions.get(row.id) ?? [],
      isMember: memberIds.has(row.actorId ?? ''),
      context: {
        issue: { id: issue.id, name: issue.name, sequenceId: issue.sequenceId },
        project: { id: project.id, identifier: project.identifier, name: project.name, coverImage: project.coverImage, logoProps: project.logoProps, description: project.description },
        workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug, logo: workspace.logo },
      },
    }),
  );
}

/** Live comments of an issue, oldest first, optionally only those created after `createdAfter`. */
export async function issueCommentRows(db: Db, issueId: string, createdAfter?: string): Promise<IssueComment[]> {
  return db
    .select()
    .from(issueComments)
    .where(and(eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt), createdAfter ? gt(issueComments.createdAt, new Date(createdAfter)) : undefined))
    .orderBy(asc(issueComments.createdAt));
}

/** GET `comments/`. */
export async function listComments(ctx: ServerContext, actor: ProjectActor, issueId: string, createdAfter?: string) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  return presentComments(ctx.db, actor, issue, await issueCommentRows(ctx.db, issueId, createdAfter));
}

/** GET `comments/{id}/`. */
export async function getComment(ctx: ServerContext, actor: ProjectActor, issueId: string, commentId: string) {
  const { comment, issue } = await loadReadableComment(ctx.db, actor, commentId);
  if (comment.issueId !== issueId) throw new NotFoundError();
  return (await presentComments(ctx.db, actor, issue, [comment]))[0];
}

/**
 * Keeps the issue's mention rows in step with its comments and subscribes the actor and the
 * project members this comment newly mentions (those already named in its previous text are not
 * re-subscribed, so an unsubscribe survives an unrelated edit).
 */
async function syncMentions(tx: Db, issue: IssueListRow, commentId: string, html: string, previousHtml: string | null, actorId: string) {
  await syncCommentMentions(tx, issue, actorId);
  const before = new Set(parseMentionedUserIds(previousHtml));
  const mentioned = await filterProjectMembers(tx, issue.projectId, parseMentionedUserIds(html).filter((id) => !before.has(id)));
  await subscribeUsers(tx, issue, [actorId, ...mentioned], actorId);
  noteMentions(tx, 'comment', commentId, mentioned);
}

/**
 * The sanitized html a comment stores; a comment must show something.
 * @throws ValidationError `{"comment_html": [...]}` when it is missing or blank ("", "<p></p>").
 */
async function commentHtml(value: string | undefined): Promise<string> {
  if (value === undefined) throw ValidationError.field('comment_html', 'This field is required.');
  const html = await sanitizeRichHtml(value);
  if (await isBlankRichHtml(html)) throw ValidationError.field('comment_html', 'This field may not be blank.');
  return html;
}

/**
 * POST `comments/`: any project member; a guest limited by the guest rule only on their own issues.
 * @throws BadRequestError "You are not allowed to comment on the issue"; ValidationError for a missing or blank comment_html.
 */
export async function createComment(ctx: ServerContext, actor: ProjectActor, issueId: string, body: CreateCommentBody, options: WriteOptions) {
  const found = await loadIssueRow(ctx.db, actor.project.id, issueId);
  if (!found) throw new NotFoundError();
  if (isRestrictedGuest(actor) && found.createdBy !== actor.userId) throw new BadRequestError('You are not allowed to comment on the issue');
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const html = await commentHtml(body.comment_html);
  return withTransaction(ctx, options, async (tx) => {
    if (body.parent) {
      const [parent] = await tx.select({ id: issueComments.id }).from(issueComments).where(and(eq(issueComments.id, body.parent), eq(issueComments.issueId, issueId), isNull(issueComments.deletedAt)));
      if (!parent) throw new BadRequestError('Parent comment is not valid');
    }
    return (await insertComment(tx, actor, issue, { html, parentId: body.parent ?? null, json: body.comment_json ?? {}, access: body.access })).wire;
  });
}

/**
 * Inserts a comment (html already sanitized) by the actor with its activity, mentions and change
 * event, inside an open transaction. `external`: where an imported comment came from.
 */
export async function insertComment(
  tx: Db,
  actor: ProjectActor,
  issue: IssueListRow,
  comment: { html: string; parentId?: string | null; json?: Record<string, unknown>; access?: string; external?: { source: string; id: string } },
) {
  const [row] = await tx
    .insert(issueComments)
    .values({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId: actor.userId,
      parentId: comment.parentId ?? null,
      commentHtml: comment.html,
      commentStripped: await htmlToPlainText(comment.html),
      commentJson: comment.json ?? {},
      access: comment.access,
      externalSource: comment.external?.source ?? null,
      externalId: comment.external?.id ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  await writeActivities(tx, issue, actor.userId, [{ verb: 'created', field: 'comment', newValue: comment.html, comment: 'created a comment', issueCommentId: row.id }]);
  await syncMentions(tx, issue, row.id, comment.html, null, actor.userId);
  const [wire] = await presentComments(tx, actor, issue, [row]);
  recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'comment', entityId: row.id, op: 'create', version: row.version, data: wire, issueIds: [row.issueId] });
  return { row, wire };
}

/** PATCH `comments/{id}/`: the author or a project admin; `edited_at` is set when the html changes. */
export async function updateComment(ctx: ServerContext, actor: ProjectActor, issueId: string, commentId: string, body: UpdateCommentBody, options: WriteOptions) {
  const { comment, issue } = await loadReadableComment(ctx.db, actor, commentId);
  if (comment.issueId !== issueId) throw new NotFoundError();
  authorizeAuthorOrAdmin(actor, comment.actorId);
  const html = body.comment_html !== undefined ? await commentHtml(body.comment_html) : undefined;
  return withTransaction(ctx, options, async (tx) => {
    const changed = html !== undefined && html !== comment.commentHtml;
    const [row] = await tx
      .update(issueComments)
      .set({
        ...(html !== undefined ? { commentHtml: html, commentStripped: await htmlToPlainText(html) } : {}),
        ...(body.comment_json !== undefined ? { commentJson: body.comment_json } : {}),
        ...(body.access !== undefined ? { access: body.access } : {}),
        ...(changed ? { editedAt: new Date() } : {}),
        version: comment.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(issueComments.id, commentId))
      .returning();
    if (changed) {
      await writeActivities(tx, issue, actor.userId, [{ verb: 'updated', field: 'comment', oldValue: comment.commentHtml, newValue: html, comment: 'updated a comment', issueCommentId: row.id }]);
      await syncMentions(tx, issue, row.id, html, comment.commentHtml, actor.userId);
    }
    const [wire] = await presentComments(tx, actor, issue, [row]);
    // Plane's comment webhooks name the changed text `description` (reference §10).
    const fields = changed ? [{ field: 'description', old_value: comment.commentHtml, new_value: html, old_identifier: null, new_identifier: null }] : null;
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'comment', entityId: row.id, op: 'update', version: row.version, data: wire, issueIds: [row.issueId], fields });
    return wire;
  });
}

/** DELETE `comments/{id}/`: the author or a project admin; soft delete. */
export async function deleteComment(ctx: ServerContext, actor: ProjectActor, issueId: string, commentId: string, options: WriteOptions): Promise<void> {
  const { comment, issue } = await loadReadableComment(ctx.db, actor, commentId);
  if (comment.issueId !== issueId) throw new NotFoundError();
  authorizeAuthorOrAdmin(actor, comment.actorId);
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(issueComments).set({ deletedAt: new Date(), version: comment.version + 1, updatedBy: actor.userId }).where(eq(issueComments.id, commentId));
    await writeActivities(tx, issue, actor.userId, [{ verb: 'deleted', field: 'comment', oldValue: comment.commentHtml, comment: 'deleted the comment', issueCommentId: commentId }]);
    await syncCommentMentions(tx, issue, actor.userId);
    recordChange(tx, { workspaceId: comment.workspaceId, projectId: comment.projectId, entity: 'comment', entityId: comment.id, op: 'delete', version: comment.version + 1, data: deletion(comment.id), issueIds: [comment.issueId] });
  });
}
