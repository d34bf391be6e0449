// Issues (work items) and everything that hangs off one: assignees, labels, relations, links, attachments,
// comments, reactions, subscribers, mentions and the activity history.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, bytea, cascadeRef, id, importedFrom, softDelete, syncedEntity, timestampTz, tsvector } from './columns';
import { estimatePoints } from './estimate';
import { labels } from './label';
import { projects } from './project';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';
import { states } from './state';
import { users } from './user';

const live = sql`deleted_at is null`;
/** The issues a list shows by default (not deleted, archived or draft): the list engine's partial indexes. */
const listed = sql`deleted_at is null and archived_at is null and not is_draft`;

/** Per-project issue counter: incremented with UPDATE … RETURNING in the issue's transaction, so ids are gap-free. */
export const issueSequences = pgTable('issue_sequences', {
  projectId: uuid()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  lastSequence: integer().notNull().default(0),
});

/**
 * How many listed issues (the `listed` predicate below) each project has per state and priority,
 * so a list's total and its state / priority group counts never count the project's issues.
 * Kept by triggers on `issues` (migrations 0002 and 0004: per statement for inserts and deletes,
 * per row for updates that change a counted column): every write appends its net change to
 * `issue_count_deltas` (insert-only, so concurrent writers never wait on one another), and `compactIssueCounts` (server/services/ops/issue-counts.ts) folds the deltas into
 * `issue_counts` in one statement. A count is the sum of both tables.
 */
