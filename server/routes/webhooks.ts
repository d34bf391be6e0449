// Workspace webhooks (spec §7, API.md "Webhooks", reference §10; workspace admins only): CRUD with
// event toggles, regenerate (the only answers with the secret besides create), the delivery log and
// redelivery of a logged delivery.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { slugParams } from '../../shared/schemas/workspace';
import { noBody, replies } from '../../shared/schemas/responses';
import {
  createWebhookBody,
  redeliverResponse,
  updateWebhookBody,
  webhookLogParams,
  webhookLogResponse,
  webhookParams,
  webhookResponse,
} from '../../shared/schemas/webhook';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookLogs,
  listWebhooks,
  redeliverWebhookLog,
  regenerateWebhookSecret,
  updateWebhook,
} from '../services/integrations/webhook';
import { noContent } from '../reply';

export default async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/webhooks/',
    config: { access: 'workspace.webhooks' },
    schema: { params: slugParams, response: replies({ 200: z.array(webhookResponse) }) },
    handler: async (request) => listWebhooks(ctx, request.actor),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/webhooks/',
    // The answer carries the secret: it is never stored as a mutation receipt.
    config: { access: 'workspace.webhooks', mutationReceipt: false },
    schema: { params: slugParams, body: createWebhookBody, response: replies({ 201: webhookResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createWebhook(ctx, request.actor, request.body)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/webhooks/:webhookId/',
    config: { access: 'workspace.webhooks' },
    schema: { params: webhookParams, response: replies({ 200: webhookResponse }) },
    handler: async (request) => getWebhook(ctx, request.actor, request.params.webhookId),
  });
  app.route({
    method: 'PATCH',
    url: '/api/workspaces/:slug/webhooks/:webhookId/',
    config: { access: 'workspace.webhooks' },
    schema: { params: webhookParams, body: updateWebhookBody, response: replies({ 200: webhookResponse }) },
    handler: async (request) => updateWebhook(ctx, request.actor, request.params.webhookId, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/webhooks/:webhookId/',
    config: { access: 'workspace.webhooks' },
    schema: { params: webhookParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteWebhook(ctx, request.actor, request.params.webhookId)),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/webhooks/:webhookId/regenerate/',
    config: { access: 'workspace.webhooks', mutationReceipt: false },
    schema: { params: webhookParams, response: replies({ 200: webhookResponse }) },
    handler: async (request) => regenerateWebhookSecret(ctx, request.actor, request.params.webhookId),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/webhook-logs/:webhookId/',
    config: { access: 'workspace.webhooks' },
    schema: { params: webhookParams, response: replies({ 200: z.array(webhookLogResponse) }) },
    handler: async (request) => listWebhookLogs(ctx, request.actor, request.params.webhookId),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/webhook-logs/:webhookId/:logId/redeliver/',
    config: { access: 'workspace.webhooks' },
    schema: { params: webhookLogParams, response: replies({ 202: redeliverResponse }) },
    handler: async (request, reply) => reply.code(202).send(await redeliverWebhookLog(ctx, request.actor, request.params.webhookId, request.params.logId)),
  });
}
