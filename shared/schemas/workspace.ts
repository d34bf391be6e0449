// Request bodies and params of the workspace, member, invitation and API-token routes (reference §4, §11; API.md).
import { z } from 'zod';
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
export const roleSchema = z.union([z.literal(20), z.literal(15), z.literal(5)], { message: 'Not a valid role.' });

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
