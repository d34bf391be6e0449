// Emoji reactions on a comment: list, add `{reaction}`, remove the caller's reaction by code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { commentReactionParams, projectCommentParams, reactionBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { addCommentReaction, listCommentReactions, removeCommentReaction } from '../services/work-items/issue-reaction';
import { z } from 'zod';
import { commentReaction } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions';

export default async function commentReactionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'project.read'},
    schema: { params: projectCommentParams, response: replies({ 200: z.array(commentReaction) }) },
    handler: async (request) => listCommentReactions(app.ctx, request.actor, request.params.commentId),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/`,
    config: { access: 'project.participate'},
    schema: { params: projectCommentParams, body: reactionBody, response: replies({ 201: commentReaction }) },
    handler: async (request, reply) =>
      reply.code(201).send(await addCommentReaction(app.ctx, request.actor, request.params.commentId, request.body.reaction, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:reactionCode/`,
    config: { access: 'project.participate'},
    schema: { params: commentReactionParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeCommentReaction(app.ctx, request.actor, request.params.commentId, request.params.reactionCode, writeOptions(request))),
  });
}
