// Sub-issues of an issue: GET with state distribution, POST `{sub_issue_ids}` to adopt children.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { addSubIssuesBody, subIssuesQuery } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { addSubIssues, listSubIssues } from '../services/issue-sub-issue';

const URL = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/';

export default async function subIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: URL,
    config: { access: 'project.read'},
    schema: { params: issueParams, querystring: subIssuesQuery },
    handler: async (request) => listSubIssues(app.ctx, request.actor, request.params.issueId, request.query),
  });

  app.route({
    method: 'POST',
    url: URL,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: addSubIssuesBody },
    handler: async (request) => addSubIssues(app.ctx, request.actor, request.params.issueId, request.body.sub_issue_ids, writeOptions(request)),
  });
}
