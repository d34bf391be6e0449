// Request bodies of the instance admin API (reference §2.2): instance fields and configuration keys.
import { z } from 'zod';
import { boundedString, safeString } from './common';

/** `PATCH /api/instances/`: the writable instance fields (id, last_checked_at, is_setup_done are read-only). */
export const instancePatchBody = z.object({
  instance_name: boundedString(255).optional(),
  domain: boundedString(255).optional(),
  namespace: boundedString(255).nullable().optional(),
  is_telemetry_enabled: z.boolean().optional(),
  is_support_required: z.boolean().optional(),
  whitelist_emails: z.array(boundedString(255)).max(1000).nullable().optional(),
});
export type InstancePatchBody = z.infer<typeof instancePatchBody>;

/** `PATCH /api/instances/configurations/`: `{KEY: value}`; booleans and numbers become strings. */
export const configurationPatchBody = z
  .record(
    z.string().max(100),
    z.union([safeString().max(5000), z.number(), z.boolean(), z.null()]).transform((value) => {
      if (value === null) return '';
      if (typeof value === 'boolean') return value ? '1' : '0';
      return String(value);
    }),
  )
  .refine((record) => Object.keys(record).length <= 100, 'Too many keys.');
export type ConfigurationPatchBody = z.infer<typeof configurationPatchBody>;
