// Request bodies, params and responses of the module routes (reference §3, spec §7 Modules).
import { z } from 'zod';
import { authorshipFields, jsonValue, progressFields } from './responses';
import { boundedString, isoDateSchema, nonEmptyString, uuidSchema } from './common';
import { jsonObject, projectParams } from './project';

/** Module status values (reference §3), in the order the status picker shows them. */
export const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];
/** Statuses a module may be archived in. */
export const ARCHIVABLE_MODULE_STATUSES: readonly ModuleStatus[] = ['completed', 'cancelled'];

const MODULE_NAME_MAX_LENGTH = 255;
/** Most members or issues accepted in one list field. */
const ID_LIST_MAX = 500;
const idList = z.array(uuidSchema).max(ID_LIST_MAX);

export const moduleParams = projectParams.extend({ moduleId: uuidSchema });
export const moduleIssueParams = moduleParams.extend({ issueId: uuidSchema });
export const moduleLinkParams = moduleParams.extend({ linkId: uuidSchema });
export const issueModulesParams = projectParams.extend({ issueId: uuidSchema });

const moduleFields = {
  description: boundedString(20_000).optional(),
  description_html: boundedString(200_000).optional(),
  start_date: isoDateSchema.nullable().optional(),
  target_date: isoDateSchema.nullable().optional(),
  status: z.enum(MODULE_STATUSES).optional(),
  lead_id: uuidSchema.nullable().optional(),
  member_ids: idList.optional(),
  logo_props: jsonObject(5_000).optional(),
  view_props: jsonObject().optional(),
  sort_order: z.number().finite().optional(),
};

function datesInOrder(body: { start_date?: string | null; target_date?: string | null }): boolean {
  return !(body.start_date && body.target_date && body.start_date > body.target_date);
}
/** The message of a start date after the target date (reference §3: non_field_errors). */
export const MODULE_DATES_MESSAGE = 'Start date cannot exceed target date';
const DATES_ISSUE = { message: MODULE_DATES_MESSAGE, path: ['non_field_errors'] };

export const createModuleBody = z.object({ name: nonEmptyString(MODULE_NAME_MAX_LENGTH), ...moduleFields }).refine(datesInOrder, DATES_ISSUE);
export type CreateModuleBody = z.infer<typeof createModuleBody>;

/**
 * PATCH: `member_ids` replaces the set (the reference's form); `member_ids_add` / `member_ids_remove`
 * change it by intent, merged with what the server holds, so two people adding members both stay.
 */
export const updateModuleBody = z
  .object({ name: nonEmptyString(MODULE_NAME_MAX_LENGTH).optional(), ...moduleFields, member_ids_add: idList.optional(), member_ids_remove: idList.optional() })
  .refine(datesInOrder, DATES_ISSUE);
export type UpdateModuleBody = z.infer<typeof updateModuleBody>;

/** POST `modules/{id}/issues/`: the issues to add (emptiness answered by the service). */
export const moduleIssuesBody = z.object({ issues: idList.optional() });
/** POST `issues/{id}/modules/`: modules to add and to remove, in one call. */
export const issueModulesBody = z.object({ modules: idList.optional(), removed_modules: idList.optional() });
export type IssueModulesBody = z.infer<typeof issueModulesBody>;

/** POST `user-favorite-modules/`. */
export const favoriteModuleBody = z.object({ module: uuidSchema });

export const createModuleLinkBody = z.object({
  url: nonEmptyString(2_048),
  title: boundedString(255).nullable().optional(),
  metadata: jsonObject().optional(),
});
export type CreateModuleLinkBody = z.infer<typeof createModuleLinkBody>;
export const updateModuleLinkBody = createModuleLinkBody.partial();
export type UpdateModuleLinkBody = z.infer<typeof updateModuleLinkBody>;

// ——— Responses ———

/** ModuleListItem (reference §3, §9) with `archived_at` and `version`; `is_favorite` is absent from change events. */
export const moduleResponse = z.strictObject({
  id: z.string(),
  workspace_id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.string(),
  description_text: z.string(),
  description_html: z.string(),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  status: z.string(),
  lead_id: z.string().nullable(),
  member_ids: z.array(z.string()),
  view_props: jsonValue,
  sort_order: z.number(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  logo_props: jsonValue,
  is_favorite: z.boolean().optional(),
  ...progressFields,
  archived_at: z.string().nullable(),
  ...authorshipFields,
  version: z.number().int(),
});
export type Module = z.infer<typeof moduleResponse>;

/** A module link (reference §9 `link_module`). */
export const moduleLinkResponse = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  url: z.string(),
  metadata: jsonValue,
  module: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  version: z.number().int(),
});
export type ModuleLink = z.infer<typeof moduleLinkResponse>;

/** ModuleDetail: the list item plus links, sub-issue count and estimate points per state group. */
export const moduleDetailResponse = moduleResponse.extend({
  link_module: z.array(moduleLinkResponse),
  sub_issues: z.number().int(),
  backlog_estimate_points: z.number(),
  unstarted_estimate_points: z.number(),
  started_estimate_points: z.number(),
  cancelled_estimate_points: z.number(),
});
export type ModuleDetail = z.infer<typeof moduleDetailResponse>;

/** `{message: "success"}` of the module-issue posts. */
export const successMessage = z.strictObject({ message: z.string() });
