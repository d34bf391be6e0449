// Request bodies and query strings of the issue endpoints (reference §1.5), snake_case as on the wire.
import { z } from 'zod';
import { PRIORITY_ORDER, type Priority } from '../issue-constants';
import { boundedString, isoDateSchema, nonEmptyString, uuidSchema } from './common';
import { datedAuthorshipFields, paginated } from './responses';

/** Largest `description_html` / `comment_html` accepted (the request body limit is 2 MiB anyway). */
export const HTML_MAX_LENGTH = 1_000_000;
/** Most ids accepted in one list field. */
export const ID_LIST_MAX = 500;

const priority = z.enum(PRIORITY_ORDER as [Priority, ...Priority[]]);
const idList = z.array(uuidSchema).max(ID_LIST_MAX);
const nullableId = uuidSchema.nullable();
const nullableDate = isoDateSchema.nullable();

/** Fields common to create and update. */
const issueFields = {
  description_html: boundedString(HTML_MAX_LENGTH).optional(),
  description_json: z.record(z.string(), z.unknown()).nullable().optional(),
  priority: priority.optional(),
  start_date: nullableDate.optional(),
  target_date: nullableDate.optional(),
  state_id: nullableId.optional(),
  parent_id: nullableId.optional(),
  estimate_point: nullableId.optional(),
  label_ids: idList.optional(),
  assignee_ids: idList.optional(),
  sort_order: z.number().finite().optional(),
  is_draft: z.boolean().optional(),
  external_source: boundedString(255).nullable().optional(),
  external_id: boundedString(255).nullable().optional(),
};

/** Refuses a start date after the target date when both are in the payload. */
function datesInOrder(body: { start_date?: string | null; target_date?: string | null }): boolean {
  return !(body.start_date && body.target_date && body.start_date > body.target_date);
}
const DATES_MESSAGE = { message: 'Start date cannot exceed target date', path: ['non_field_errors'] };

/** POST `issues/` (and draft creation). */
export const createIssueBody = z.object({ name: nonEmptyString(255), ...issueFields }).refine(datesInOrder, DATES_MESSAGE);
export type CreateIssueBody = z.infer<typeof createIssueBody>;

/**
 * The intent form of the set fields (Trellis's own addition to the contract, which the client
 * uses): ids to add to and remove from the issue's set as the server holds it when the write runs,
 * merged under the issue's row lock — so two people changing one set at once (online, or one
 * replaying from the outbox) both keep their change. The contract's `label_ids` / `assignee_ids`
 * (the whole set, replaced) stay for other clients; when both forms are sent, the whole set is
 * applied first, then the removals, then the additions. Ids the project does not allow are
 * dropped silently, as in the whole-set form.
 */
const setIntentFields = {
  label_ids_add: idList.optional(),
  label_ids_remove: idList.optional(),
  assignee_ids_add: idList.optional(),
  assignee_ids_remove: idList.optional(),
};

/** PATCH `issues/{id}/`: every field optional; `skip_activity` suppresses the description activity. */
export const updateIssueBody = z
  .object({ name: nonEmptyString(255).optional(), ...issueFields, ...setIntentFields, skip_activity: z.boolean().optional() })
  .refine(datesInOrder, DATES_MESSAGE);

/** Whether a PATCH body carries a set intent (the service then locks the issue row before reading its sets). */
export function hasSetIntent(body: Partial<Record<keyof typeof setIntentFields, unknown>>): boolean {
  return Object.keys(setIntentFields).some((key) => body[key as keyof typeof setIntentFields] !== undefined);
}
export type UpdateIssueBody = z.infer<typeof updateIssueBody>;

/** POST `draft-to-issue/{id}/`: the issue body plus the cycle and modules to put it in (reference §1.6.13). */
export const draftToIssueBody = z
  .object({ name: nonEmptyString(255).optional(), ...issueFields, cycle_id: nullableId.optional(), module_ids: idList.optional() })
  .refine(datesInOrder, DATES_MESSAGE);
export type DraftToIssueBody = z.infer<typeof draftToIssueBody>;

