// Feeds webhook deliveries from the change log (DESIGN "The sync engine" 1): for each workspace with
// a webhook, read the changes after its cursor (`webhook_cursors`), queue one delivery job per change
// and matching active webhook, and move the cursor — all in one transaction, so each change becomes
// its deliveries exactly once, whatever crashes. The cursor row is taken FOR UPDATE SKIP LOCKED, so
// several instances feed different workspaces and never the same one twice. Change ids of one
// workspace become visible in id order (record-change.ts takes a per-workspace lock), so `id > cursor`
// misses nothing. Woken by this process's commits, by NOTIFY from other processes, and by a poll.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHANGES_CHANNEL } from '../../db/change-notify';
import { webhookCursors, webhooks, type Webhook } from '../../db/schema/index';
import type { WebhookEvent } from '../../shared/schemas/webhook';
import type { ServerContext } from '../context';
import { enqueueJobs } from '../job-queue';
import { readChanges } from '../live/record-change';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_MAX_RETRIES, type DeliveryPayload } from './webhook-delivery';

/** Changes read per workspace and transaction. */
export const WEBHOOK_FEED_BATCH = 500;

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

/** The documented body (API.md): `{event, action, webhook_id, workspace_id, data, activity}`. */
export function webhookBody(hook: Pick<Webhook, 'id' | 'workspaceId'>, change: { entity: string; op: string; data: unknown; actorId: string | null }): string {
  const event = WEBHOOK_EVENT_OF_ENTITY[change.entity] ?? change.entity;
  return JSON.stringify({
    event,
    action: ACTIONS[change.op as keyof typeof ACTIONS] ?? change.op,
    webhook_id: hook.id,
    workspace_id: hook.workspaceId,
    data: change.data ?? null,
    activity: { field: null, new_value: null, old_value: null, actor: change.actorId ? { id: change.actorId } : null, old_identifier: null, new_identifier: null },
  });
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
    const payloads: DeliveryPayload[] = [];
    for (const change of batch) {
      const event = WEBHOOK_EVENT_OF_ENTITY[change.entity];
      if (!event) continue;
      for (const hook of hooks) {
        if (!hook[TOGGLE[event]]) continue;
        payloads.push({ webhookId: hook.id, workspaceId, deliveryId: randomUUID(), event, body: webhookBody(hook, change) });
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
export async function feedWebhooks(ctx: ServerContext): Promise<number> {
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
