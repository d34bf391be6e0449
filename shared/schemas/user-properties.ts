// Bodies of the per-user saved filters (`user-properties/`, `issue-display-properties/`), reference §1.6.10.
import { z } from 'zod';
import { savedFiltersFields, settingsAuthorship } from './project';
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

// ——— Responses ———

const userSettingsIds = { id: z.string(), user: z.string(), workspace: z.string() };
/** A cycle's per-user list settings. */
export const cycleUserPropertiesResponse = z.strictObject({ ...userSettingsIds, cycle: z.string(), project: z.string(), ...savedFiltersFields, ...settingsAuthorship });
/** A module's per-user list settings. */
export const moduleUserPropertiesResponse = z.strictObject({ ...userSettingsIds, module: z.string(), project: z.string(), ...savedFiltersFields, ...settingsAuthorship });
/** The workspace copy used by global views. */
export const workspaceUserPropertiesResponse = z.strictObject({ ...userSettingsIds, ...savedFiltersFields, ...settingsAuthorship });
/** The issue display properties of the caller in a project. */
export const issueDisplayPropertiesResponse = z.strictObject({
  id: z.string(),
  user: z.string(),
  project: z.string(),
  workspace: z.string(),
  properties: z.record(z.string(), z.unknown()),
  ...settingsAuthorship,
});
