// Intake (reference §6): request bodies, query strings and responses of `intake-issues/` (also
// served as `inbox-issues/`). `{issueId}` in the paths is the ISSUE id, not the intake row's.
import { z } from 'zod';
import { boundedString, datetimeSchema, nonEmptyString, uuidSchema } from './common';
import { issueDetail } from './issue-extras';
import { HTML_MAX_LENGTH, ID_LIST_MAX } from './issue';
import { datedAuthorshipFields, nullableInstant, paginated } from './responses';

/** Path of one intake submission (by its issue id). */
export const intakeIssueParams = z.object({ slug: z.string(), projectId: uuidSchema, issueId: uuidSchema });

/**
 * The submitted issue. Name and priority are checked by the service, so a missing name or an unknown
 * priority answers the reference's `{"error": "Name is required"}` / `"Invalid priority"`.
 */
const submittedIssue = z.object({
  name: z.unknown().optional(),
  description_html: boundedString(HTML_MAX_LENGTH).optional(),
  description_json: z.record(z.string(), z.unknown()).nullable().optional(),
  priority: z.unknown().optional(),
  label_ids: z.array(uuidSchema).max(ID_LIST_MAX).optional(),
  assignee_ids: z.array(uuidSchema).max(ID_LIST_MAX).optional(),
});

/** POST `intake-issues/`: `{issue: {...}, source?}`. */
export const createIntakeIssueBody = z.object({
  issue: submittedIssue.optional(),
  source: boundedString(255).optional(),
});
export type CreateIntakeIssueBody = z.infer<typeof createIntakeIssueBody>;

/** PATCH `intake-issues/{id}/`: the intake fields (admins only) and the issue's own fields. */
export const updateIntakeIssueBody = z.object({
  status: z.union([z.literal(-2), z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]).optional(),
  snoozed_till: datetimeSchema.nullable().optional(),
  duplicate_to: uuidSchema.nullable().optional(),
  source: boundedString(255).optional(),
  issue: submittedIssue.optional(),
});
export type UpdateIntakeIssueBody = z.infer<typeof updateIntakeIssueBody>;

const ORDER_KEYS = ['issue__created_at', 'issue__updated_at', 'issue__sequence_id'] as const;
/** The list's `order_by` values: the three issue keys, ascending or descending. */
const INTAKE_ORDER_BY = [...ORDER_KEYS, ...ORDER_KEYS.map((key) => `-${key}` as const)] as const;

/** GET `intake-issues/`: status list (default pending), order, issue filters, pages. */
export const intakeListQuery = z.object({
  status: z.string().regex(/^-?[0-2](,-?[0-2])*$/, 'Must be a comma list of intake statuses.').optional(),
  order_by: z.enum(INTAKE_ORDER_BY).optional(),
  priority: boundedString(200).optional(),
  created_by: boundedString(2000).optional(),
  cursor: boundedString(40).optional(),
  per_page: boundedString(10).optional(),
});
export type IntakeListQuery = z.infer<typeof intakeListQuery>;

/** GET `intake-issues/{id}/`: `expand=issue_inbox` is accepted (the detail always carries the issue). */
export const intakeDetailQuery = z.object({ expand: boundedString(500).optional() });

/** The lite issue of a list row and of `duplicate_issue_detail`. */
const intakeIssueLite = z.strictObject({
  id: z.string(),
  name: z.string(),
  priority: z.string(),
  sequence_id: z.number().int(),
  project_id: z.string(),
  created_at: nullableInstant,
  label_ids: z.array(z.string()),
  created_by: z.string().nullable(),
});

const intakeRowFields = {
  id: z.string(),
  status: z.number().int(),
  duplicate_to: z.string().nullable(),
  snoozed_till: nullableInstant,
  source: z.string(),
  created_by: z.string().nullable(),
  version: z.number().int(),
};

/** IntakeIssue (list row). */
export const intakeIssue = z.strictObject({ ...intakeRowFields, issue: intakeIssueLite });
export type IntakeIssueWire = z.infer<typeof intakeIssue>;

/** IntakeIssueDetail: the full issue and the duplicate's lite form. */
export const intakeIssueDetail = z.strictObject({
  ...intakeRowFields,
  duplicate_issue_detail: intakeIssueLite.nullable(),
  issue: issueDetail,
});
export type IntakeIssueDetailWire = z.infer<typeof intakeIssueDetail>;

export const intakeIssueListResponse = paginated(z.array(intakeIssue));

/** GET `intakes/`: the project's intake (its first: the default one first); also POST/PATCH answers. */
export const intakeResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  view_props: z.unknown(),
  logo_props: z.unknown(),
  project: z.string(),
  workspace: z.string(),
  pending_issue_count: z.number().int(),
  ...datedAuthorshipFields,
});

/** Path of one intake (`intakes/{intakeId}/`, the intake's own id). */
export const intakeParams = z.object({ slug: z.string(), projectId: uuidSchema, intakeId: uuidSchema });

const intakeFields = {
  description: boundedString(10_000).optional(),
  view_props: z.record(z.string(), z.unknown()).optional(),
  logo_props: z.record(z.string(), z.unknown()).optional(),
};

/** POST `intakes/`: a further intake of the project (never the default). */
export const createIntakeBody = z.object({ name: nonEmptyString(255), ...intakeFields });
export type CreateIntakeBody = z.infer<typeof createIntakeBody>;

/** PATCH `intakes/{id}/`. */
export const updateIntakeBody = z.object({ name: nonEmptyString(255).optional(), ...intakeFields });
export type UpdateIntakeBody = z.infer<typeof updateIntakeBody>;
