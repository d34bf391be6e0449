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
