// Request bodies and path params of the project routes (reference §5), snake_case as on the wire.
import { z } from 'zod';
import { boundedString, noNul, NO_NUL_MESSAGE, uuidSchema } from './common';
import { timezoneSchema } from './user';
import { ProjectNetwork } from '../visibility';

/** Characters a project name or identifier may not contain (reference §5). */
export const PROJECT_FORBIDDEN_CHARACTERS = /[&+,:;$^}{*=?@#|'<>.()%!-]/;
/** Maximum identifier length; identifiers are upper-cased on save. */
export const PROJECT_IDENTIFIER_MAX_LENGTH = 12;
export const PROJECT_NAME_MAX_LENGTH = 255;

/** Any JSON object (logo props, view props, filters), bounded so a 100 kB blob is refused. */
export function jsonObject(maxChars = 20_000) {
  return z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= maxChars, `Ensure this object has no more than ${maxChars} characters.`);
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
