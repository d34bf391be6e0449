// Workspace API tokens (API.md): create (the only response with the secret), list, read, revoke.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { createApiTokenBody, slugParams, tokenParams } from '../../shared/schemas/workspace';
import { createApiToken, getApiToken, listApiTokens, revokeApiToken } from '../services/accounts/api-token';
import { z } from 'zod';
import { apiTokenResponse } from '../../shared/schemas/workspace';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function apiTokensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/api-tokens/',
    config: { access: 'workspace.api-tokens'},
    schema: { params: slugParams, response: replies({ 200: z.array(apiTokenResponse) }) },
    handler: async (request) => listApiTokens(ctx, request.actor),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/api-tokens/',
    // The answer carries the new secret: it is never stored as a mutation receipt.
    config: { access: 'workspace.api-tokens', mutationReceipt: false },
    schema: { params: slugParams, body: createApiTokenBody, response: replies({ 201: apiTokenResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createApiToken(ctx, request.actor, request.body)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/api-tokens/:tokenId/',
    config: { access: 'workspace.api-tokens'},
    schema: { params: tokenParams, response: replies({ 200: apiTokenResponse }) },
    handler: async (request) => getApiToken(ctx, request.actor, request.params.tokenId),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/api-tokens/:tokenId/',
    config: { access: 'workspace.api-tokens'},
    schema: { params: tokenParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, revokeApiToken(ctx, request.actor, request.params.tokenId)),
  });
}
