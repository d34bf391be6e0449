// Request bodies and params of the project member routes (reference §5.1).
import { z } from 'zod';
import { anyObject, authorshipFields, jsonValue, memberUser, nullableInstant, projectLiteDetail, workspaceLite } from './responses';
import { uuidSchema } from './common';
import { jsonObject, projectParams } from './project';

const role = z.union([z.literal(20), z.literal(15), z.literal(5)]);

export const projectMemberParams = projectParams.extend({ memberId: uuidSchema });

/** Bulk add: `{"members": [{"member_id", "role"}]}`; an empty list is a business error, not a zod one. */
export const addProjectMembersBody = z.object({
  members: z.array(z.object({ member_id: uuidSchema, role: role.optional() })).max(500).optional(),
});
export type AddProjectMembersBody = z.infer<typeof addProjectMembersBody>;

export const updateProjectMemberBody = z.object({ role });

/** `…/preferences/member/:userId/` — the path names the member by user id, not membership id. */
export const memberPreferencesParams = projectParams.extend({ userId: uuidSchema });

/** PATCH body: a partial preferences object; its top-level keys replace the stored ones. */
export const updateMemberPreferencesBody = jsonObject(20_000);

// ——— Responses ———

/** `{id, role, member, project, original_role, created_at, version}`: member lists and bulk add. */
export const projectMemberRole = z.strictObject({
  id: z.string(),
  role: z.number().int(),
  member: z.string(),
  project: z.string(),
  original_role: z.number().int(),
  created_at: nullableInstant,
  version: z.number().int(),
});
export type ProjectMemberRole = z.infer<typeof projectMemberRole>;

/** The full ProjectMember; admins see the member with email (UserAdminLite). */
export const projectMemberResponse = z.strictObject({
  id: z.string(),
  workspace: workspaceLite,
  project: projectLiteDetail,
  member: memberUser,
  comment: z.string().nullable(),
  role: z.number().int(),
  view_props: jsonValue,
  default_props: jsonValue,
  preferences: anyObject,
  sort_order: z.number().nullable(),
  is_active: z.boolean(),
  ...authorshipFields,
  deleted_at: z.null(),
  version: z.number().int(),
});
export type ProjectMember = z.infer<typeof projectMemberResponse>;

/** `preferences/member/:userId/`. */
export const memberPreferencesResponse = z.strictObject({
  preferences: anyObject,
  project_id: z.string(),
  member_id: z.string(),
  workspace_id: z.string(),
});
