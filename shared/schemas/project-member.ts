// Request bodies and params of the project member routes (reference §5.1).
import { z } from 'zod';
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
export type UpdateProjectMemberBody = z.infer<typeof updateProjectMemberBody>;

/** `…/preferences/member/:userId/` — the path names the member by user id, not membership id. */
export const memberPreferencesParams = projectParams.extend({ userId: uuidSchema });

/** PATCH body: a partial preferences object; its top-level keys replace the stored ones. */
export const updateMemberPreferencesBody = jsonObject(20_000);
