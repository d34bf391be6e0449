// Wire shapes of comments and of issue/comment reactions (reference §1.6.2, §1.6.8, §9 IssueComment).
import type { CommentReaction, IssueComment, IssueReaction } from '../../../../db/schema/index';
import { isoDateTime, presentStampsWithDeletedAt, presentStamps } from '../../../presenters/dates';
import type { ActivityContext, UserLite } from './issue-activity';

/** A comment reaction (`{id, actor, comment, reaction, display_name, …}`). */
export function presentCommentReaction(row: CommentReaction, displayName: string | null) {
  return {
    id: row.id,
    actor: row.actorId,
    comment: row.commentId,
    reaction: row.reaction,
    display_name: displayName,
    deleted_at: isoDateTime(row.deletedAt),
    workspace: row.workspaceId,
    project: row.projectId,
    ...presentStamps(row),
    version: row.version,
  };
}
type CommentReactionWire = ReturnType<typeof presentCommentReaction>;

/** An issue reaction with its actor. */
export function presentIssueReaction(row: IssueReaction, actor: UserLite | null) {
  return {
    id: row.id,
    reaction: row.reaction,
    actor: row.actorId,
    issue: row.issueId,
    project: row.projectId,
    workspace: row.workspaceId,
    ...presentStampsWithDeletedAt(row),
    display_name: actor?.display_name ?? null,
    actor_detail: actor,
    version: row.version,
  };
}

/** What a comment embeds beside its own columns. */
interface CommentExtras {
  actor: UserLite | null;
  reactions: CommentReactionWire[];
  isMember: boolean;
  context: Pick<ActivityContext, 'project' | 'workspace'> & { issue: { id: string; name: string; sequenceId: number } };
}

/** IssueComment (reference §9) with `actor_detail`, `comment_reactions` and the context details. */
export function presentComment(row: IssueComment, extras: CommentExtras) {
  const { project, workspace, issue } = extras.context;
  return {
    id: row.id,
    activity_type: 'COMMENT' as const,
    ...presentStampsWithDeletedAt(row),
    workspace: row.workspaceId,
    project: row.projectId,
    issue: row.issueId,
    comment_stripped: row.commentStripped,
    comment_json: row.commentJson,
    comment_html: row.commentHtml,
    attachments: row.attachments,
    actor: row.actorId,
    access: row.access,
    external_source: row.externalSource,
    external_id: row.externalId,
    edited_at: isoDateTime(row.editedAt),
    parent: row.parentId,
    actor_detail: extras.actor,
    issue_detail: { id: issue.id, name: issue.name, sequence_id: issue.sequenceId },
    project_detail: { id: project.id, identifier: project.identifier, name: project.name },
    workspace_detail: { id: workspace.id, name: workspace.name, slug: workspace.slug },
    comment_reactions: extras.reactions,
    is_member: extras.isMember,
    version: row.version,
  };
}
