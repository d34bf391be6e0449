// Archiving: archive/unarchive one issue, the archived issue list, and bulk archive.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueDetailQuery, issueIdsBody, issueParams, projectParams } from '../../shared/schemas/issue';
import { writeOptions } from '../request-context';
import { archiveIssue, bulkArchiveIssues, getArchivedIssue, unarchiveIssue } from '../services/issue-archive';
import { listArchivedIssues } from '../services/issue-detail';

const BASE = '/api/workspaces/:slug/projects/:projectId';
const member = { scope: 'project', min: 'member' } as const;

export default async function issueArchiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: member },
    schema: { params: issueParams, querystring: issueDetailQuery },
    handler: async (request) => getArchivedIssue(app.ctx, request.actor, request.params.issueId, request.query.expand),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: member },
    schema: { params: issueParams },
    handler: async (request) => archiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: member },
    schema: { params: issueParams },
    handler: async (request, reply) => {
      await unarchiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request));
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: `${BASE}/archived-issues/`,
    config: { access: member },
    schema: { params: projectParams },
    handler: async (request) => listArchivedIssues(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/bulk-archive-issues/`,
    config: { access: member },
    schema: { params: projectParams, body: issueIdsBody },
    handler: async (request) => bulkArchiveIssues(app.ctx, request.actor, request.body?.issue_ids, writeOptions(request)),
  });
}
