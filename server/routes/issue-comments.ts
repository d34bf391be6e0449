// Comments on an issue: list (with `created_at__gt`), read, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { commentListQuery, commentParams, createCommentBody, updateCommentBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { createComment, deleteComment, getComment, listComments, updateComment } from '../services/work-items/issue-comment';
import { z } from 'zod';
import { issueComment } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/comments';

export default async function issueCommentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, querystring: commentListQuery, response: replies({ 200: z.array(issueComment) }) },
    handler: async (request) => listComments(app.ctx, request.actor, request.params.issueId, request.query.created_at__gt),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/`,
    config: { access: 'project.participate'},
    schema: { params: issueParams, body: createCommentBody, response: replies({ 201: issueComment }) },
    handler: async (request, reply) =>
      reply.code(201).send(await createComment(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/:commentId/`,
    config: { access: 'project.read'},
    schema: { params: commentParams, response: replies({ 200: issueComment }) },
    handler: async (request) => getComment(app.ctx, request.actor, request.params.issueId, request.params.commentId),
  });

  app.route({
    method: 'PATCH',
    url: `${BASE}/:commentId/`,
    config: { access: 'project.participate'},
    schema: { params: commentParams, body: updateCommentBody, response: replies({ 200: issueComment }) },
    handler: async (request) =>
      updateComment(app.ctx, request.actor, request.params.issueId, request.params.commentId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:commentId/`,
    config: { access: 'project.participate'},
    schema: { params: commentParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteComment(app.ctx, request.actor, request.params.issueId, request.params.commentId, writeOptions(request))),
  });
}
