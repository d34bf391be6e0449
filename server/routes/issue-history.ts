// The history of an issue: property activity, comments, or both merged by time.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { historyQuery } from '../../shared/schemas/issue-extras';
import { listIssueHistory } from '../services/work-items/issue-history';
import { issueHistoryResponse } from '../../shared/schemas/issue-extras';
import { replies } from '../../shared/schemas/responses';

export default async function issueHistoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/issues/:issueId/history/',
    config: { access: 'project.read'},
    schema: { params: issueParams, querystring: historyQuery, response: replies({ 200: issueHistoryResponse }) },
    handler: async (request) => listIssueHistory(app.ctx, request.actor, request.params.issueId, request.query),
  });
}
