// Request bodies of the instance admin API (reference §2.2): instance fields and configuration keys.
import { z } from 'zod';
import { authorshipFields, nullableInstant } from './responses';
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

// ——— Responses ———

/** The `instance` object of `GET /api/instances/` (and the PATCH answer). */
export const instanceResponse = z.strictObject({
  id: z.string(),
  created_at: nullableInstant,
  updated_at: nullableInstant,
  deleted_at: z.null(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  instance_name: z.string(),
  whitelist_emails: z.unknown(),
  instance_id: z.string(),
  current_version: z.string(),
  latest_version: z.string().nullable(),
  edition: z.string(),
  domain: z.string(),
  last_checked_at: nullableInstant,
  namespace: z.string().nullable(),
  is_telemetry_enabled: z.boolean(),
  is_support_required: z.boolean(),
  is_setup_done: z.boolean(),
  is_signup_screen_visited: z.boolean(),
  is_verified: z.boolean(),
  is_test: z.boolean(),
  is_current_version_deprecated: z.boolean(),
  workspaces_exist: z.boolean(),
});
export type InstanceInfo = z.infer<typeof instanceResponse>;

/** The public instance config the sign-in screens read. */
const instanceConfigResponse = z.strictObject({
  enable_signup: z.boolean(),
  is_workspace_creation_disabled: z.boolean(),
  is_google_enabled: z.boolean(),
  is_github_enabled: z.boolean(),
  is_gitlab_enabled: z.boolean(),
  is_gitea_enabled: z.boolean(),
  is_magic_login_enabled: z.boolean(),
  is_email_password_enabled: z.boolean(),
  is_smtp_configured: z.boolean(),
  github_app_name: z.string(),
  slack_client_id: z.null(),
  posthog_api_key: z.null(),
  posthog_host: z.null(),
  has_unsplash_configured: z.boolean(),
  has_llm_configured: z.boolean(),
  file_size_limit: z.number(),
  admin_base_url: z.string(),
  space_base_url: z.string(),
  app_base_url: z.string(),
  instance_changelog_url: z.string(),
  is_self_managed: z.boolean(),
});
export type InstanceConfig = z.infer<typeof instanceConfigResponse>;

/** `GET /api/instances/`: the instance and its public config. */
export const instanceStatusResponse = z.strictObject({ instance: instanceResponse, config: instanceConfigResponse });

/** One row of `instances/configurations/` (secret values already masked). */
export const instanceConfigurationResponse = z.strictObject({
  id: z.string(),
  key: z.string(),
  value: z.string(),
  category: z.string(),
  is_encrypted: z.boolean(),
  ...authorshipFields,
});
export type InstanceConfigurationRow = z.infer<typeof instanceConfigurationResponse>;
