// Estimates and estimate points on Plane's public API (/api/v1): Plane speaks of THE estimate of a
// project (`estimates/`, no id) with flat bodies; the app API's bodies nest them (`{estimate: {…}}`).
import { z } from 'zod';
import { boundedString } from '../common';
import { createEstimateBody, createEstimatePointBody } from '../estimate';

const estimateFields = {
  name: boundedString(255).optional(),
  description: boundedString(2_000).optional(),
  external_id: boundedString(255).optional(),
  external_source: boundedString(255).optional(),
};
/** POST `estimates/`: Plane's flat fields, or the app's `{estimate, estimate_points}`. */
export const v1CreateEstimateBody = z.object({
  ...estimateFields,
  type: boundedString(64).optional(),
  last_used: z.boolean().optional(),
  estimate: createEstimateBody.shape.estimate,
  estimate_points: createEstimateBody.shape.estimate_points.optional(),
});
export const v1UpdateEstimateBody = z.object(estimateFields);

/** POST `estimate-points/`: Plane's SDK sends a JSON array of points; one point alone is taken too. */
export const v1CreateEstimatePointsBody = z.union([z.array(createEstimatePointBody).max(100), createEstimatePointBody]);

export const v1EstimatePoint = z.looseObject({ id: z.string(), estimate: z.string(), key: z.number().int(), value: z.string(), project: z.string(), workspace: z.string() });
export const v1Estimate = z.looseObject({ id: z.string(), name: z.string(), type: z.string(), project: z.string(), workspace: z.string() });
