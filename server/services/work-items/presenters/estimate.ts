// Turns estimate and estimate point rows into the wire shapes of reference §8/§13; points sorted by key.
import type { Estimate, EstimatePoint } from '../../../../db/schema/index';

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

export function presentEstimatePoint(point: EstimatePoint) {
  return {
    id: point.id,
    estimate: point.estimateId,
    key: point.key,
    value: point.value,
    description: point.description,
    project: point.projectId,
    workspace: point.workspaceId,
    created_at: iso(point.createdAt),
    updated_at: iso(point.updatedAt),
    deleted_at: iso(point.deletedAt),
    created_by: point.createdBy,
    updated_by: point.updatedBy,
    version: point.version,
  };
}

/** An Estimate with its live points, sorted by key (spec §9). */
export function presentEstimate(estimate: Estimate, points: EstimatePoint[]) {
  return {
    id: estimate.id,
    name: estimate.name,
    description: estimate.description,
    type: estimate.type,
    last_used: estimate.lastUsed,
    project: estimate.projectId,
    workspace: estimate.workspaceId,
    points: [...points].sort((a, b) => a.key - b.key).map(presentEstimatePoint),
    created_at: iso(estimate.createdAt),
    updated_at: iso(estimate.updatedAt),
    deleted_at: iso(estimate.deletedAt),
    created_by: estimate.createdBy,
    updated_by: estimate.updatedBy,
    version: estimate.version,
  };
}
