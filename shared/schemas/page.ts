// Request bodies, params and queries of the page routes (reference §5.3, spec §7 Pages).
import { z } from 'zod';
import { boundedString, uuidSchema } from './common';
import { jsonObject, projectParams } from './project';

export const PAGE_NAME_MAX_LENGTH = 255;
/** Largest page body the API accepts (reference §5.3: > 10 MB is refused). */
export const PAGE_DESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;
const HTML_MAX_CHARS = 2 * 1024 * 1024;

export const pageParams = projectParams.extend({ pageId: uuidSchema });
export const pageVersionParams = pageParams.extend({ versionId: uuidSchema });
export const pageListQuery = z.object({ search: z.string().max(255).optional() });

const pageFields = {
  name: boundedString(PAGE_NAME_MAX_LENGTH).optional(),
  access: z.union([z.literal(0), z.literal(1)]).optional(),
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

export const pageAccessBody = z.object({ access: z.union([z.literal(0), z.literal(1)]) });

/** The JSON form of `PATCH …/description/` (the binary form is a raw Yjs update). */
export const pageDescriptionBody = z.object({
  description_binary: z.string().max(Math.ceil((PAGE_DESCRIPTION_MAX_BYTES * 4) / 3) + 4).nullable().optional(),
  description_html: z.string().max(HTML_MAX_CHARS).optional(),
  description_json: jsonObject(HTML_MAX_CHARS).optional(),
});
export type PageDescriptionBody = z.infer<typeof pageDescriptionBody>;
