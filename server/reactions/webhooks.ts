// Webhook deliveries (reference §10), after the commit: each change of a webhook-visible entity
// becomes one delivery job per matching active webhook (server/services/webhook-feed.ts builds them;
// server/services/webhook-delivery.ts sends them with retries).
import { LIVE_ENTITIES, type LiveEntity } from '../../shared/live-protocol';
import { WEBHOOK_EVENT_OF_ENTITY, enqueueWebhookDeliveries } from '../services/webhook-feed';
import type { Reaction } from './reaction';

const WEBHOOK_ENTITIES = LIVE_ENTITIES.filter((entity: LiveEntity) => entity in WEBHOOK_EVENT_OF_ENTITY);

export const webhooks: Reaction = {
  name: 'webhooks',
  runs: 'after-commit',
  applicableEvents: WEBHOOK_ENTITIES.map((entity) => ({ entity, ops: ['create', 'update', 'delete'] as const })),
  async perform(tx, changes) {
    const workspaceId = changes[0]?.workspaceId;
    if (workspaceId) await enqueueWebhookDeliveries(tx, workspaceId, changes);
  },
};
