// Query of the issue sync endpoints (`v2/issues/`, `deleted-issues/`; reference §1.3.4): the
// "global" cursor, page size, the `updated_at__gt` watermark and the description flag.
import { z } from 'zod';
import { issueListItem } from './issue';

const timestamp = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be a valid datetime.');

export const issueSyncQuery = z.object({
  cursor: z.string().max(64).optional(),
  per_page: z.string().max(16).optional(),
  updated_at__gt: timestamp.optional(),
  description: z.enum(['true', 'false']).optional(),
});
export type IssueSyncQuery = z.infer<typeof issueSyncQuery>;

export const deletedIssuesQuery = z.object({ updated_at__gt: timestamp.optional() });
export type DeletedIssuesQuery = z.infer<typeof deletedIssuesQuery>;

// ——— Responses ———

/** GET `v2/issues/`: one page of live issues by `updated_at` (with `description_html` when asked). */
export const issueSyncResponse = z.strictObject({
  prev_cursor: z.string(),
  cursor: z.string(),
  next_cursor: z.string().nullable(),
  prev_page_results: z.boolean(),
  next_page_results: z.boolean(),
  page_count: z.number().int(),
  total_results: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(issueListItem.extend({ description_html: z.string().optional() })),
});
/** GET `deleted-issues/`: ids of issues deleted or archived since the cursor. */
export const deletedIssueIdsResponse = z.array(z.string());
