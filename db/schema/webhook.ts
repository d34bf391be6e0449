// Outgoing webhooks of a workspace and the log of their deliveries.
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, cascadeRef, id, softDelete } from './columns';
import { workspaces } from './workspace';

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    url: text().notNull(),
    isActive: boolean().notNull().default(true),
    // Security: the HMAC signing secret; never include it in list responses.
    secretKey: text().notNull(),
    project: boolean().notNull().default(false),
    issue: boolean().notNull().default(false),
    module: boolean().notNull().default(false),
    cycle: boolean().notNull().default(false),
    issueComment: boolean().notNull().default(false),
    isInternal: boolean().notNull().default(false),
    /** Payload format version ("v1"), not a sync version. */
    version: text().notNull().default('v1'),
    ...audit,
    ...softDelete,
  },
  (t) => [index().on(t.workspaceId), ...auditAndSoftDeleteIndexes(t)],
);

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    webhookId: cascadeRef(() => webhooks.id),
    eventType: text(),
    requestMethod: text(),
    requestHeaders: text(),
    requestBody: text(),
    responseStatus: text(),
    responseHeaders: text(),
    responseBody: text(),
    retryCount: integer().notNull().default(0),
    /** X-Trellis-Delivery: one id per delivery, the same on each of its attempts. */
    deliveryId: uuid(),
    /** Time from sending the request to the end of the response (or the error), in ms. */
    durationMs: integer(),
    ...audit,
  },
  (t) => [index().on(t.workspaceId), index().on(t.webhookId, t.createdAt), ...authorshipIndexes(t)],
);

export type Webhook = typeof webhooks.$inferSelect;
export type WebhookLog = typeof webhookLogs.$inferSelect;