/** Path of one issue. */
export const issueParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema });
/** Path of a project. */
export const projectParams = z.object({ slug: z.string(), projectId: uuidSchema });

/** Path of an issue found by its display key: `work-items/{PROJ}-{seq}/`. */
export const issueIdentifierParams = z.object({ slug: z.string(), identifier: boundedString(40) });

/** GET `issues/{id}/?expand=`: comma list of expansions. */
export const issueDetailQuery = z.object({ expand: boundedString(500).optional() });

/** GET `issues/list/?issues=id1,id2`. */
export const issuesByIdsQuery = z.object({ issues: boundedString(40_000).optional(), order_by: boundedString(100).optional() });

/** POST `bulk-operation-issues/` (API.md): label_ids, assignee_ids and module_ids are additive. */
export const bulkOperationBody = z.object({
  issue_ids: idList.min(1, 'Issue IDs are required'),
  properties: z.object({
    state_id: uuidSchema.optional(),
    priority: priority.optional(),
    start_date: nullableDate.optional(),
    target_date: nullableDate.optional(),
    label_ids: idList.optional(),
    assignee_ids: idList.optional(),
    cycle_id: nullableId.optional(),
    module_ids: idList.optional(),
  }),
});
export type BulkOperationBody = z.infer<typeof bulkOperationBody>;

/** POST `issue-dates/` (gantt drags): new dates per issue; a date left out keeps its stored value. */
export const issueDatesBody = z.object({
  updates: z
    .array(z.object({ id: uuidSchema, start_date: nullableDate.optional(), target_date: nullableDate.optional() }))
    .max(ID_LIST_MAX),
});
export type IssueDatesBody = z.infer<typeof issueDatesBody>;

/** Bodies of `bulk-archive-issues/` and `bulk-delete-issues/` (emptiness is checked by the service). */
export const issueIdsBody = z.object({ issue_ids: idList.optional() }).optional();

/** Workspace draft creation also names the project. */
export const createWorkspaceDraftBody = z
  .object({ name: nonEmptyString(255), project_id: uuidSchema, ...issueFields })
  .refine(datesInOrder, DATES_MESSAGE);

/** Path of a workspace draft. */
export const workspaceDraftParams = z.object({ slug: z.string(), issueId: uuidSchema });
/** Workspace-level path. */
export const workspaceParams = z.object({ slug: z.string() });
/** Workspace draft list paging. */
export const draftListQuery = z.object({ cursor: boundedString(40).optional(), per_page: boundedString(10).optional() });

// ——— Responses ———

/** The IssueListItem of reference §1.4 (presentIssue, and the list engine's SQL twin). */
export const issueListItem = z.strictObject({
  id: z.string(),
  name: z.string(),
  state_id: z.string().nullable(),
  sort_order: z.number(),
  completed_at: z.string().nullable(),
  estimate_point: z.string().nullable(),
  priority,
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  sequence_id: z.number().int(),
  project_id: z.string(),
  parent_id: z.string().nullable(),
  cycle_id: z.string().nullable(),
  sub_issues_count: z.number().int(),
  ...datedAuthorshipFields,
  attachment_count: z.number().int(),
  link_count: z.number().int(),
  is_draft: z.boolean(),
  archived_at: z.string().nullable(),
  state__group: z.string().nullable(),
  assignee_ids: z.array(z.string()),
  label_ids: z.array(z.string()),
  module_ids: z.array(z.string()),
  type_id: z.string().nullable(),
  version: z.number().int(),
});
export type IssueListItem = z.infer<typeof issueListItem>;

/** The lite issue of the `parent` expansion. */
export const issueLite = z.strictObject({ id: z.string(), sequence_id: z.number().int(), project_id: z.string() });

/** `issues/{id}/meta/`: the parts of the display key. */
export const issueMetaResponse = z.strictObject({ sequence_id: z.number().int(), project_identifier: z.string() });

/** GET workspace `draft-issues/`: drafts with their description, offset-paginated, plus the current cursor. */
export const workspaceDraftsResponse = paginated(z.array(issueListItem.extend({ description_html: z.string() }))).extend({ cursor: z.string() });
