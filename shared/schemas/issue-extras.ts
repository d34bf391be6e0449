// Request bodies of what hangs off an issue: comments, reactions, links, relations, sub-issues, history.
import { z } from 'zod';
import { RelationType } from '../issue-constants';
import { boundedString, datetimeSchema, nonEmptyString, uuidSchema } from './common';
import { HTML_MAX_LENGTH, ID_LIST_MAX, issueListItem, issueLite } from './issue';
import { authorshipFields, datedAuthorshipFields, jsonValue, nullableInstant, paginated, userLite } from './responses';

/** A reaction: an emoji code or short name. */
const reactionSchema = nonEmptyString(64);

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

// ——— Responses ———

/** A comment reaction (reference §1.6.8). */
export const commentReaction = z.strictObject({
  id: z.string(),
  actor: z.string(),
  comment: z.string(),
  reaction: z.string(),
  display_name: z.string().nullable(),
  deleted_at: nullableInstant,
  workspace: z.string(),
  project: z.string(),
  ...authorshipFields,
  version: z.number().int(),
});

/** An issue reaction with its actor. */
export const issueReaction = z.strictObject({
  id: z.string(),
  reaction: z.string(),
  actor: z.string(),
  issue: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  deleted_at: nullableInstant,
  display_name: z.string().nullable(),
  actor_detail: userLite.nullable(),
  version: z.number().int(),
});
export type IssueReaction = z.infer<typeof issueReaction>;

/** IssueComment (reference §9) with its actor, reactions and context. */
export const issueComment = z.strictObject({
  id: z.string(),
  activity_type: z.literal('COMMENT'),
  ...datedAuthorshipFields,
  deleted_at: nullableInstant,
  workspace: z.string(),
  project: z.string(),
  issue: z.string(),
  comment_stripped: z.string(),
  comment_json: jsonValue,
  comment_html: z.string(),
  attachments: jsonValue,
  actor: z.string().nullable(),
  access: z.string(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  edited_at: nullableInstant,
  parent: z.string().nullable(),
  actor_detail: userLite.nullable(),
  issue_detail: z.strictObject({ id: z.string(), name: z.string(), sequence_id: z.number().int() }),
  project_detail: z.strictObject({ id: z.string(), identifier: z.string(), name: z.string() }),
  workspace_detail: z.strictObject({ id: z.string(), name: z.string(), slug: z.string() }),
  comment_reactions: z.array(commentReaction),
  is_member: z.boolean(),
  version: z.number().int(),
});
export type IssueComment = z.infer<typeof issueComment>;

/** An issue link with its creator (reference §1.6.4). */
export const issueLink = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  url: z.string(),
  metadata: jsonValue,
  issue: z.string(),
  issue_id: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  deleted_at: nullableInstant,
  created_by_id: z.string().nullable(),
  created_by_detail: userLite.nullable(),
  version: z.number().int(),
});
export type IssueLink = z.infer<typeof issueLink>;

/** An attachment; `attributes` holds `{name, type, size}` plus what the client sent. */
export const issueAttachment = z.strictObject({
  id: z.string(),
  attributes: z.looseObject({ name: z.string(), type: z.string().nullable(), size: z.number() }),
  asset: z.string(),
  asset_url: z.string(),
  issue: z.string(),
  issue_id: z.string(),
  project: z.string(),
  workspace: z.string(),
  size: z.number(),
  is_uploaded: z.boolean(),
  ...authorshipFields,
  deleted_at: nullableInstant,
  version: z.number().int(),
});
export type IssueAttachment = z.infer<typeof issueAttachment>;

/** A related issue as seen from the other one (`relation_type` from that side). */
export const relatedIssue = z.strictObject({
  id: z.string(),
  name: z.string(),
  state_id: z.string().nullable(),
  sort_order: z.number(),
  priority: z.string(),
  sequence_id: z.number().int(),
  project_id: z.string(),
  label_ids: z.array(z.string()),
  assignee_ids: z.array(z.string()),
  ...authorshipFields,
  relation_type: z.string(),
});
export type RelatedIssue = z.infer<typeof relatedIssue>;