export const issueCounts = pgTable(
  'issue_counts',
  {
    projectId: uuid().notNull(),
    stateId: uuid(),
    priority: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [unique('issue_counts_key').on(t.projectId, t.stateId, t.priority).nullsNotDistinct()],
);

/** Net changes to `issue_counts` not folded yet (no foreign key: a project's delete cascades here). */
export const issueCountDeltas = pgTable(
  'issue_count_deltas',
  {
    id: serial().primaryKey(),
    projectId: uuid().notNull(),
    stateId: uuid(),
    priority: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [index().on(t.projectId)],
);

export const issues = pgTable(
  'issues',
  {
    id: id(),
    ...projectScopeColumns(),
    parentId: uuid().references((): AnyPgColumn => issues.id, { onDelete: 'set null' }),
    stateId: uuid().references(() => states.id, { onDelete: 'set null' }),
    estimatePointId: uuid().references(() => estimatePoints.id, { onDelete: 'set null' }),
    name: text().notNull(),
    descriptionHtml: text().notNull().default('<p></p>'),
    descriptionStripped: text(),
    descriptionJson: jsonb(),
    descriptionBinary: bytea(),
    priority: text().notNull().default('none'),
    startDate: date({ mode: 'string' }),
    targetDate: date({ mode: 'string' }),
    sequenceId: integer().notNull(),
    sortOrder: doublePrecision().notNull().default(65535),
    completedAt: timestampTz(),
    archivedAt: timestampTz(),
    isDraft: boolean().notNull().default(false),
    ...importedFrom,
    typeId: uuid(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(description_stripped, ''))`,
    ),
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.sequenceId),
    index().on(t.workspaceId),
    index().on(t.stateId),
    index().on(t.estimatePointId),
    index().on(t.priority),
    index().on(t.createdAt),
    index().on(t.updatedAt),
    index().on(t.targetDate),
    index().on(t.startDate),
    index().on(t.sortOrder),
    index().on(t.parentId),
    index().on(t.archivedAt),
    index().on(t.isDraft),
    index().on(t.deletedAt),
    index().on(t.completedAt),
    index().on(t.typeId),
    index().using('gin', t.searchVector),
    // List engine (server/list-engine): the default page (-created_at) and its index-only total,
    // and per-state pages by sort_order with index-only counts per state and priority.
    index('issues_list_created_index').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id).where(listed),
    index('issues_list_state_sort_index').on(t.projectId, t.stateId, t.sortOrder, t.priority, t.id).where(listed),
    // Date-range filters (calendar, gantt, "due this month"): the matching ids and their default
    // order key from the index alone, without visiting thousands of heap pages.
    index('issues_list_target_date_index').on(t.projectId, t.targetDate, t.createdAt, t.id).where(listed),
    index('issues_list_start_date_index').on(t.projectId, t.startDate, t.createdAt, t.id).where(listed),
    // Home dashboard (server/services/planning/dashboard.ts): what its widgets read of a listed issue, from
    // the index alone. By id: joined in id order to the caller's issue_assignees rows (a merge join
    // of two index-only scans, never the wide issue rows); by creator: the caller's created issues.
    index('issues_dashboard_id_index').on(t.id, t.projectId, t.stateId, t.targetDate, t.createdBy, t.createdAt, t.completedAt, t.priority).where(listed),
    index('issues_dashboard_creator_index').on(t.createdBy, t.projectId, t.stateId, t.targetDate, t.createdAt, t.completedAt, t.id).where(listed),
    ...authorshipIndexes(t),
  ],
);

/**
 * Yjs updates of issue description documents (`issue.<id>`), each appended before the editor that
 * sent it is told "saved" (collab/extensions/persistence-extension.ts), as page_updates are for
 * pages; compacted into issues.description_binary and the derived description on store
 * (server/services/work-items/issue-description-doc.ts), replayed on load (db/issue-description-state.ts).
 */
export const issueDescriptionUpdates = pgTable(
  'issue_description_updates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issueId: cascadeRef(() => issues.id),
    update: bytea().notNull(),
    createdAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [index().on(t.issueId, t.id)],
);

export const issueAssignees = pgTable(
  'issue_assignees',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    assigneeId: cascadeRef(() => users.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.assigneeId).where(live),
    index().on(t.assigneeId),
    // The `assignees` filter: an assignee's live issue ids, index-only.
    index('issue_assignees_live_assignee_index').on(t.assigneeId, t.issueId).where(live),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueLabels = pgTable(
  'issue_labels',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    labelId: cascadeRef(() => labels.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.labelId).where(live),
    index().on(t.labelId),
    // The `labels` filter: a label's live issue ids, index-only.
    index('issue_labels_live_label_index').on(t.labelId, t.issueId).where(live),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueRelations = pgTable(
  'issue_relations',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    relatedIssueId: cascadeRef(() => issues.id),
    relationType: text().notNull().default('blocked_by'),
    ...projectScopeColumns(),
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.relatedIssueId).where(live),
    index().on(t.relatedIssueId),
    index().on(t.relationType),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueLinks = pgTable(
  'issue_links',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    title: text(),
    url: text().notNull(),
    metadata: jsonb().notNull().default({}),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.issueId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueAttachments = pgTable(
  'issue_attachments',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    attributes: jsonb().notNull().default({}),
    /** Storage key of the file (path on disk or S3 object key). */
    asset: text().notNull(),
    name: text().notNull().default(''),
    size: bigint({ mode: 'number' }).notNull().default(0),
    mimeType: text(),
    storage: text().notNull().default('disk'),
    isUploaded: boolean().notNull().default(false),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.issueId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueComments = pgTable(
  'issue_comments',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid().references((): AnyPgColumn => issueComments.id, { onDelete: 'cascade' }),
    commentHtml: text().notNull().default('<p></p>'),
    commentStripped: text().notNull().default(''),
    commentJson: jsonb().notNull().default({}),
    attachments: jsonb().notNull().default([]),
    access: text().notNull().default('INTERNAL'),
    ...importedFrom,
    editedAt: timestampTz(),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.issueId, t.createdAt),
    ...projectScopeIndexes(t),
    index().on(t.actorId),
    index().on(t.parentId),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueReactions = pgTable(
  'issue_reactions',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    actorId: cascadeRef(() => users.id),
    reaction: text().notNull(),
    ...projectScopeColumns(),
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.actorId, t.reaction).where(live),
    index().on(t.actorId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: id(),
    commentId: cascadeRef(() => issueComments.id),
    actorId: cascadeRef(() => users.id),
    reaction: text().notNull(),
    ...projectScopeColumns(),
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.commentId, t.actorId, t.reaction).where(live),
    index().on(t.actorId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueSubscribers = pgTable(
  'issue_subscribers',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    subscriberId: cascadeRef(() => users.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.subscriberId).where(live),
    index().on(t.subscriberId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const issueMentions = pgTable(
  'issue_mentions',
  {
    id: id(),
    issueId: cascadeRef(() => issues.id),
    mentionId: cascadeRef(() => users.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.issueId, t.mentionId).where(live),
    index().on(t.mentionId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

/** One row per changed field, written in the same transaction as the change (DESIGN.md "Data"). */
export const issueActivities = pgTable(
  'issue_activities',
  {
    id: id(),
    // Kept (set null) when the issue is hard-deleted, so workspace history survives.
    issueId: uuid().references(() => issues.id, { onDelete: 'set null' }),
    ...projectScopeColumns(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    verb: text().notNull().default('created'),
    field: text(),
    oldValue: text(),
    newValue: text(),
    comment: text().notNull().default(''),
    attachments: jsonb().notNull().default([]),
    issueCommentId: uuid().references(() => issueComments.id, { onDelete: 'set null' }),
    oldIdentifier: uuid(),
    newIdentifier: uuid(),
    epoch: doublePrecision(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    index().on(t.issueId, t.createdAt),
    index().on(t.actorId, t.createdAt),
    index().on(t.projectId, t.createdAt),
    index().on(t.workspaceId, t.createdAt),
    index().on(t.issueCommentId),
    ...authorshipIndexes(t),
  ],
);

export type IssueSequence = typeof issueSequences.$inferSelect;
export type Issue = typeof issues.$inferSelect;
export type NewIssue = typeof issues.$inferInsert;
export type IssueAssignee = typeof issueAssignees.$inferSelect;
export type IssueLabel = typeof issueLabels.$inferSelect;
export type IssueRelation = typeof issueRelations.$inferSelect;
export type IssueLink = typeof issueLinks.$inferSelect;
export type IssueAttachment = typeof issueAttachments.$inferSelect;
export type IssueComment = typeof issueComments.$inferSelect;
export type IssueReaction = typeof issueReactions.$inferSelect;
export type CommentReaction = typeof commentReactions.$inferSelect;
export type IssueSubscriber = typeof issueSubscribers.$inferSelect;
export type IssueMention = typeof issueMentions.$inferSelect;
export type IssueActivity = typeof issueActivities.$inferSelect;
