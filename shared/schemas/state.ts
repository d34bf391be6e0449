// Request bodies and params of the state routes (reference §6).
import { z } from 'zod';
import { boundedString, hexColorSchema, nonEmptyString, uuidSchema } from './common';
import { projectParams } from './project';

/** The groups a request may name; `triage` passes validation so the service can answer its own error. */
const stateGroup = z.enum(['backlog', 'unstarted', 'started', 'completed', 'cancelled', 'triage']);

export const stateParams = projectParams.extend({ stateId: uuidSchema });
export const stateListQuery = z.object({ grouped: z.enum(['true', 'false']).optional() });

export const createStateBody = z.object({
  name: nonEmptyString(255),
  color: hexColorSchema,
  group: stateGroup,
  description: boundedString(2_000).optional(),
  default: z.boolean().optional(),
  sequence: z.number().finite().optional(),
});
export type CreateStateBody = z.infer<typeof createStateBody>;

export const updateStateBody = createStateBody.partial();
export type UpdateStateBody = z.infer<typeof updateStateBody>;

// ——— Responses ———

/** One State (reference §6); `order` is its position in its group divided by the group's size. */
export const stateResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  color: z.string(),
  group: z.string(),
  default: z.boolean(),
  description: z.string(),
  sequence: z.number(),
  order: z.number().nullable(),
  version: z.number().int(),
});
export type State = z.infer<typeof stateResponse>;
/** GET `states/`: a list, or with `?grouped=true` the lists by group. */
export const stateListResponse = z.union([z.array(stateResponse), z.record(z.string(), z.array(stateResponse))]);
