// Relations of an issue: GET grouped by type, POST `issue-relation/` to add, POST `remove-relation/`.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { createRelationBody, removeRelationBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { createIssueRelations, listIssueRelations, removeIssueRelation } from '../services/work-items/issue-relation';
import { createdRelationsResponse, issueRelationsResponse } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId';

/**
 * Declares the relation routes (list grouped by type, add, remove) at `urls`. The public API serves
 * them at Plane's URLs from here (api-v1/work-item-actions.ts), so both answer the same way.
 */
export function registerIssueRelationRoutes(fastify: FastifyInstance, urls: { list: string; remove: string }, listResponse: z.ZodType) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: urls.list,
    config: { access: 'project.read' },
    schema: { params: issueParams, response: replies({ 200: listResponse }) },
    handler: async (request) => listIssueRelations(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: urls.list,
    config: { access: 'project.edit' },
    schema: { params: issueParams, body: createRelationBody, response: replies({ 201: createdRelationsResponse }) },
    handler: async (request, reply) => {
      const { relation_type: type, issues } = request.body;
      return reply.code(201).send(await createIssueRelations(app.ctx, request.actor, request.params.issueId, type, issues, writeOptions(request)));
    },
  });

  app.route({
    method: 'POST',
    url: urls.remove,
    config: { access: 'project.edit' },
    schema: { params: issueParams, body: removeRelationBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeIssueRelation(app.ctx, request.actor, request.params.issueId, request.body.related_issue, writeOptions(request))),
  });
}

export default async function issueRelationsRoutes(fastify: FastifyInstance) {
  registerIssueRelationRoutes(fastify, { list: `${BASE}/issue-relation/`, remove: `${BASE}/remove-relation/` }, issueRelationsResponse);
}
