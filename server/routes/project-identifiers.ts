// Project identifier availability (reference §5): the create form checks a name before submitting.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { deleteProjectIdentifierBody, projectIdentifierQuery, workspaceParams } from '../../shared/schemas/project';
import { deleteProjectIdentifier, findProjectIdentifiers } from '../services/work-items/project-identifier';
import { projectIdentifiersResponse } from '../../shared/schemas/workspace';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function projectIdentifiersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/project-identifiers/',
    config: { access: 'workspace.create-project'},
    schema: { params: workspaceParams, querystring: projectIdentifierQuery, response: replies({ 200: projectIdentifiersResponse }) },
    handler: async (request) => findProjectIdentifiers(app.ctx, request.actor, request.query.name),
  });

  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/project-identifiers/',
    config: { access: 'workspace.create-project'},
    schema: { params: workspaceParams, body: deleteProjectIdentifierBody.nullish(), response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteProjectIdentifier(app.ctx, request.actor, request.body?.name)),
  });
}
