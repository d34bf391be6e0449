// A saved analytic view as the API answers it (reference §8.2 `analytic-view/`).
import type { AnalyticView } from '../../../../db/schema/index';
import type { AnalyticViewWire } from '../../../../shared/schemas/analytics';

export function presentAnalyticView(row: AnalyticView): AnalyticViewWire {
  return {
    id: row.id,
    workspace: row.workspaceId,
    name: row.name,
    description: row.description,
    query: row.query as Record<string, unknown>,
    query_dict: row.queryDict as Record<string, string>,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}
