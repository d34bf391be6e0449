// Request bodies, params and responses of the saved view routes (reference §4, API.md "Views"):
// project views and workspace (global) views, lock/unlock and access.
import { z } from 'zod';
import { authorshipFields, jsonValue } from './responses';
import { boundedString, nonEmptyString, uuidSchema } from './common';
import { jsonObject, projectParams, workspaceParams } from './project';
import { ViewAccess } from '../visibility';

export { BUILT_IN_VIEW_IDS, type BuiltInViewId } from '../built-in-views';

export const VIEW_NAME_MAX_LENGTH = 255;
const viewAccessValue = z.union([z.literal(ViewAccess.PUBLIC), z.literal(ViewAccess.PRIVATE)]);

export const projectViewParams = projectParams.extend({ viewId: uuidSchema });
export const workspaceViewParams = workspaceParams.extend({ viewId: uuidSchema });

/** View list orderings (spec §9: name, created_at, updated_at, ascending or descending). */
const VIEW_ORDER_BY = ['name', '-name', 'created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export const viewListQuery = z.object({ order_by: z.enum(VIEW_ORDER_BY).optional() });

const viewFields = {
  description: boundedString(20_000).optional(),
  filters: jsonObject().optional(),
  rich_filters: jsonObject().optional(),
  display_filters: jsonObject().optional(),
  display_properties: jsonObject().optional(),
  logo_props: jsonObject(5_000).optional(),
  sort_order: z.number().finite().optional(),
};

export const createViewBody = z.object({ name: nonEmptyString(VIEW_NAME_MAX_LENGTH), access: viewAccessValue.optional(), ...viewFields });
export type CreateViewBody = z.infer<typeof createViewBody>;

export const updateViewBody = z.object({ name: nonEmptyString(VIEW_NAME_MAX_LENGTH).optional(), ...viewFields });
export type UpdateViewBody = z.infer<typeof updateViewBody>;

/** POST `views/{id}/access/` (owner only). */
export const viewAccessBody = z.object({ access: viewAccessValue });
/** POST `user-favorite-views/`. */
export const favoriteViewBody = z.object({ view: uuidSchema });

// ——— Responses ———

/** IssueView (reference §9) plus `is_locked`, `anchor` and `version`; `is_favorite` is absent from change events. */
export const viewResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  project: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  query: jsonValue,
  filters: jsonValue,
  display_filters: jsonValue,
  display_properties: jsonValue,
  rich_filters: jsonValue,
  access: z.number().int(),
  sort_order: z.number(),
  logo_props: jsonValue,
  owned_by: z.string().nullable(),
  is_locked: z.boolean(),
  is_favorite: z.boolean().optional(),
  anchor: z.string().nullable(),
  archived_at: z.string().nullable(),
  ...authorshipFields,
  version: z.number().int(),
});
export type View = z.infer<typeof viewResponse>;
