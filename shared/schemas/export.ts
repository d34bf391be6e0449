// Issue exports of a workspace (spec §7 "Workspace extras", reference work-items §8.3 and accounts
// §4.4 `export-issues/`): the request body, the history list and the download link's query.
import { z } from 'zod';
import { boundedString, uuidSchema } from './common';
import { nullableInstant, paginated, userLite } from './responses';

export { EXPORT_PROVIDERS, ExportStatus, isExportProvider, isExportRunning, type ExportProvider } from '../export-constants';

/**
 * POST `export-issues/`. `provider` is a free string so an unknown one gets the reference's
 * 400 `{"error":"Provider '<x>' not found."}`; `project` defaults to every live project the caller
 * belongs to; `multiple` writes one worksheet per project (XLSX) — CSV and JSON stay one file.
 */
export const createExportBody = z.object({
  provider: boundedString(50),
  project: z.array(uuidSchema).max(1000).optional(),
  multiple: z.boolean().optional(),
});
export type CreateExportBody = z.infer<typeof createExportBody>;

/** GET `export-issues/`: both are required (reference: 400 "per_page and cursor are required"). */
export const exportListQuery = z.object({
  per_page: boundedString(10).optional(),
  cursor: boundedString(40).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuery>;

export const exportParams = z.object({ slug: z.string().max(255), exportId: uuidSchema });

/** The signed download link's query: expiry (Unix seconds) and HMAC signature. */
export const exportDownloadQuery = z.object({
  expires: boundedString(20).optional(),
  signature: boundedString(128).optional(),
});
export type ExportDownloadQuery = z.infer<typeof exportDownloadQuery>;

/** POST answer (reference). */
export const EXPORT_STARTED_MESSAGE = 'Once the export is ready you will be able to download it';

/**
 * One history row (reference fields plus the progress `exported_count` / `total_count` and the
 * failure `reason`). `url` is a signed link that expires, present once the export is completed.
 */
const exportResponse = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  project: z.array(z.string()),
  provider: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  url_expires_at: nullableInstant,
  exported_count: z.number().int(),
  total_count: z.number().int(),
  reason: z.string(),
  initiated_by: z.string().nullable(),
  initiated_by_detail: userLite.nullable(),
  token: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ExportWire = z.infer<typeof exportResponse>;

/** The offset-cursor page of the history (reference §0.6 A). */
export const exportPageResponse = paginated(z.array(exportResponse));
export type ExportPage = z.infer<typeof exportPageResponse>;
