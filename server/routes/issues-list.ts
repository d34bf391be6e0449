// GET …/projects/:projectId/issues/: the project issue list with filters, ordering, grouping and
// the offset cursor (reference §1.2–§1.4). Creating issues (POST, same path) lives in issues.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueListQuery, projectParams } from '../../shared/schemas/issue-list';
import { listProjectIssues } from '../list-engine/issue-lists';
import { issueListResponse } from '../../shared/schemas/issue-list';
import { replies } from '../../shared/schemas/responses';
import { sendList } from '../reply';

export default async function issuesListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/issues/',
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => sendList(reply, listProjectIssues(app.ctx, request.actor, request.query)),
  });
}
