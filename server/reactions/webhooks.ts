// Webhook deliveries (reference §10), after the commit: each change of a webhook-visible entity
// becomes one delivery job per matching active webhook (server/services/webhook-feed.ts builds them;
// server/services/webhook-delivery.ts sends them with retries).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { reusableStatement } from '../../db/reusable-statement';
import { webhooks as webhookRows } from '../../db/schema/index';
import { LIVE_ENTITIES, type LiveEntity } from '../../shared/live-protocol';
import { WEBHOOK_EVENT_OF_ENTITY, enqueueWebhookDeliveries } from '../services/integrations/webhook-feed';
import type { Reaction } from './reaction';

const WEBHOOK_ENTITIES = LIVE_ENTITIES.filter((entity: LiveEntity) => entity in WEBHOOK_EVENT_OF_ENTITY);

/** Whether the workspace has an active webhook: asked on most feed passes, so built once. */
const activeWebhookStatement = reusableStatement((db) =>
  db
    .select({ id: webhookRows.id })
    .from(webhookRows)
    .where(and(eq(webhookRows.workspaceId, sql.placeholder('workspaceId')), eq(webhookRows.isActive, true), isNull(webhookRows.deletedAt)))
    .limit(1)
    .prepare('active_webhook'),
);

export const webhooks: Reaction = {
  name: 'webhooks',
  runs: 'after-commit',
  applicableEvents: WEBHOOK_ENTITIES.map((entity) => ({ entity, ops: ['create', 'update', 'delete'] as const })),
  // Changes that race the first webhook's creation may be skipped, as before this feed was a reaction
  // (the webhook's cursor started at the head when it was created, services/webhook.ts).
  async idleIn(db, workspaceId) {
    const [hook] = await activeWebhookStatement(db, { workspaceId });
    return !hook;
  },
  async perform(tx, changes) {
    const workspaceId = changes[0]?.workspaceId;
    if (workspaceId) await enqueueWebhookDeliveries(tx, workspaceId, changes);
  },
};
