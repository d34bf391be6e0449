// Sub-issues of an issue: GET with state distribution, POST `{sub_issue_ids}` to adopt children.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { addSubIssuesBody, subIssuesQuery } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { addSubIssues, listSubIssues } from '../services/work-items/issue-sub-issue';
import { subIssuesResponse } from '../../shared/schemas/issue-extras';
import { replies } from '../../shared/schemas/responses';

const URL = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/';

export default async function subIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: URL,
    config: { access: 'project.read'},
    schema: { params: issueParams, querystring: subIssuesQuery, response: replies({ 200: subIssuesResponse }) },
    handler: async (request) => listSubIssues(app.ctx, request.actor, request.params.issueId, request.query),
  });

  app.route({
    method: 'POST',
    url: URL,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: addSubIssuesBody, response: replies({ 200: subIssuesResponse }) },
    handler: async (request) => addSubIssues(app.ctx, request.actor, request.params.issueId, request.body.sub_issue_ids, writeOptions(request)),
  });
}
