// Query of the issue sync endpoints (`v2/issues/`, `deleted-issues/`; reference §1.3.4): the
// "global" cursor, page size, the `updated_at__gt` watermark and the description flag.
import { z } from 'zod';

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
