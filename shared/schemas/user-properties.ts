// Bodies of the per-user saved filters (`user-properties/`, `issue-display-properties/`), reference §1.6.10.
import { z } from 'zod';
import { uuidSchema } from './common';
import { jsonObject } from './project';

/** PATCH of cycle, module and workspace `user-properties/`: each key replaces its column wholesale. */
export const userPropertiesBody = z.object({
  filters: jsonObject(50_000).optional(),
  display_filters: jsonObject(50_000).optional(),
  display_properties: jsonObject(50_000).optional(),
  rich_filters: jsonObject(50_000).optional(),
});
export type UserPropertiesBody = z.infer<typeof userPropertiesBody>;

/** POST `issue-display-properties/`: the project list's display properties. */
export const issueDisplayPropertiesBody = z.object({ properties: jsonObject(20_000) });

export const cycleUserPropertiesParams = z.object({ slug: z.string().max(48), projectId: uuidSchema, cycleId: uuidSchema });
export const moduleUserPropertiesParams = z.object({ slug: z.string().max(48), projectId: uuidSchema, moduleId: uuidSchema });
