// A project's features and member changes on Plane's public API (/api/v1): Plane's names for the
// project's feature switches, and the member bodies Plane's clients send.
import { z } from 'zod';
import { uuidSchema } from '../common';
import { projectParams } from '../project';

/** Plane's feature name → the project's own switch (`cycles` is `cycle_view`). */
export const V1_FEATURE_FIELDS = {
  modules: 'module_view',
  cycles: 'cycle_view',
  views: 'issue_views_view',
  pages: 'page_view',
  intakes: 'intake_view',
} as const;
/** Plane features Trellis has no such switch for: always off, refused when turned on. */
export const V1_ABSENT_FEATURES = ['epics', 'work_item_types'] as const;

export const v1ProjectFeatures = z.strictObject({
  epics: z.boolean(),
  modules: z.boolean(),
  cycles: z.boolean(),
  views: z.boolean(),
  pages: z.boolean(),
  intakes: z.boolean(),
  work_item_types: z.boolean(),
});
export const v1UpdateProjectFeaturesBody = v1ProjectFeatures.partial().strict();

const role = z.union([z.literal(20), z.literal(15), z.literal(5)]);
/** POST `members/`: one member (`{member, role}`, Plane's shape) or the app's bulk `{members: […]}`. */
export const v1AddProjectMemberBody = z.object({
  member: uuidSchema.optional(),
  member_id: uuidSchema.optional(),
  role: role.optional(),
  members: z.array(z.object({ member_id: uuidSchema, role: role.optional() })).max(500).optional(),
});
/** `members/:memberId/`: the member's user id (what the member list answers as `id`) or the membership id. */
export const v1ProjectMemberParams = projectParams.extend({ memberId: uuidSchema });
export const v1UpdateProjectMemberBody = z.object({ role });
