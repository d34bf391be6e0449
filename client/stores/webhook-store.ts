// Workspace webhooks (GET, POST /api/workspaces/{slug}/webhooks/, PATCH, DELETE …/{id}/,
// POST …/{id}/regenerate/) and their delivery log (GET /api/workspaces/{slug}/webhook-logs/{id}/,
// POST …/{logId}/redeliver/). The secret is returned only by create and regenerate; it is handed to
// the caller and never kept in the store.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../api/http';
import type { Webhook, WebhookEvent, WebhookLog } from '../api/types';
import { createEntityStore, createMutationId } from './create-entity-store';

const webhooks = createEntityStore<Webhook>();

const hooksPath = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/webhooks/`;
const logsPath = (slug: string, webhookId: string) => `/api/workspaces/${encodeURIComponent(slug)}/webhook-logs/${webhookId}/`;

type WebhookToggles = Partial<Record<WebhookEvent | 'is_active', boolean>>;

const withoutSecret = ({ secret_key: _secret, ...listed }: Webhook): Webhook => listed;

/** Lists the workspace's webhooks. @throws ApiError */
export async function fetchWebhooks(slug: string): Promise<Webhook[]> {
  webhooks.setStatus(slug, 'loading');
  try {
    const rows = await http.get<Webhook[]>(hooksPath(slug));
    webhooks.setAll(slug, rows);
    return rows;
  } catch (error) {
    webhooks.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Creates a webhook and returns it with its one-time `secret_key`. @throws ApiError */
export async function createWebhook(slug: string, input: { url: string } & WebhookToggles): Promise<Webhook> {
  const created = await http.post<Webhook>(hooksPath(slug), input, { mutationId: createMutationId() });
  if (webhooks.useStore.getState().scope === slug) webhooks.upsert(withoutSecret(created));
  return created;
}

/** Changes toggles (shown at once; back on failure). @throws ApiError */
export function updateWebhook(slug: string, webhookId: string, patch: WebhookToggles & { url?: string }): Promise<void> {
  const mutationId = createMutationId();
  return webhooks.mutate({ mutationId, kind: 'update', id: webhookId, patch }, () => http.patch<Webhook>(`${hooksPath(slug)}${webhookId}/`, patch, { mutationId }));
}

/** Deletes a webhook, hidden at once. @throws ApiError (then it is back). */
export function deleteWebhook(slug: string, webhookId: string): Promise<void> {
  const mutationId = createMutationId();
  return webhooks.mutate({ mutationId, kind: 'delete', id: webhookId }, async () => {
    await http.delete(`${hooksPath(slug)}${webhookId}/`, { mutationId });
  });
}

/** A new secret, returned once. @throws ApiError */
export async function regenerateWebhookSecret(slug: string, webhookId: string): Promise<Webhook> {
  const hook = await http.post<Webhook>(`${hooksPath(slug)}${webhookId}/regenerate/`, undefined, { mutationId: createMutationId() });
  webhooks.upsert(withoutSecret(hook));
  return hook;
}

/** Queues a logged delivery again. @throws ApiError */
export async function redeliverWebhookLog(slug: string, webhookId: string, logId: string): Promise<void> {
  await http.post(`${logsPath(slug, webhookId)}${logId}/redeliver/`, undefined, { mutationId: createMutationId() });
}

/** The workspace's webhooks, oldest first. */
export function useWebhooks(slug: string): Webhook[] {
  const rows = webhooks.useRows(slug);
  return useMemo(() => [...rows].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')), [rows]);
}

export function useWebhooksStatus(slug: string) {
  return webhooks.useStore((state) => (state.scope === slug ? state.status : 'idle'));
}

/** Delivery log polling interval while a log is open: deliveries appear as they are attempted. */
const WEBHOOK_LOG_POLL_MS = 2000;

/**
 * One webhook's delivery log, newest first, polled while mounted (deliveries are made by the job
 * queue, not by this client, so there is no live event to wait for). `reload` fetches at once.
 */
export function useWebhookLogs(slug: string, webhookId: string) {
  const [logs, setLogs] = useState<WebhookLog[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      setLogs(await http.get<WebhookLog[]>(logsPath(slug, webhookId)));
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [slug, webhookId]);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), WEBHOOK_LOG_POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return { logs, error, reload };
}
