// Request bodies and params of the estimate routes (reference §8).
import { z } from 'zod';
import { authorshipFields, nullableInstant } from './responses';
import { boundedString, uuidSchema } from './common';
import { projectParams } from './project';

const ESTIMATE_VALUE_MAX_LENGTH = 20;
const VALUE_TOO_LONG = "Value can't be more than 20 characters";

const pointKey = z.number().int().min(0).max(1_000);
const pointValue = z.string().trim().min(1, 'This field may not be blank.').max(ESTIMATE_VALUE_MAX_LENGTH, VALUE_TOO_LONG);

export const estimateParams = projectParams.extend({ estimateId: uuidSchema });
export const estimatePointParams = estimateParams.extend({ pointId: uuidSchema });

const estimateFields = z.object({
  name: boundedString(255).optional(),
  description: boundedString(2_000).optional(),
  type: boundedString(64).optional(),
  last_used: z.boolean().optional(),
});

export const createEstimateBody = z.object({
  estimate: estimateFields.optional(),
  estimate_points: z
    .array(z.object({ key: pointKey, value: pointValue, description: boundedString(2_000).optional() }))
    .max(100),
});
export type CreateEstimateBody = z.infer<typeof createEstimateBody>;

export const updateEstimateBody = z.object({
  estimate: estimateFields.optional(),
  estimate_points: z
    .array(z.object({ id: uuidSchema, key: pointKey.optional(), value: pointValue.optional(), description: boundedString(2_000).optional() }))
    .max(100)
    .optional(),
});
export type UpdateEstimateBody = z.infer<typeof updateEstimateBody>;

/** Key and value are checked by the service, so a missing one answers the contract's `{"error"}`. */
export const createEstimatePointBody = z.object({
  key: pointKey.optional(),
  value: pointValue.optional(),
  description: boundedString(2_000).optional(),
});
export type CreateEstimatePointBody = z.infer<typeof createEstimatePointBody>;

export const updateEstimatePointBody = createEstimatePointBody;
export type UpdateEstimatePointBody = z.infer<typeof updateEstimatePointBody>;

export const deleteEstimatePointBody = z.object({ new_estimate_id: uuidSchema.nullable().optional() }).nullish();

// ——— Responses ———

export const estimatePointResponse = z.strictObject({
  id: z.string(),
  estimate: z.string(),
  key: z.number().int(),
  value: z.string(),
  description: z.string(),
  project: z.string(),
  workspace: z.string(),
  ...authorshipFields,
  deleted_at: nullableInstant,
  version: z.number().int(),
});
export type EstimatePoint = z.infer<typeof estimatePointResponse>;

/** An Estimate with its live points, sorted by key. */
export const estimateResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  last_used: z.boolean(),
  project: z.string(),
  workspace: z.string(),
  points: z.array(estimatePointResponse),
  ...authorshipFields,
  deleted_at: nullableInstant,
  version: z.number().int(),
});
export type Estimate = z.infer<typeof estimateResponse>;
