// Relations of an issue: GET grouped by type, POST `issue-relation/` to add, POST `remove-relation/`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { createRelationBody, removeRelationBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { createIssueRelations, listIssueRelations, removeIssueRelation } from '../services/work-items/issue-relation';
import { createdRelationsResponse, issueRelationsResponse } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId';

export default async function issueRelationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/issue-relation/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: issueRelationsResponse }) },
    handler: async (request) => listIssueRelations(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/issue-relation/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: createRelationBody, response: replies({ 201: createdRelationsResponse }) },
    handler: async (request, reply) => {
      const { relation_type: type, issues } = request.body;
      return reply.code(201).send(await createIssueRelations(app.ctx, request.actor, request.params.issueId, type, issues, writeOptions(request)));
    },
  });

  app.route({
    method: 'POST',
    url: `${BASE}/remove-relation/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: removeRelationBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeIssueRelation(app.ctx, request.actor, request.params.issueId, request.body.related_issue, writeOptions(request))),
  });
}
