// Webhooks of a workspace and their delivery log (spec §7 "Webhooks", API.md "Webhooks", reference §10).
import { z } from 'zod';
import { uuidSchema } from './common';
import { datedAuthorshipFields, nullableInstant } from './responses';

/** The event toggles of a webhook, in the order the settings screen shows them. */
export const WEBHOOK_EVENTS = ['project', 'issue', 'cycle', 'module', 'issue_comment'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The secret's shape: `trl_wh_` + 32 hex (API.md). */
export const WEBHOOK_SECRET_PREFIX = 'trl_wh_';

/** Only the URL's size is bounded here; its scheme and target are checked by the service (400 `{"url": […]}`). */
const webhookUrl = z.string().max(2048);

/** POST /api/workspaces/:slug/webhooks/ — toggles default to false, `is_active` to true. */
export const createWebhookBody = z.object({
  url: webhookUrl,
  is_active: z.boolean().optional(),
  project: z.boolean().optional(),
  issue: z.boolean().optional(),
  cycle: z.boolean().optional(),
  module: z.boolean().optional(),
  issue_comment: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** PATCH …/webhooks/:webhookId/ — `secret_key` is read-only (regenerate it instead). */
export const updateWebhookBody = createWebhookBody.partial();
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookParams = z.object({ slug: z.string().max(255), webhookId: uuidSchema });
export const webhookLogParams = webhookParams.extend({ logId: uuidSchema });

/** A webhook; `secret_key` only in the create and regenerate answers. */
export const webhookResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  url: z.string(),
  is_active: z.boolean(),
  secret_key: z.string().optional(),
  project: z.boolean(),
  issue: z.boolean(),
  cycle: z.boolean(),
  module: z.boolean(),
  issue_comment: z.boolean(),
  ...datedAuthorshipFields,
});
export type WebhookWire = z.infer<typeof webhookResponse>;

/**
 * One delivery attempt (reference §10 plus `delivery_id` and `duration_ms`): `response_status` is
 * the HTTP status as text, or null when no response came (network error, refused target — the reason
 * is in `response_body`); bodies are excerpts (the first 2 kB of the response).
 */
export const webhookLogResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  webhook: z.string(),
  event_type: z.string().nullable(),
  request_method: z.string().nullable(),
  request_headers: z.string().nullable(),
  request_body: z.string().nullable(),
  response_status: z.string().nullable(),
  response_headers: z.string().nullable(),
  response_body: z.string().nullable(),
  retry_count: z.number().int(),
  delivery_id: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  ...datedAuthorshipFields,
  deleted_at: nullableInstant.optional(),
});
export type WebhookLogWire = z.infer<typeof webhookLogResponse>;

/** POST …/redeliver/: the delivery was queued again. */
export const redeliverResponse = z.strictObject({ message: z.string() });
