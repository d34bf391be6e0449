// Request bodies and params of the favorite routes (reference §9, spec §7 Favorites).
import { z } from 'zod';
import { jsonValue } from './responses';
import { boundedString, uuidSchema } from './common';
import { workspaceParams } from './project';

export const FavoriteEntityType = {
  PROJECT: 'project',
  CYCLE: 'cycle',
  MODULE: 'module',
  VIEW: 'view',
  PAGE: 'page',
  ISSUE: 'issue',
  FOLDER: 'folder',
} as const;
type FavoriteEntityType = (typeof FavoriteEntityType)[keyof typeof FavoriteEntityType];

export const favoriteParams = workspaceParams.extend({ favoriteId: uuidSchema });
export const favoriteProjectParams = workspaceParams.extend({ projectId: uuidSchema });

export const createFavoriteBody = z.object({
  entity_type: z.enum(['project', 'cycle', 'module', 'view', 'page', 'issue', 'folder']),
  entity_identifier: uuidSchema.nullable().optional(),
  project_id: uuidSchema.nullable().optional(),
  name: boundedString(255).nullable().optional(),
  entity_data: z.object({ name: boundedString(255).optional() }).nullable().optional(),
  is_folder: z.boolean().optional(),
  parent: uuidSchema.nullable().optional(),
  sequence: z.number().finite().optional(),
});
export type CreateFavoriteBody = z.infer<typeof createFavoriteBody>;

export const updateFavoriteBody = z.object({
  name: boundedString(255).nullable().optional(),
  sequence: z.number().finite().optional(),
  parent: uuidSchema.nullable().optional(),
});
export type UpdateFavoriteBody = z.infer<typeof updateFavoriteBody>;

export const favoriteProjectBody = z.object({ project: uuidSchema });

// ——— Responses ———

/** One Favorite (reference §9); `entity_data` is null for folders and issues. */
export const favoriteResponse = z.strictObject({
  id: z.string(),
  entity_type: z.string(),
  entity_identifier: z.string().nullable(),
  entity_data: z.strictObject({ id: z.string(), name: z.string(), logo_props: jsonValue, project_id: z.string().nullable().optional() }).nullable(),
  name: z.string().nullable(),
  is_folder: z.boolean(),
  sequence: z.number(),
  parent: z.string().nullable(),
  workspace_id: z.string(),
  project_id: z.string().nullable(),
  version: z.number().int(),
});
export type Favorite = z.infer<typeof favoriteResponse>;

/** A page's favorite as its live change carries it (server/services/pages/presenters/page.ts presentPageFavorite). */
export const pageFavoriteChange = favoriteResponse.extend({
  entity_data: z.strictObject({ name: z.string() }),
  user_id: z.string(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
