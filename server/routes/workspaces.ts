// Workspaces (reference §4.1): create, the caller's list, slug check, read, update, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { createWorkspaceBody, searchQuery, slugCheckQuery, slugParams, updateWorkspaceBody } from '../../shared/schemas/workspace';
import { BadRequestError } from '../errors';
import { writeOptions } from '../request-context';
import { createWorkspace, deleteWorkspace, getWorkspace, isSlugAvailable, listMyWorkspaces, updateWorkspace } from '../services/accounts/workspace';
import { z } from 'zod';
import { slugCheckResponse, workspaceResponse } from '../../shared/schemas/workspace';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function workspacesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'POST',
    url: '/api/workspaces/',
    config: { access: 'authenticated' },
    schema: { body: createWorkspaceBody, response: replies({ 201: workspaceResponse }) },
    handler: async (request, reply) =>
      reply.code(201).send(await createWorkspace(app.ctx, request.auth.user!, request.body, writeOptions(request))),
  });
  for (const url of ['/api/users/me/workspaces/', '/api/workspaces/']) {
    app.route({
      method: 'GET',
      url,
      config: { access: 'authenticated' },
      schema: { querystring: searchQuery, response: replies({ 200: z.array(workspaceResponse) }) },
      handler: async (request) => listMyWorkspaces(db, request.auth.user!.id, request.query.search),
    });
  }
  app.route({
    method: 'GET',
    url: '/api/workspace-slug-check/',
    config: { access: 'authenticated' },
    schema: { querystring: slugCheckQuery, response: replies({ 200: slugCheckResponse }) },
    handler: async (request) => {
      const slug = request.query.slug?.trim();
      if (!slug) throw new BadRequestError('Workspace Slug is required');
      return { status: await isSlugAvailable(db, slug) };
    },
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/',
    config: { access: 'workspace.view' },
    schema: { params: slugParams, response: replies({ 200: workspaceResponse }) },
    handler: async (request) => getWorkspace(db, request.actor),
  });
  // PUT is the reference's full update; it needs the admin role like PATCH (reference §14 quirk 7:
  // Plane let members PUT).
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/api/workspaces/:slug/',
    config: { access: 'workspace.manage' },
    schema: { params: slugParams, body: updateWorkspaceBody, response: replies({ 200: workspaceResponse }) },
    handler: async (request) => updateWorkspace(app.ctx, request.actor, request.body, writeOptions(request)),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/',
    config: { access: 'workspace.manage' },
    schema: { params: slugParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteWorkspace(app.ctx, request.actor, writeOptions(request))),
  });
}
