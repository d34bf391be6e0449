// Turns webhook and webhook-log rows into their wire objects (reference §10; API.md: the secret only
// on create and regenerate).
import type { Webhook, WebhookLog } from '../../../../db/schema/index';
import type { WebhookLogWire, WebhookWire } from '../../../../shared/schemas/webhook';

/** The Webhook read shape; pass `withSecret` only in the create and regenerate answers. */
export function presentWebhook(row: Webhook, options: { withSecret?: boolean } = {}): WebhookWire {
  return {
    id: row.id,
    workspace: row.workspaceId,
    url: row.url,
    is_active: row.isActive,
    ...(options.withSecret ? { secret_key: row.secretKey } : {}),
    project: row.project,
    issue: row.issue,
    cycle: row.cycle,
    module: row.module,
    issue_comment: row.issueComment,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}

/** One delivery attempt as the log lists it. */
export function presentWebhookLog(row: WebhookLog): WebhookLogWire {
  return {
    id: row.id,
    workspace: row.workspaceId,
    webhook: row.webhookId,
    event_type: row.eventType,
    request_method: row.requestMethod,
    request_headers: row.requestHeaders,
    request_body: row.requestBody,
    response_status: row.responseStatus,
    response_headers: row.responseHeaders,
    response_body: row.responseBody,
    retry_count: row.retryCount,
    delivery_id: row.deliveryId,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}
