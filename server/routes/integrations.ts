// Workspace integrations and the GitHub repository sync of a project (spec §7 "Projects", issue #15):
// list/install the GitHub integration (workspace members), and per project (project admins) read
// the repository sync with its progress or link a repository with a token and start an import.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { workspaceParams } from '../../shared/schemas/project';
import {
  createRepositorySyncBody,
  repositorySyncParams,
  repositorySyncResponse,
  workspaceIntegrationProviderParams,
  workspaceIntegrationResponse,
} from '../../shared/schemas/integration';
import { replies } from '../../shared/schemas/responses';
import { createRepositorySync, installWorkspaceIntegration, listRepositorySyncs, listWorkspaceIntegrations } from '../services/integrations/github-sync';

export default async function integrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/workspace-integrations/',
    config: { access: 'workspace.integrations' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(workspaceIntegrationResponse) }) },
    handler: async (request) => listWorkspaceIntegrations(ctx, request.actor),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/workspace-integrations/:provider/',
    config: { access: 'workspace.integrations' },
    schema: { params: workspaceIntegrationProviderParams, response: replies({ 200: workspaceIntegrationResponse, 201: workspaceIntegrationResponse }) },
    handler: async (request, reply) => {
      const { status, body } = await installWorkspaceIntegration(ctx, request.actor, request.params.provider);
      return reply.code(status).send(body);
    },
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/',
    config: { access: 'project.admin' },
    schema: { params: repositorySyncParams, response: replies({ 200: z.array(repositorySyncResponse) }) },
    handler: async (request) => listRepositorySyncs(ctx, request.actor, request.params.integrationId),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/',
    // The body carries the token: never stored as a mutation receipt.
    config: { access: 'project.admin', mutationReceipt: false },
    schema: { params: repositorySyncParams, body: createRepositorySyncBody, response: replies({ 200: repositorySyncResponse, 201: repositorySyncResponse }) },
    handler: async (request, reply) => {
      const { status, body } = await createRepositorySync(ctx, request.actor, request.params.integrationId, request.body);
      return reply.code(status).send(body);
    },
  });
}
