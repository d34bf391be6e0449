// Bulk writes on a project's issues: property update (204, all or nothing), the gantt's date
// updates and delete (project admin).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { bulkOperationBody, issueDatesBody, issueIdsBody, projectParams } from '../../shared/schemas/issue';
import { writeOptions } from '../request-context';
import { bulkDeleteIssues, updateIssueDates } from '../services/work-items/issue-bulk';
import { bulkUpdateIssues } from '../services/planning/issue-bulk-update';
import { messageBody, noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function bulkIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'POST',
    url: `${BASE}/bulk-operation-issues/`,
    config: { access: 'project.edit'},
    schema: { params: projectParams, body: bulkOperationBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, bulkUpdateIssues(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/bulk-delete-issues/`,
    config: { access: 'project.admin'},
    schema: { params: projectParams, body: issueIdsBody, response: replies({ 200: messageBody }) },
    handler: async (request) => bulkDeleteIssues(app.ctx, request.actor, request.body?.issue_ids, writeOptions(request)),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/issue-dates/`,
    config: { access: 'project.edit'},
    schema: { params: projectParams, body: issueDatesBody, response: replies({ 200: messageBody }) },
    handler: async (request) => updateIssueDates(app.ctx, request.actor, request.body, writeOptions(request)),
  });
}
