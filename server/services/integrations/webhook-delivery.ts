// Sends one webhook delivery per job attempt (API.md "Webhooks"): `POST <url>` with the body fixed
// when the delivery was queued, headers X-Trellis-Event, X-Trellis-Delivery (one uuid per delivery,
// the same on its retries) and X-Trellis-Signature (hex HMAC-SHA256 of the exact body bytes with the
// webhook's current secret), plus X-Trellis-Attempt. Every attempt is logged in `webhook_logs`.
// Network errors, timeouts, 429 and 5xx are retried by the job queue with exponential backoff
// (WEBHOOK_RETRY_BASE_MS, doubled); after the 5th failed retry the webhook is deactivated. Any other
// 4xx, and a target refused by the address rules, is logged once and not retried. The target is
// re-checked at send time by the one outbound guard (server/outbound/): the address given literally
// and every DNS answer the request connects to; redirects are not followed.
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import { webhookLogs, webhooks } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { PermanentJobError, type JobQueue, type JobRun } from '../../job-queue';
import { OutboundRefusedError, parseOutboundUrl } from '../../outbound/guard';
import { sendOutbound } from '../../outbound/request';

export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.deliver';
/** Retries after the first attempt (API.md: at most 5, then the webhook is deactivated). */
export const WEBHOOK_MAX_RETRIES = 5;
const WEBHOOK_TIMEOUT_MS = 30_000;
/** How much of a response body the log keeps. */
const RESPONSE_EXCERPT_BYTES = 2048;

/** A queued delivery: the body is fixed at queue time so every attempt signs the same bytes. */
export interface DeliveryPayload {
  webhookId: string;
  workspaceId: string;
  deliveryId: string;
  event: string;
  body: string;
  /** Queued by the redeliver action: sent even when the webhook is inactive. */
  redelivery?: boolean;
}

/** Hex HMAC-SHA256 of the body bytes with the secret (what X-Trellis-Signature carries). */
export function signWebhookBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

interface Outcome {
  status: number | null;
  headers: IncomingHttpHeaders | null;
  body: string;
  error: Error | null;
}

/** One POST through the outbound guard, resolved with the response (first bytes) or the error; never rejects. */
async function post(url: URL, body: string, headers: Record<string, string>, allowedHosts: readonly string[], timeoutMs: number): Promise<Outcome> {
  try {
    const answer = await sendOutbound(url, { method: 'POST', headers, body, allowedHosts, timeoutMs, keepBytes: RESPONSE_EXCERPT_BYTES });
    return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8'), error: null };
  } catch (error) {
    return { status: null, headers: null, body: '', error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Retried: network errors, timeouts, 429 and 5xx (API.md "Details settled"). */
const isRetryable = (outcome: Outcome) => outcome.status === null || outcome.status === 429 || outcome.status >= 500;

/** Sends the attempt `job.attempt` of one delivery and logs it; throws to have the queue retry. */
async function deliverWebhook(ctx: ServerContext, job: JobRun<DeliveryPayload>): Promise<void> {
  const { webhookId, deliveryId, event, body, redelivery } = job.payload;
  const [hook] = await ctx.db.select().from(webhooks).where(and(eq(webhooks.id, webhookId), isNull(webhooks.deletedAt))).limit(1);
  // Deleted, or deactivated since it was queued: nothing to send.
  if (!hook || (!hook.isActive && !redelivery)) return;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Trellis-Webhook/1',
    'X-Trellis-Event': event,
    'X-Trellis-Delivery': deliveryId,
    'X-Trellis-Attempt': String(job.attempt),
    'X-Trellis-Signature': signWebhookBody(hook.secretKey, body),
  };
  const started = performance.now();
  let outcome: Outcome;
  try {
    const url = parseOutboundUrl(hook.url);
    outcome = await post(url, body, headers, ctx.config.webhookAllowedHosts, WEBHOOK_TIMEOUT_MS);
  } catch (error) {
    outcome = { status: null, headers: null, body: '', error: error instanceof Error ? error : new Error(String(error)) };
  }
  const durationMs = Math.round(performance.now() - started);
  const refused = outcome.error instanceof OutboundRefusedError;
  await ctx.db.insert(webhookLogs).values({
    workspaceId: hook.workspaceId,
    webhookId,
    eventType: event,
    requestMethod: 'POST',
    requestHeaders: JSON.stringify(headers),
    requestBody: body,
    responseStatus: outcome.status === null ? null : String(outcome.status),
    responseHeaders: outcome.headers ? JSON.stringify(outcome.headers) : null,
    responseBody: outcome.error ? outcome.error.message : outcome.body,
    retryCount: job.attempt - 1,
    deliveryId,
    durationMs,
  });
  if (outcome.status !== null && outcome.status < 400) return;
  const reason = outcome.error?.message ?? `HTTP ${outcome.status}`;
  if (refused || !isRetryable(outcome)) throw new PermanentJobError(`not retried: ${reason}`);
  if (job.isLastAttempt) {
    if (!redelivery) {
      await ctx.db
        .update(webhooks)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.isActive, true)));
    }
    throw new PermanentJobError(`gave up after ${job.attempt} attempts: ${reason}`);
  }
  throw new Error(reason);
}

/** Registers the delivery handler on the process's job queue. */
export function registerWebhookDelivery(ctx: ServerContext, queue: JobQueue): void {
  queue.register<DeliveryPayload>(WEBHOOK_DELIVERY_QUEUE, (job) => deliverWebhook(ctx, job), {
    backoffBaseMs: ctx.config.WEBHOOK_RETRY_BASE_MS,
    maxBackoffMs: 24 * 3_600_000,
  });
}
