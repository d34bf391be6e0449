// Request bodies of what hangs off an issue: comments, reactions, links, relations, sub-issues, history.
import { z } from 'zod';
import { RelationType } from '../issue-constants';
import { boundedString, datetimeSchema, nonEmptyString, uuidSchema } from './common';
import { HTML_MAX_LENGTH, ID_LIST_MAX } from './issue';

/** A reaction: an emoji code or short name. */
export const reactionSchema = nonEmptyString(64);

export const commentParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema, commentId: uuidSchema });
export const projectCommentParams = z.object({ slug: z.string(), projectId: uuidSchema, commentId: uuidSchema });
export const commentReactionParams = projectCommentParams.extend({ reactionCode: reactionSchema });
export const issueReactionParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema, reactionCode: reactionSchema });
export const linkParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema, linkId: uuidSchema });
export const attachmentParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema, attachmentId: uuidSchema });

/** POST `comments/`. */
export const createCommentBody = z.object({
  // Required and non-blank, checked by the service after the access rules (a 403 comes before a 400).
  comment_html: boundedString(HTML_MAX_LENGTH).optional(),
  comment_json: z.record(z.string(), z.unknown()).optional(),
  access: z.enum(['INTERNAL', 'EXTERNAL']).default('INTERNAL'),
  parent: uuidSchema.nullable().optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/** PATCH `comments/{id}/`. */
export const updateCommentBody = z.object({
  comment_html: boundedString(HTML_MAX_LENGTH).optional(),
  comment_json: z.record(z.string(), z.unknown()).optional(),
  access: z.enum(['INTERNAL', 'EXTERNAL']).optional(),
});
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

/** GET `comments/?created_at__gt=`. */
export const commentListQuery = z.object({ created_at__gt: datetimeSchema.optional() });

/** POST `reactions/`. */
export const reactionBody = z.object({ reaction: reactionSchema });

/** POST/PATCH `issue-links/`. */
export const createLinkBody = z.object({
  url: nonEmptyString(2048),
  title: boundedString(255).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export const updateLinkBody = createLinkBody.partial();
export type CreateLinkBody = z.infer<typeof createLinkBody>;
export type UpdateLinkBody = z.infer<typeof updateLinkBody>;

const relationType = z.enum(Object.values(RelationType) as [RelationType, ...RelationType[]]);

/** POST `issue-relation/` (a missing type is answered with the reference's own message). */
export const createRelationBody = z.object({
  relation_type: relationType.optional(),
  issues: z.array(uuidSchema).max(ID_LIST_MAX).default([]),
});
/** POST `remove-relation/`. */
export const removeRelationBody = z.object({ relation_type: relationType.optional(), related_issue: uuidSchema });

/** POST `sub-issues/`. */
export const addSubIssuesBody = z.object({ sub_issue_ids: z.array(uuidSchema).max(ID_LIST_MAX).optional() });
/** GET `sub-issues/`. */
export const subIssuesQuery = z.object({ order_by: boundedString(100).optional(), group_by: boundedString(100).optional() });

/** GET `history/`. */
export const historyQuery = z.object({
  activity_type: z.enum(['issue-property', 'issue-comment']).optional(),
  created_at__gt: datetimeSchema.optional(),
});

/** Path of one explicit subscriber: `issue-subscribers/{userId}/`. */
export const issueSubscriberParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema, userId: uuidSchema });

/** POST `issue-subscribers/`: subscribes another project member. */
export const addSubscriberBody = z.object({ subscriber: uuidSchema });
export type AddSubscriberBody = z.infer<typeof addSubscriberBody>;
