// Emoji reactions on an issue: list, add `{reaction}`, remove the caller's reaction by code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { issueReactionParams, reactionBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { addIssueReaction, listIssueReactions, removeIssueReaction } from '../services/work-items/issue-reaction';
import { z } from 'zod';
import { issueReaction } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions';

export default async function issueReactionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: z.array(issueReaction) }) },
    handler: async (request) => listIssueReactions(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/`,
    config: { access: 'project.participate'},
    schema: { params: issueParams, body: reactionBody, response: replies({ 201: issueReaction }) },
    handler: async (request, reply) =>
      reply.code(201).send(await addIssueReaction(app.ctx, request.actor, request.params.issueId, request.body.reaction, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:reactionCode/`,
    config: { access: 'project.participate'},
    schema: { params: issueReactionParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeIssueReaction(app.ctx, request.actor, request.params.issueId, request.params.reactionCode, writeOptions(request))),
  });
}
