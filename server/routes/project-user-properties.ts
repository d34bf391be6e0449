// The caller's per-project settings (reference §5.2): sidebar sort order and saved issue-list filters.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, projectUserPropertiesBody } from '../../shared/schemas/project';
import { writeOptions } from '../request-context';
import { getProjectUserProperties, updateProjectUserProperties } from '../services/accounts/project-user-properties';
import { projectUserPropertiesResponse } from '../../shared/schemas/project';
import { replies } from '../../shared/schemas/responses';

export default async function projectUserPropertiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const url = '/api/workspaces/:slug/projects/:projectId/user-properties/';

  app.route({
    method: 'GET',
    url,
    config: { access: 'project.own-settings'},
    schema: { params: projectParams, response: replies({ 200: projectUserPropertiesResponse }) },
    handler: async (request) => getProjectUserProperties(app.ctx, request.actor),
  });

  app.route({
    method: 'PATCH',
    url,
    config: { access: 'project.own-settings'},
    schema: { params: projectParams, body: projectUserPropertiesBody, response: replies({ 200: projectUserPropertiesResponse }) },
    handler: async (request) => updateProjectUserProperties(app.ctx, request.actor, request.body, writeOptions(request)),
  });
}
