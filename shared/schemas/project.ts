// Request bodies and path params of the project routes (reference §5), snake_case as on the wire.
import { z } from 'zod';
import { boundedString, noNul, NO_NUL_MESSAGE, onePerBound, uuidSchema } from './common';
import { timezoneSchema } from './user';
import { anyObject, authorshipFields, jsonValue, nullableInstant, projectLiteDetail, workspaceLite } from './responses';
import { ProjectNetwork } from '../visibility';

/** Characters a project name or identifier may not contain (reference §5). */
export const PROJECT_FORBIDDEN_CHARACTERS = /[&+,:;$^}{*=?@#|'<>.()%!-]/;
/** Maximum identifier length; identifiers are upper-cased on save. */
const PROJECT_IDENTIFIER_MAX_LENGTH = 12;
export const PROJECT_NAME_MAX_LENGTH = 255;

const jsonObjectOfAtMost = onePerBound((maxChars) =>
  z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= maxChars, `Ensure this object has no more than ${maxChars} characters.`),
);
/** Any JSON object (logo props, view props, filters), bounded so a 100 kB blob is refused. */
export function jsonObject(maxChars = 20_000) {
  return jsonObjectOfAtMost(maxChars);
}

/** `:slug` alone. */
export const workspaceParams = z.object({ slug: z.string().max(48) });
/** `:slug` + `:projectId`. */
export const projectParams = workspaceParams.extend({ projectId: uuidSchema });

const projectName = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(PROJECT_NAME_MAX_LENGTH, `Ensure this field has no more than ${PROJECT_NAME_MAX_LENGTH} characters.`)
  .refine(noNul, NO_NUL_MESSAGE);
const projectIdentifier = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(PROJECT_IDENTIFIER_MAX_LENGTH, `Ensure this field has no more than ${PROJECT_IDENTIFIER_MAX_LENGTH} characters.`)
  .refine(noNul, NO_NUL_MESSAGE)
  .transform((value) => value.toUpperCase());
const monthCount = z.number().int().min(0).max(12);

/** Fields a project create or update may set, besides name and identifier. */
const projectFields = {
  description: boundedString(10_000).optional(),
  description_html: boundedString(100_000).optional(),
  network: z.union([z.literal(ProjectNetwork.SECRET), z.literal(ProjectNetwork.PUBLIC)]).optional(),
  project_lead: uuidSchema.nullable().optional(),
  default_assignee: uuidSchema.nullable().optional(),
  emoji: boundedString(64).nullable().optional(),
  icon_prop: jsonObject(5_000).nullable().optional(),
  logo_props: jsonObject(5_000).optional(),
  cover_image: boundedString(2_000).nullable().optional(),
  timezone: timezoneSchema.optional(),
  module_view: z.boolean().optional(),
  cycle_view: z.boolean().optional(),
  issue_views_view: z.boolean().optional(),
  page_view: z.boolean().optional(),
  intake_view: z.boolean().optional(),
  inbox_view: z.boolean().optional(),
  is_time_tracking_enabled: z.boolean().optional(),
  is_issue_type_enabled: z.boolean().optional(),
  guest_view_all_features: z.boolean().optional(),
  archive_in: monthCount.optional(),
  close_in: monthCount.optional(),
};

export const createProjectBody = z.object({ name: projectName, identifier: projectIdentifier, ...projectFields });
export type CreateProjectBody = z.infer<typeof createProjectBody>;

export const updateProjectBody = z.object({
  name: projectName.optional(),
  identifier: projectIdentifier.optional(),
  estimate: uuidSchema.nullable().optional(),
  default_state: uuidSchema.nullable().optional(),
  ...projectFields,
});
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

export const projectIdentifierQuery = z.object({ name: z.string().max(64).optional() });
export const deleteProjectIdentifierBody = z.object({ name: z.string().trim().max(64).optional() });

/** Join projects: `POST /api/users/me/workspaces/:slug/projects/invitations/`. */
export const joinProjectsBody = z.object({ project_ids: z.array(uuidSchema).max(500) });

/** Legacy per-member view settings: `POST …/projects/:projectId/project-views/`. */
export const projectViewsBody = z.object({
  view_props: jsonObject().optional(),
  default_props: jsonObject().optional(),
  preferences: jsonObject().optional(),
  sort_order: z.number().finite().optional(),
});

/** `PATCH …/projects/:projectId/user-properties/` — the caller's saved filters and project sort order. */
export const projectUserPropertiesBody = z.object({
  sort_order: z.number().finite().optional(),
  filters: jsonObject(50_000).optional(),
  display_filters: jsonObject(50_000).optional(),
  display_properties: jsonObject(50_000).optional(),
  rich_filters: jsonObject(50_000).optional(),
  preferences: jsonObject(50_000).optional(),
});
export type ProjectUserPropertiesBody = z.infer<typeof projectUserPropertiesBody>;

