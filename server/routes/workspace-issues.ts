// Workspace-wide issue lists: the global views list (`issues/`, with built-in view ids all-issues,
// assigned, created, subscribed or a saved view in `global_view_id`), `my-issues/` and a member's
// profile issues `user-issues/:userId/` (reference §1.6.11, accounts §4.4, API.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueListQuery, userIssuesParams, workspaceParams } from '../../shared/schemas/issue-list';
import { listMyIssues, listUserIssues, listWorkspaceIssues } from '../list-engine/issue-lists';
import { issueListResponse } from '../../shared/schemas/issue-list';
import { replies } from '../../shared/schemas/responses';
import { sendList } from '../reply';

export default async function workspaceIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/issues/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => sendList(reply, listWorkspaceIssues(app.ctx, request.actor, request.query)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/my-issues/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => sendList(reply, listMyIssues(app.ctx, request.actor, request.query)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/user-issues/:userId/',
    config: { access: 'workspace.read'},
    schema: { params: userIssuesParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => sendList(reply, listUserIssues(app.ctx, request.actor, request.params.userId, request.query)),
  });
}
