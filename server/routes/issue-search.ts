// Search endpoints: the project issue picker `search-issues/` (reference §1.6.12) and the
// workspace-wide `search/` over issues, projects and the other named entities (§8.1).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { searchProjectIssues, searchWorkspace } from '../services/work-items/search';
import { issueSearchHit, workspaceSearchResponse } from '../../shared/schemas/workspace';
import { replies } from '../../shared/schemas/responses';

const searchQuery = z.record(z.string().max(100), z.string().max(2_000, 'Ensure this field has no more than 2000 characters.'));

export default async function issueSearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/search-issues/',
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: searchQuery, response: replies({ 200: z.array(issueSearchHit) }) },
    handler: async (request) => searchProjectIssues(app.ctx.database, request.actor, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/search/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, querystring: searchQuery, response: replies({ 200: workspaceSearchResponse }) },
    handler: async (request) => searchWorkspace(app.ctx.database, request.actor, request.query),
  });
}
