// Webhooks of a workspace (spec §7, API.md "Webhooks", reference §10): CRUD with event toggles, the
// secret (`trl_wh_` + 32 hex) shown only by create and regenerate, the delivery log and redelivery.
// Delivery itself is server/services/integrations/webhook-delivery.ts, fed by server/services/integrations/webhook-feed.ts.
// Webhook settings are admin configuration, not synced entities: they record no change events (the
// secret must never travel on the live stream).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { reactionCursors, webhookLogs, webhooks, type Webhook } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import { WEBHOOK_SECRET_PREFIX, type CreateWebhookBody, type UpdateWebhookBody } from '../../../shared/schemas/webhook';
import type { WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { enqueueJob } from '../../job-queue';
import { workspaceHeadSql } from '../../live/record-change';
import { presentWebhook, presentWebhookLog } from './presenters/webhook';
import { randomToken } from '../../security';
import { checkOutboundUrl, OutboundRefusedError } from '../../outbound/guard';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_MAX_RETRIES, type DeliveryPayload } from './webhook-delivery';

/** How many attempts the log answer holds (newest first). */
const WEBHOOK_LOG_LIMIT = 500;

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomToken(16)}`;

async function checkedUrl(ctx: ServerContext, raw: string): Promise<string> {
  try {
    await checkOutboundUrl(raw, ctx.config.webhookAllowedHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw ValidationError.field('url', error.message);
    throw error;
  }
  return raw.trim();
}

/** Serialises saves of one URL in a workspace, then refuses a URL another webhook already has (409). */
async function assertUrlFree(tx: Db, workspaceId: string, url: string, exceptId?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-url:${workspaceId}:${url}`}, 0))`);
  const [taken] = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.url, url), isNull(webhooks.deletedAt), exceptId ? ne(webhooks.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new ConflictError('URL already exists for the workspace');
}

const toggles = (body: UpdateWebhookBody) => ({
  ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
  ...(body.project !== undefined ? { project: body.project } : {}),
  ...(body.issue !== undefined ? { issue: body.issue } : {}),
  ...(body.cycle !== undefined ? { cycle: body.cycle } : {}),
  ...(body.module !== undefined ? { module: body.module } : {}),
  ...(body.issue_comment !== undefined ? { issueComment: body.issue_comment } : {}),
});

/**
 * Creates a webhook; the answer alone carries the secret. The workspace's feed cursor starts at its
 * current change-log head, so only changes after this commit are delivered.
 * @throws ValidationError (url), ConflictError (duplicate url).
 */
export async function createWebhook(ctx: ServerContext, actor: WorkspaceActor, body: CreateWebhookBody) {
  const url = await checkedUrl(ctx, body.url);
  const row = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await assertUrlFree(db, actor.workspace.id, url);
    const [created] = await db
      .insert(webhooks)
      .values({ workspaceId: actor.workspace.id, url, secretKey: newSecret(), isActive: true, ...toggles(body), createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    // A new workspace's webhooks reaction may not have started yet: start it here, not at the log's beginning.
    await db.execute(sql`
      insert into ${reactionCursors} (reaction, workspace_id, last_change_id)
      values ('webhooks', ${actor.workspace.id}, ${workspaceHeadSql(sql`${actor.workspace.id}::uuid`)})
      on conflict do nothing`);
    return created;
  });
  return presentWebhook(row, { withSecret: true });
}

const liveWebhooks = (actor: WorkspaceActor) => and(eq(webhooks.workspaceId, actor.workspace.id), isNull(webhooks.deletedAt));

async function loadWebhook(ctx: ServerContext, actor: WorkspaceActor, webhookId: string): Promise<Webhook> {
  const [row] = await ctx.db.select().from(webhooks).where(and(eq(webhooks.id, webhookId), liveWebhooks(actor))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** The workspace's webhooks, oldest first, without secrets. */
export async function listWebhooks(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db.select().from(webhooks).where(liveWebhooks(actor)).orderBy(webhooks.createdAt, webhooks.id);
  return rows.map((row) => presentWebhook(row));
}

/** @throws NotFoundError. */
export async function getWebhook(ctx: ServerContext, actor: WorkspaceActor, webhookId: string) {
  return presentWebhook(await loadWebhook(ctx, actor, webhookId));
}

/** Changes the URL (checked again) and toggles. @throws NotFoundError, ValidationError, ConflictError. */
export async function updateWebhook(ctx: ServerContext, actor: WorkspaceActor, webhookId: string, body: UpdateWebhookBody) {
  await loadWebhook(ctx, actor, webhookId);
  const url = body.url !== undefined ? await checkedUrl(ctx, body.url) : undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (url !== undefined) await assertUrlFree(db, actor.workspace.id, url, webhookId);
    const [updated] = await db
      .update(webhooks)
      .set({ ...(url !== undefined ? { url } : {}), ...toggles(body), updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(webhooks.id, webhookId), isNull(webhooks.deletedAt)))
      .returning();
    return updated;
  });
  if (!row) throw new NotFoundError();
  return presentWebhook(row);
}

/** Soft-deletes the webhook; its queued deliveries find it gone and stop. @throws NotFoundError. */
export async function deleteWebhook(ctx: ServerContext, actor: WorkspaceActor, webhookId: string): Promise<void> {
  await loadWebhook(ctx, actor, webhookId);
  const now = new Date();
  await ctx.db.update(webhooks).set({ isActive: false, deletedAt: now, updatedAt: now, updatedBy: actor.userId }).where(eq(webhooks.id, webhookId));
}

/** A new secret, answered once; deliveries signed from now on use it. @throws NotFoundError. */
export async function regenerateWebhookSecret(ctx: ServerContext, actor: WorkspaceActor, webhookId: string) {
  await loadWebhook(ctx, actor, webhookId);
  const [row] = await ctx.db
    .update(webhooks)
    .set({ secretKey: newSecret(), updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(webhooks.id, webhookId))
    .returning();
  return presentWebhook(row, { withSecret: true });
}

/** Every logged attempt of the webhook, newest first (at most WEBHOOK_LOG_LIMIT). @throws NotFoundError. */
export async function listWebhookLogs(ctx: ServerContext, actor: WorkspaceActor, webhookId: string) {
  await loadWebhook(ctx, actor, webhookId);
  const rows = await ctx.db
    .select()
    .from(webhookLogs)
    .where(and(eq(webhookLogs.webhookId, webhookId), eq(webhookLogs.workspaceId, actor.workspace.id)))
    .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.retryCount))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(presentWebhookLog);
}

/**
 * Queues the logged delivery again as a new delivery (new X-Trellis-Delivery, same body, signed with
 * the current secret), whether the webhook is active or not. @throws NotFoundError.
 */
export async function redeliverWebhookLog(ctx: ServerContext, actor: WorkspaceActor, webhookId: string, logId: string) {
  await loadWebhook(ctx, actor, webhookId);
  const [log] = await ctx.db
    .select()
    .from(webhookLogs)
    .where(and(eq(webhookLogs.id, logId), eq(webhookLogs.webhookId, webhookId), eq(webhookLogs.workspaceId, actor.workspace.id)))
    .limit(1);
  if (!log || log.requestBody === null) throw new NotFoundError();
  const payload: DeliveryPayload = {
    webhookId,
    workspaceId: actor.workspace.id,
    deliveryId: randomUUID(),
    event: log.eventType ?? 'unknown',
    body: log.requestBody,
    redelivery: true,
  };
  await ctx.db.transaction((tx) => enqueueJob(tx as unknown as Db, WEBHOOK_DELIVERY_QUEUE, payload, { maxAttempts: WEBHOOK_MAX_RETRIES + 1 }));
  return { message: 'Redelivery queued' };
}
