// ExporterHistory row → wire (reference work-items §8.3 fields, plus progress and the link's expiry).
import type { ExporterHistory, User } from '../../../../db/schema/index';
import type { ExportWire } from '../../../../shared/schemas/export';
import { presentUserLite } from '../../accounts/presenters/user';

/** One history row; `link` is the signed download link of a completed export, else null. */
export function presentExport(row: ExporterHistory, initiator: User | null, link: { url: string; expiresAt: Date } | null): ExportWire {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    project: (row.projectIds as string[]) ?? [],
    provider: row.provider,
    status: row.status,
    url: link?.url ?? null,
    url_expires_at: link?.expiresAt.toISOString() ?? null,
    exported_count: row.exportedCount,
    total_count: row.totalCount,
    reason: row.reason,
    initiated_by: row.initiatedById,
    initiated_by_detail: initiator ? presentUserLite(initiator) : null,
    token: row.token,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}
