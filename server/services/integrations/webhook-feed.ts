// Feeds webhook deliveries from the change log (DESIGN "The sync engine" 1): for each workspace with
// a webhook, read the changes after its cursor (`webhook_cursors`), queue one delivery job per change
// and matching active webhook (an update that names its changed fields: one per field, reference §10),
// and move the cursor — all in one transaction, so each change becomes
// its deliveries exactly once, whatever crashes. The cursor row is taken FOR UPDATE SKIP LOCKED, so
// several instances feed different workspaces and never the same one twice. Change ids of one
// workspace become visible in id order (record-change.ts takes a per-workspace lock), so `id > cursor`
// misses nothing. Woken by this process's commits, by NOTIFY from other processes, and by a poll.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { CHANGES_CHANNEL } from '../../../db/change-notify';
import { users, webhookCursors, webhooks, type Webhook } from '../../../db/schema/index';
import type { WebhookEvent } from '../../../shared/schemas/webhook';
import type { ServerContext } from '../../context';
import { enqueueJobs } from '../../job-queue';
import { readChanges, type Change, type FieldChange } from '../../live/record-change';
import { presentUserLite, type UserLite } from '../../presenters/issue-activity';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_MAX_RETRIES, type DeliveryPayload } from './webhook-delivery';

/** Changes read per workspace and transaction. */
const WEBHOOK_FEED_BATCH = 500;

/** Which toggle a change-log entity falls under (reference §10 "Triggered per event type toggle"). */
const WEBHOOK_EVENT_OF_ENTITY: Record<string, WebhookEvent> = {
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
function webhookBodies(hook: Pick<Webhook, 'id' | 'workspaceId'>, change: Pick<Change, 'entity' | 'op' | 'data' | 'fields'>, actor: UserLite | null): string[] {
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
async function batchActors(tx: Db, batch: Change[]): Promise<Map<string, UserLite>> {
  const ids = [...new Set(batch.filter((change) => change.actorId && WEBHOOK_EVENT_OF_ENTITY[change.entity]).map((change) => change.actorId!))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar, isBot: users.isBot, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, presentUserLite(row)!]));
}

/** Feeds one workspace's next batch; returns how many changes it consumed (0: nothing new or busy elsewhere). */
async function feedWorkspace(ctx: ServerContext, workspaceId: string): Promise<number> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [cursor] = await tx.select().from(webhookCursors).where(eq(webhookCursors.workspaceId, workspaceId)).for('update', { skipLocked: true });
    if (!cursor) return 0;
    const batch = await readChanges(tx, workspaceId, cursor.lastChangeId, WEBHOOK_FEED_BATCH);
    if (batch.length === 0) return 0;
    const hooks = await tx
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.isActive, true), isNull(webhooks.deletedAt)));
    const actors = hooks.length ? await batchActors(tx, batch) : new Map<string, UserLite>();
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
    await tx
      .update(webhookCursors)
      .set({ lastChangeId: batch[batch.length - 1].id, updatedAt: new Date() })
      .where(eq(webhookCursors.workspaceId, workspaceId));
    return batch.length;
  });
}

/** One pass: every workspace whose cursor is behind, until each is caught up. Returns changes consumed. */
async function feedWebhooks(ctx: ServerContext): Promise<number> {
  const behind = await ctx.database.query<{ workspace_id: string }>(sql`
    select c.workspace_id from webhook_cursors c
    where exists (select 1 from changes ch where ch.workspace_id = c.workspace_id and ch.id > c.last_change_id)`);
  let consumed = 0;
  for (const { workspace_id: workspaceId } of behind) {
    for (;;) {
      const n = await feedWorkspace(ctx, workspaceId);
      consumed += n;
      if (n < WEBHOOK_FEED_BATCH) break;
    }
  }
  return consumed;
}

/** Runs the feed on commits, NOTIFY and every `pollMs` until the returned stop function is called. */
export async function startWebhookFeed(ctx: ServerContext, options: { pollMs?: number; onError: (error: unknown) => void }): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = feedWebhooks(ctx)
      .then(() => undefined, options.onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const onCommit = () => wake();
  ctx.afterCommit.push(onCommit);
  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await ctx.database.listen(CHANGES_CHANNEL, wake);
  } catch (error) {
    options.onError(error);
  }
  const timer = setInterval(wake, options.pollMs ?? 1000);
  timer.unref();
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    const index = ctx.afterCommit.indexOf(onCommit);
    if (index >= 0) ctx.afterCommit.splice(index, 1);
    await unlisten?.().catch(() => {});
    await running;
  };
}
