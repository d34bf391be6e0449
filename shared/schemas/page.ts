// Request bodies, params and queries of the page routes (reference §5.3, spec §7 Pages).
import { z } from 'zod';
import { authorshipFields, jsonValue } from './responses';
import { boundedString, uuidSchema } from './common';
import { jsonObject, projectParams } from './project';
import { PageAccess } from '../visibility';

/** A page's `access`: public to the project or private to its owner. */
const pageAccessValue = z.union([z.literal(PageAccess.PUBLIC), z.literal(PageAccess.PRIVATE)]);

const PAGE_NAME_MAX_LENGTH = 255;
/** Largest page body the API accepts (reference §5.3: > 10 MB is refused). */
export const PAGE_DESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;
const HTML_MAX_CHARS = 2 * 1024 * 1024;

export const pageParams = projectParams.extend({ pageId: uuidSchema });
export const pageVersionParams = pageParams.extend({ versionId: uuidSchema });
export const pageListQuery = z.object({ search: z.string().max(255).optional() });

const pageFields = {
  name: boundedString(PAGE_NAME_MAX_LENGTH).optional(),
  access: pageAccessValue.optional(),
  color: boundedString(255).optional(),
  parent: uuidSchema.nullable().optional(),
  labels: z.array(uuidSchema).max(100).optional(),
  view_props: jsonObject().optional(),
  logo_props: jsonObject().optional(),
  description_html: z.string().max(HTML_MAX_CHARS).optional(),
};

export const createPageBody = z.object({
  ...pageFields,
  description_json: jsonObject(HTML_MAX_CHARS).optional(),
  description_binary: z.string().max(Math.ceil((PAGE_DESCRIPTION_MAX_BYTES * 4) / 3) + 4).nullable().optional(),
});
export type CreatePageBody = z.infer<typeof createPageBody>;

export const updatePageBody = z.object(pageFields);
export type UpdatePageBody = z.infer<typeof updatePageBody>;

export const pageAccessBody = z.object({ access: pageAccessValue });

/** The JSON form of `PATCH …/description/` (the binary form is a raw Yjs update). */
export const pageDescriptionBody = z.object({
  description_binary: z.string().max(Math.ceil((PAGE_DESCRIPTION_MAX_BYTES * 4) / 3) + 4).nullable().optional(),
  description_html: z.string().max(HTML_MAX_CHARS).optional(),
  description_json: jsonObject(HTML_MAX_CHARS).optional(),
});
export type PageDescriptionBody = z.infer<typeof pageDescriptionBody>;

// ——— Responses ———

/** The Page of lists (reference §9); `is_favorite` is absent from shared change events. */
export const pageResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  owned_by: z.string().nullable(),
  access: z.number().int(),
  color: z.string(),
  parent: z.string().nullable(),
  is_favorite: z.boolean().optional(),
  is_locked: z.boolean(),
  archived_at: z.string().nullable(),
  workspace: z.string(),
  ...authorshipFields,
  view_props: jsonValue,
  logo_props: jsonValue,
  label_ids: z.array(z.string()),
  project_ids: z.array(z.string()),
  anchor: z.null(),
  version: z.number().int(),
});
export type Page = z.infer<typeof pageResponse>;

/** PageDetail: the Page plus `description_html` (and `issue_ids` on retrieve). */
export const pageDetailResponse = pageResponse.extend({ description_html: z.string(), issue_ids: z.array(z.string()).optional() });
export type PageDetail = z.infer<typeof pageDetailResponse>;

/** A page version without its content. */
export const pageVersionResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  page: z.string(),
  last_saved_at: z.string().nullable(),
  owned_by: z.string(),
  ...authorshipFields,
});
/** A page version with its content; the Yjs state is base64. */
export const pageVersionDetailResponse = pageVersionResponse.extend({
  description_binary: z.string().nullable(),
  description_html: z.string(),
  description_json: jsonValue,
});

/**
 * PATCH `description/`: raw Yjs update bytes (application/octet-stream) or the JSON form above.
 * The route tells the two apart and checks the JSON form with `pageDescriptionBody` itself.
 */
export const pageDescriptionUpdate = z.unknown().describe('Yjs update bytes, or pageDescriptionBody as JSON');

/** GET `pages-summary/`: page counts by tab. */
export const pagesSummaryResponse = z.strictObject({ public_pages: z.number().int(), private_pages: z.number().int(), archived_pages: z.number().int() });
