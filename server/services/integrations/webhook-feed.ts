// What a change of the log becomes as webhook deliveries (DESIGN "The sync engine" 1): one delivery
// job per change and matching active webhook (an update that names its changed fields: one per field,
// reference §10). Run by the webhooks reaction (server/reactions/webhooks.ts) from the change log, in
// the transaction that moves its cursor, so each change becomes its deliveries exactly once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, webhooks, type Webhook } from '../../../db/schema/index';
import type { WebhookEvent } from '../../../shared/schemas/webhook';
import { enqueueJobs } from '../../job-queue';
import type { Change, FieldChange } from '../../live/record-change';
import { presentUserLite, type UserLite } from '../work-items/presenters/issue-activity';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_MAX_RETRIES, type DeliveryPayload } from './webhook-delivery';

/** Which toggle a change-log entity falls under (reference §10 "Triggered per event type toggle"). */
export const WEBHOOK_EVENT_OF_ENTITY: Record<string, WebhookEvent> = {
  project: 'project',
  issue: 'issue',
  cycle: 'cycle',
  cycle_issue: 'cycle',
  module: 'module',
  module_issue: 'module',
  comment: 'issue_comment',
  issue_comment: 'issue_comment',
};

const ACTIONS = { create: 'created', update: 'updated', delete: 'deleted' } as const;

const TOGGLE: Record<WebhookEvent, keyof Pick<Webhook, 'project' | 'issue' | 'cycle' | 'module' | 'issueComment'>> = {
  project: 'project',
  issue: 'issue',
  cycle: 'cycle',
  module: 'module',
  issue_comment: 'issueComment',
};

/**
 * The documented bodies (API.md, reference §10) of one change: `{event, action, webhook_id,
 * workspace_id, data, activity}`, one per changed field of an update that names them, else one with
 * `activity.field` null (creates, deletes, updates without a field list).
 */
export function webhookBodies(hook: Pick<Webhook, 'id' | 'workspaceId'>, change: Pick<Change, 'entity' | 'op' | 'data' | 'fields'>, actor: UserLite | null): string[] {
  const event = WEBHOOK_EVENT_OF_ENTITY[change.entity] ?? change.entity;
  const fields: Array<FieldChange | null> = change.op === 'update' && change.fields?.length ? change.fields : [null];
  return fields.map((field) =>
    JSON.stringify({
      event,
      action: ACTIONS[change.op as keyof typeof ACTIONS] ?? change.op,
      webhook_id: hook.id,
      workspace_id: hook.workspaceId,
      data: change.data ?? null,
      activity: {
        field: field?.field ?? null,
        new_value: field?.new_value ?? null,
        old_value: field?.old_value ?? null,
        actor,
        old_identifier: field?.old_identifier ?? null,
        new_identifier: field?.new_identifier ?? null,
      },
    }),
  );
}

/** The UserLite (`activity.actor`) of every actor of a batch's webhook changes, read in one query. */
async function batchActors(tx: Db, batch: Array<Pick<Change, 'entity' | 'actorId'>>): Promise<Map<string, UserLite>> {
  const ids = [...new Set(batch.filter((change) => change.actorId && WEBHOOK_EVENT_OF_ENTITY[change.entity]).map((change) => change.actorId!))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar, isBot: users.isBot, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, presentUserLite(row)!]));
}

/**
 * Queues one delivery job per change of `batch` (one workspace's, ascending) and matching active
 * webhook — an update that names its changed fields: one per field (reference §10) — in `tx`.
 */
export async function enqueueWebhookDeliveries(tx: Db, workspaceId: string, batch: Array<Pick<Change, 'entity' | 'op' | 'data' | 'fields' | 'actorId'>>): Promise<void> {
  const hooks = await tx
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.isActive, true), isNull(webhooks.deletedAt)));
  if (hooks.length === 0) return;
  const actors = await batchActors(tx, batch);
  const payloads: DeliveryPayload[] = [];
  for (const change of batch) {
    const event = WEBHOOK_EVENT_OF_ENTITY[change.entity];
    if (!event) continue;
    const actor = change.actorId ? (actors.get(change.actorId) ?? null) : null;
    for (const hook of hooks) {
      if (!hook[TOGGLE[event]]) continue;
      for (const body of webhookBodies(hook, change, actor)) payloads.push({ webhookId: hook.id, workspaceId, deliveryId: randomUUID(), event, body });
    }
  }
  await enqueueJobs(tx, WEBHOOK_DELIVERY_QUEUE, payloads, { maxAttempts: WEBHOOK_MAX_RETRIES + 1 });
}