/** One relation row as its live change carries it (server/services/work-items/presenters/issue-relation.ts). */
export const issueRelationRow = z.strictObject({
  id: z.string(),
  issue: z.string(),
  related_issue: z.string(),
  relation_type: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  version: z.number().int(),
});

/** GET `issue-relation/`: related issues by relation type (every type present, maybe empty). */
export const issueRelationsResponse = z.record(z.string(), z.array(relatedIssue));
/** POST `issue-relation/`: the newly related issues, without sort order, labels and assignees. */
export const createdRelationsResponse = z.array(relatedIssue.omit({ sort_order: true, label_ids: true, assignee_ids: true }));

/** IssueDetail (reference §1.4): the list item, description, subscription and any `expand`ed keys. */
export const issueDetail = issueListItem.extend({
  description_html: z.string(),
  description_stripped: z.string().nullable(),
  is_subscribed: z.boolean(),
  deleted_at: nullableInstant,
  issue_reactions: z.array(issueReaction).optional(),
  issue_attachments: z.array(issueAttachment).optional(),
  issue_attachment: z.array(issueAttachment).optional(),
  issue_link: z.array(issueLink).optional(),
  parent: issueLite.nullable().optional(),
  issue_relation: z.array(relatedIssue).optional(),
  issue_related: z.array(relatedIssue).optional(),
});
export type IssueDetail = z.infer<typeof issueDetail>;

/** The work-item lookup by display key adds whether the issue waits in intake. */
export const issueByIdentifierResponse = issueDetail.extend({ is_intake: z.boolean() });

/** A sub-issue: the list item plus its state group; `state_distribution` maps a group to issue ids. */
export const subIssue = issueListItem.extend({ state_group: z.string().nullable() });
export const subIssuesResponse = z.strictObject({
  sub_issues: z.union([z.array(subIssue), z.record(z.string(), z.array(subIssue))]),
  state_distribution: z.record(z.string(), z.array(z.string())),
});

/** The subscription row POST `subscribe/` and POST `issue-subscribers/` return. */
export const issueSubscriber = z.strictObject({
  id: z.string(),
  issue: z.string(),
  subscriber: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  deleted_at: nullableInstant,
});
/** GET `subscribe/`. */
export const subscriptionStatus = z.strictObject({ subscribed: z.boolean() });
/** One project member in GET `issue-subscribers/`. */
export const subscriberMember = z.strictObject({ id: z.string(), member: userLite.nullable(), is_subscribed: z.boolean() });

const detailObject = jsonValue;
/** IssueActivity (reference §9) with its `*_detail` objects. */
export const issueActivity = z.strictObject({
  id: z.string(),
  activity_type: z.literal('ACTIVITY'),
  ...authorshipFields,
  deleted_at: nullableInstant,
  workspace: z.string(),
  project: z.string(),
  issue: z.string().nullable(),
  verb: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  comment: z.string().nullable(),
  attachments: jsonValue,
  issue_comment: z.string().nullable(),
  actor: z.string().nullable(),
  old_identifier: z.string().nullable(),
  new_identifier: z.string().nullable(),
  epoch: z.number().nullable(),
  source_data: z.null(),
  actor_detail: userLite.nullable(),
  issue_detail: detailObject,
  project_detail: detailObject,
  workspace_detail: detailObject,
});
export type IssueActivity = z.infer<typeof issueActivity>;
/** GET `history/`: activity rows and comments, oldest first. */
export const issueHistoryResponse = z.array(z.union([issueActivity, issueComment]));
/** GET workspace `user-activity/{userId}/`: a member's activity in the caller's projects, newest first, a page at a time. */
export const userActivityResponse = paginated(z.array(issueActivity));

/** POST `issue-attachments/`: a multipart form, read as a stream by the route (`file`, optional `attributes`). */
export const attachmentUploadBody = z.unknown().describe('multipart/form-data: file, attributes?');
