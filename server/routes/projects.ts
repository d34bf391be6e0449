// Projects (reference §5, spec §7 Projects): list, details, create, retrieve, update, delete, archive.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { createProjectBody, projectParams, updateProjectBody, workspaceParams } from '../../shared/schemas/project';
import { pageQuery } from '../../shared/schemas/user';
import { writeOptions } from '../request-context';
import { archiveProject, createProject, deleteProject, restoreProject, updateProject } from '../services/work-items/project';
import { getProject, listProjectDetails, listProjects } from '../services/work-items/project-read';
import { z } from 'zod';
import { projectListItem, projectResponse } from '../../shared/schemas/project';
import { archivedAtResponse, noBody, paginated, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function projectsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, response: replies({ 200: z.array(projectListItem) }) },
    handler: async (request) => listProjects(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: `${base}/details/`,
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, querystring: pageQuery, response: replies({ 200: z.union([z.array(projectResponse), paginated(z.array(projectResponse))]) }) },
    handler: async (request) => listProjectDetails(app.ctx, request.actor, request.query),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'workspace.create-project'},
    schema: { params: workspaceParams, body: createProjectBody, response: replies({ 201: projectResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createProject(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  // Visibility (404/403/409) depends on the project's network, so the service decides, not the rule.
  app.route({
    method: 'GET',
    url: `${base}/:projectId/`,
    config: { access: 'workspace.read'},
    schema: { params: projectParams, response: replies({ 200: projectResponse }) },
    handler: async (request) => getProject(app.ctx, request.actor, request.params.projectId),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:projectId/`,
    config: { access: 'project.manage'},
    schema: { params: projectParams, body: updateProjectBody, response: replies({ 200: projectResponse }) },
    handler: async (request) => updateProject(app.ctx, request.actor, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:projectId/`,
    config: { access: 'project.manage'},
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteProject(app.ctx, request.actor, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/:projectId/archive/`,
    config: { access: 'project.configure'},
    schema: { params: projectParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => archiveProject(app.ctx, request.actor, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:projectId/archive/`,
    config: { access: 'project.configure'},
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, restoreProject(app.ctx, request.actor, writeOptions(request))),
  });
}