/** Publish settings (deploy board) of a project. */
export const deployBoardBody = z.object({
  is_comments_enabled: z.boolean().optional(),
  is_reactions_enabled: z.boolean().optional(),
  is_votes_enabled: z.boolean().optional(),
  is_activity_enabled: z.boolean().optional(),
  is_disabled: z.boolean().optional(),
  intake: uuidSchema.nullable().optional(),
  view_props: jsonObject(5_000).optional(),
  views: jsonObject(5_000).optional(),
});
export type DeployBoardBody = z.infer<typeof deployBoardBody>;
export const deployBoardParams = projectParams.extend({ boardId: uuidSchema });

// ——— Responses ———

const projectFeatureViews = {
  cycle_view: z.boolean(),
  issue_views_view: z.boolean(),
  module_view: z.boolean(),
  page_view: z.boolean(),
  inbox_view: z.boolean(),
  guest_view_all_features: z.boolean(),
};

/** The flat item of `GET projects/` (reference §5) as one viewer sees it. */
export const projectListItem = z.strictObject({
  id: z.string(),
  name: z.string(),
  identifier: z.string(),
  sort_order: z.number().nullable(),
  logo_props: jsonValue,
  member_role: z.number().int().nullable(),
  is_member: z.boolean(),
  is_favorite: z.boolean(),
  intake_count: z.number().int(),
  archived_at: nullableInstant,
  workspace: z.string(),
  ...projectFeatureViews,
  project_lead: z.string().nullable(),
  network: z.number().int(),
  anchor: z.string().nullable(),
  ...authorshipFields,
  version: z.number().int(),
});
export type ProjectListItem = z.infer<typeof projectListItem>;

/** The full Project (reference §13 ProjectListSerializer) as one viewer sees it. */
export const projectResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  description_text: z.null(),
  description_html: z.string().nullable(),
  network: z.number().int(),
  workspace: z.string(),
  identifier: z.string(),
  default_assignee: z.string().nullable(),
  project_lead: z.string().nullable(),
  emoji: z.string().nullable(),
  icon_prop: jsonValue,
  ...projectFeatureViews,
  intake_view: z.boolean(),
  is_time_tracking_enabled: z.boolean(),
  is_issue_type_enabled: z.boolean(),
  cover_image: z.string().nullable(),
  cover_image_asset: z.null(),
  cover_image_url: z.string().nullable(),
  estimate: z.string().nullable(),
  archive_in: z.number().int(),
  close_in: z.number().int(),
  logo_props: jsonValue,
  default_state: z.string().nullable(),
  archived_at: nullableInstant,
  timezone: z.string(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  ...authorshipFields,
  deleted_at: nullableInstant,
  is_favorite: z.boolean(),
  sort_order: z.number().nullable(),
  member_role: z.number().int().nullable(),
  is_member: z.boolean(),
  anchor: z.string().nullable(),
  members: z.array(z.string()),
  next_work_item_sequence: z.number().int(),
  version: z.number().int(),
});
export type Project = z.infer<typeof projectResponse>;

/** Saved list settings (filters, display filters and properties) over the spec §9 defaults. */
export const savedFiltersFields = {
  filters: anyObject,
  display_filters: anyObject,
  display_properties: anyObject,
  rich_filters: anyObject,
};
/** The base columns of per-user settings rows (never soft-deleted). */
export const settingsAuthorship = { ...authorshipFields, deleted_at: z.null() };

/** The caller's per-project settings (reference §5.2). */
export const projectUserPropertiesResponse = z.strictObject({
  id: z.string(),
  user: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...savedFiltersFields,
  preferences: anyObject,
  sort_order: z.number(),
  ...settingsAuthorship,
});

/** A project's publish settings (DeployBoard of reference §13); blank when unpublished. */
export const deployBoardResponse = z.strictObject({
  id: z.string().nullable(),
  project_details: projectLiteDetail,
  workspace_detail: workspaceLite,
  entity_identifier: z.string().nullable(),
  entity_name: z.string(),
  anchor: z.string().nullable(),
  is_comments_enabled: z.boolean(),
  is_reactions_enabled: z.boolean(),
  intake: z.string().nullable(),
  is_votes_enabled: z.boolean(),
  view_props: jsonValue,
  is_activity_enabled: z.boolean(),
  is_disabled: z.boolean(),
  workspace: z.string(),
  project: z.string(),
  ...authorshipFields,
});
export type DeployBoard = z.infer<typeof deployBoardResponse>;
