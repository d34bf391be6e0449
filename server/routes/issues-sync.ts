// The issue sync feed for the client's local cache (reference §1.3.4): GET …/v2/issues/ (global
// paginator, `updated_at__gt`, `description=true`) and GET …/deleted-issues/ (ids to evict).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams } from '../../shared/schemas/project';
import { deletedIssuesQuery, issueSyncQuery } from '../../shared/schemas/issue-sync';
import { listDeletedIssueIds, listSyncIssues } from '../services/work-items/issue-sync';
import { deletedIssueIdsResponse, issueSyncResponse } from '../../shared/schemas/issue-sync';
import { replies } from '../../shared/schemas/responses';

export default async function issuesSyncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId';

  app.route({
    method: 'GET',
    url: `${base}/v2/issues/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: issueSyncQuery, response: replies({ 200: issueSyncResponse }) },
    handler: async (request) => listSyncIssues(app.ctx, request.actor, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/deleted-issues/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: deletedIssuesQuery, response: replies({ 200: deletedIssueIdsResponse }) },
    handler: async (request) => listDeletedIssueIds(app.ctx, request.actor, request.query),
  });
}
