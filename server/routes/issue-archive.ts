// Archiving: archive/unarchive one issue, the archived issue list, and bulk archive.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueDetailQuery, issueIdsBody, issueParams, projectParams } from '../../shared/schemas/issue';
import { listProjectIssues } from '../list-engine/issue-lists';
import { writeOptions } from '../request-context';
import { archiveIssue, bulkArchiveIssues, getArchivedIssue, unarchiveIssue } from '../services/work-items/issue-archive';
import { issueDetail } from '../../shared/schemas/issue-extras';
import { issueListQuery, issueListResponse } from '../../shared/schemas/issue-list';
import { archivedAtResponse, noBody, replies } from '../../shared/schemas/responses';
import { noContent, sendList } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function issueArchiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, querystring: issueDetailQuery, response: replies({ 200: issueDetail }) },
    handler: async (request) => getArchivedIssue(app.ctx, request.actor, request.params.issueId, request.query.expand),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => archiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/issues/:issueId/archive/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, unarchiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  // The archive is listed like the live list (filters, grouping, offset cursor; reference §1.6.9).
  // `show_sub_issues=false` keeps only top-level issues, the list's own `sub_issue=false`.
  app.route({
    method: 'GET',
    url: `${BASE}/archived-issues/`,
    config: { access: 'project.edit'},
    schema: { params: projectParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => {
      const { show_sub_issues: showSubIssues, ...query } = request.query;
      if (showSubIssues === 'false') query.sub_issue = 'false';
      return sendList(reply, listProjectIssues(app.ctx, request.actor, query, { archived: true }));
    },
  });

  app.route({
    method: 'POST',
    url: `${BASE}/bulk-archive-issues/`,
    config: { access: 'project.edit'},
    schema: { params: projectParams, body: issueIdsBody, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => bulkArchiveIssues(app.ctx, request.actor, request.body?.issue_ids, writeOptions(request)),
  });
}
