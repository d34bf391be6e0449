// Request bodies and params of the label routes (reference §7).
import { z } from 'zod';
import { boundedString, nonEmptyString, uuidSchema } from './common';
import { projectParams } from './project';

const labelColor = boundedString(32);

export const labelParams = projectParams.extend({ labelId: uuidSchema });

export const createLabelBody = z.object({
  name: nonEmptyString(255),
  color: labelColor.optional(),
  description: boundedString(2_000).optional(),
  parent: uuidSchema.nullable().optional(),
  sort_order: z.number().finite().optional(),
});
export type CreateLabelBody = z.infer<typeof createLabelBody>;

export const updateLabelBody = createLabelBody.partial();
export type UpdateLabelBody = z.infer<typeof updateLabelBody>;

export const bulkCreateLabelsBody = z.object({
  label_data: z.array(z.object({ name: nonEmptyString(255), description: boundedString(2_000).optional() })).min(1).max(500),
});
export type BulkCreateLabelsBody = z.infer<typeof bulkCreateLabelsBody>;

// ——— Responses ———

/** One Label (reference §7). */
export const labelResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  parent: z.string().nullable(),
  sort_order: z.number(),
  project_id: z.string().nullable(),
  workspace_id: z.string(),
  version: z.number().int(),
});
export type Label = z.infer<typeof labelResponse>;
