// Request bodies and params of the favorite routes (reference §9, spec §7 Favorites).
import { z } from 'zod';
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
export type FavoriteEntityType = (typeof FavoriteEntityType)[keyof typeof FavoriteEntityType];

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
