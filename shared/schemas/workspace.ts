// Request bodies and params of the workspace, member, invitation and API-token routes (reference §4, §11; API.md).
import { z } from 'zod';
import { jsonValue, memberUser, nullableInstant, userLite, workspaceLite } from './responses';
import { boundedString, nonEmptyString, uuidSchema } from './common';
import { jsonObject } from './project';
import { timezoneSchema } from './user';

/** Workspace names are at most 80 characters and slugs 48 (reference §4.1). */
export const WORKSPACE_NAME_MAX_LENGTH = 80;

/** Route params `:slug`; the slug is looked up, never trusted, so only its size is bounded here. */
export const slugParams = z.object({ slug: z.string().max(255) });

/**
 * POST /api/workspaces/ — name and slug are checked by the service, which answers with the
 * reference's exact messages ("Both name and slug are required", max length, URL, slug rules).
 */
export const createWorkspaceBody = z.object({
  name: z.string().max(10_000).optional(),
  slug: z.string().max(10_000).optional(),
  organization_size: boundedString(32).nullable().optional(),
  timezone: timezoneSchema.optional(),
  company_role: boundedString(255).nullable().optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBody>;

/** PATCH /api/workspaces/:slug/ — `slug` is read-only and ignored (reference §14 quirk 7). */
export const updateWorkspaceBody = z.object({
  name: z.string().max(10_000).optional(),
  logo: boundedString(800).nullable().optional(),
  organization_size: boundedString(32).nullable().optional(),
  timezone: timezoneSchema.optional(),
  background_color: boundedString(255).nullable().optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBody>;

/** GET /api/workspace-slug-check/?slug= */
export const slugCheckQuery = z.object({ slug: z.string().max(255).optional() });

/** GET /api/users/me/workspaces/?search= and member lists ?search= */
export const searchQuery = z.object({ search: z.string().max(255).optional() });

/** A membership role: 20 admin, 15 member, 5 guest. */
const roleSchema = z.union([z.literal(20), z.literal(15), z.literal(5)], { message: 'Not a valid role.' });

export const memberParams = z.object({ slug: z.string().max(255), memberId: uuidSchema });

/** PATCH /api/workspaces/:slug/members/:memberId/ */
export const updateMemberBody = z.object({
  role: roleSchema.optional(),
  company_role: boundedString(255).nullable().optional(),
});
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;

/** POST /api/workspaces/:slug/workspace-views/ — the caller's view props, kept on their membership. */
export const workspaceViewsBody = z.object({ view_props: jsonObject() });

export const invitationParams = z.object({ slug: z.string().max(255), invitationId: uuidSchema });

/** POST /api/workspaces/:slug/invitations/ — emails are validated by the service (reference messages). */
export const createInvitationsBody = z.object({
  emails: z
    .array(
      z.object({
        email: z.string().max(1000),
        role: roleSchema.optional(),
      }),
    )
    .max(100)
    .optional(),
});
export type CreateInvitationsBody = z.infer<typeof createInvitationsBody>;

/** PATCH /api/workspaces/:slug/invitations/:invitationId/ */
export const updateInvitationBody = z.object({ role: roleSchema });

/** POST /api/workspaces/:slug/invitations/:invitationId/join/ */
export const joinInvitationBody = z.object({
  token: z.string().max(256),
  accepted: z.boolean(),
});

/** `/api/workspaces/:slug/user-profile/:userId/` and `user-activity/:userId/` (reference §4.4). */
export const workspaceUserParams = z.object({ slug: z.string().max(255), userId: uuidSchema });

/** GET user-activity: offset-cursor paging plus `project`, repeatable, always read as a list. */
export const userActivityQuery = z.object({
  per_page: z.string().max(16).optional(),
  cursor: z.string().max(64).optional(),
  project: z
    .union([uuidSchema, z.array(uuidSchema).max(100)])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
});

export const tokenParams = z.object({ slug: z.string().max(255), tokenId: uuidSchema });

/** POST /api/workspaces/:slug/api-tokens/ (API.md). */
export const createApiTokenBody = z.object({
  label: nonEmptyString(255),
  description: boundedString(1000).optional(),
  expired_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

// ——— Responses ———

/** The audit fields of a soft-deletable workspace row, in the reference's order (deleted_at between the dates and the authors). */
const deletableAuditFields = {
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: nullableInstant,
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
};

/** The Workspace (reference §13) with `total_members` and, on create and `users/me/workspaces/`, `role`. */
export const workspaceResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_asset: z.null(),
  logo_url: z.string().nullable(),
  owner: z.union([userLite, z.string()]),
  slug: z.string(),
  organization_size: z.string().nullable(),
  timezone: z.string(),
  background_color: z.string().nullable(),
  total_members: z.number().int(),
  role: z.number().int().optional(),
  ...deletableAuditFields,
});
export type Workspace = z.infer<typeof workspaceResponse>;

/** `workspace-slug-check/`: whether the slug is free. */
export const slugCheckResponse = z.strictObject({ status: z.boolean() });

const workspaceMemberFields = {
  id: z.string(),
  workspace: z.string(),
  role: z.number().int(),
  company_role: z.string().nullable(),
  view_props: jsonValue,
  default_props: jsonValue,
  issue_props: jsonValue,
  is_active: z.boolean(),
  getting_started_checklist: jsonValue,
  tips: jsonValue,
  explored_features: jsonValue,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.null(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
};
/** A WorkspaceMember with the member as UserLite, or UserAdminLite for callers above guest. */
export const workspaceMemberResponse = z.strictObject({ ...workspaceMemberFields, member: memberUser });
export type WorkspaceMember = z.infer<typeof workspaceMemberResponse>;
/** The caller's own membership: `member` is the user id, plus their draft count. */
export const myWorkspaceMemberResponse = z.strictObject({ ...workspaceMemberFields, member: z.string(), draft_issue_count: z.number().int() });

/** `users/me/workspaces/:slug/project-roles/`: project id → the caller's role. */
export const projectRolesResponse = z.record(z.string(), z.number().int());

/** A workspace invitation; admins and members also see `token` and `invite_link`. */
export const workspaceInvitationResponse = z.strictObject({
  id: z.string(),
  workspace: workspaceLite,
  email: z.string(),
  role: z.number().int(),
  accepted: z.boolean(),
  message: z.string().nullable(),
  responded_at: nullableInstant,
  token: z.string().optional(),
  invite_link: z.string().optional(),
  ...deletableAuditFields,
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationResponse>;

/** An API token; the secret `token` only in the create answer. */
export const apiTokenResponse = z.strictObject({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  last_used: nullableInstant,
  token: z.string().optional(),
  user: z.string(),
  user_type: z.number().int(),
  workspace: z.string().nullable(),
  expired_at: nullableInstant,
  is_service: z.boolean(),
  allowed_rate_limit: z.string(),
  ...deletableAuditFields,
});
export type ApiToken = z.infer<typeof apiTokenResponse>;

/** `user-profile/:userId/`: issue counts per shared project (none for guests) and the user's card. */
export const userProfileResponse = z.strictObject({
  project_data: z.array(
    z.strictObject({
      id: z.string(),
      logo_props: jsonValue,
      created_issues: z.number().int(),
      assigned_issues: z.number().int(),
      completed_issues: z.number().int(),
      pending_issues: z.number().int(),
    }),
  ),
  user_data: z.strictObject({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    date_joined: z.string(),
    user_timezone: z.string(),
    display_name: z.string(),
  }),
});

const userCycle = z.strictObject({ cycle__name: z.string(), cycle__id: z.string(), cycle__project_id: z.string() });
/** `user-stats/:userId/`: distributions and counts of the user's issues in the caller's projects. */
export const userStatsResponse = z.strictObject({
  state_distribution: z.array(z.strictObject({ state_group: z.string().nullable(), state_count: z.number().int() })),
  priority_distribution: z.array(z.strictObject({ priority: z.string(), priority_count: z.number().int(), priority_order: z.number().int() })),
  created_issues: z.number().int(),
  assigned_issues: z.number().int(),
  completed_issues: z.number().int(),
  pending_issues: z.number().int(),
  subscribed_issues: z.number().int(),
  present_cycles: z.array(userCycle),
  upcoming_cycles: z.array(userCycle),
});

/** `project-identifiers/?name=`: whether the identifier is taken, and by which rows. */
export const projectIdentifiersResponse = z.strictObject({
  exists: z.number().int(),
  identifiers: z.array(z.strictObject({ id: z.string(), name: z.string(), project: z.string().nullable() })),
});

/** `search-issues/`: issues for a picker, with their project and state. */
export const issueSearchHit = z.strictObject({
  name: z.string(),
  id: z.string(),
  start_date: z.string().nullable(),
  sequence_id: z.number().int(),
  project__name: z.string(),
  project__identifier: z.string(),
  project_id: z.string(),
  workspace__slug: z.string(),
  state__name: z.string().nullable(),
  state__group: z.string().nullable(),
  state__color: z.string().nullable(),
});
/** `search/`: per entity type, the matching rows (each type has its own columns; all have id and name). */
export const workspaceSearchResponse = z.strictObject({
  results: z.record(z.string(), z.array(z.looseObject({ id: z.string(), name: z.string() }))),
});
