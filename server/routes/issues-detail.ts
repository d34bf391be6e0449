// GET …/projects/:projectId/issues-detail/: the project list (same parser and pages as `issues/`,
// reference §1.2) with optional `expand=issue_relation,issue_related` — the gantt chart's connectors.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueListQuery, projectParams } from '../../shared/schemas/issue-list';
import { listProjectIssues } from '../list-engine/issue-lists';
import { JSON_TYPE } from '../list-engine/list-issues';
import { relationExpansions } from '../services/work-items/issue-relation';
import { issueListDetailResponse } from '../../shared/schemas/issue-list';
import { replies } from '../../shared/schemas/responses';

export default async function issuesDetailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/issues-detail/',
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: issueListQuery, response: replies({ 200: issueListDetailResponse }) },
    handler: async (request, reply) => {
      const { expand, ...query } = request.query;
      const result = await listProjectIssues(app.ctx, request.actor, query);
      const wanted = String(expand ?? '').split(',');
      const listReply = reply.header('x-sync-cursor', result.syncCursor).type(JSON_TYPE);
      if (!wanted.includes('issue_relation') && !wanted.includes('issue_related')) return listReply.send(result.json);
      // Expansions are rare (the gantt chart): only then is the page parsed back into objects.
      const body = JSON.parse(result.json) as { results: unknown };
      const items = body.results;
      if (Array.isArray(items)) {
        const expansions = await relationExpansions(app.ctx.db, items.map((item) => (item as { id: string }).id));
        body.results = items.map((item) => {
          const expansion = expansions.get((item as { id: string }).id)!;
          return {
            ...item,
            ...(wanted.includes('issue_relation') ? { issue_relation: expansion.issue_relation } : {}),
            ...(wanted.includes('issue_related') ? { issue_related: expansion.issue_related } : {}),
          };
        });
      }
      return listReply.send(JSON.stringify(body));
    },
  });
}
