// Favorites and folders (reference §9, spec §7 Favorites) and the legacy project favorite calls (§5.2).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { workspaceParams } from '../../shared/schemas/project';
import { createFavoriteBody, favoriteParams, favoriteProjectBody, favoriteProjectParams, updateFavoriteBody } from '../../shared/schemas/favorite';
import { writeOptions } from '../request-context';
import {
  createFavorite,
  deleteFavorite,
  favoriteProject,
  listFavoriteProjects,
  listFavorites,
  listFolderChildren,
  unfavoriteProject,
  updateFavorite,
} from '../services/planning/favorite';
import { z } from 'zod';
import { favoriteResponse } from '../../shared/schemas/favorite';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function favoritesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/user-favorites';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'workspace.favorites' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(favoriteResponse) }) },
    handler: async (request) => listFavorites(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'workspace.favorites' },
    schema: { params: workspaceParams, body: createFavoriteBody, response: replies({ 200: favoriteResponse }) },
    handler: async (request) => createFavorite(app.ctx, request.actor, request.body, writeOptions(request)),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:favoriteId/`,
    config: { access: 'workspace.favorites' },
    schema: { params: favoriteParams, body: updateFavoriteBody, response: replies({ 200: favoriteResponse }) },
    handler: async (request) => updateFavorite(app.ctx, request.actor, request.params.favoriteId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:favoriteId/`,
    config: { access: 'workspace.favorites' },
    schema: { params: favoriteParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteFavorite(app.ctx, request.actor, request.params.favoriteId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:favoriteId/group/`,
    config: { access: 'workspace.favorites' },
    schema: { params: favoriteParams, response: replies({ 200: z.array(favoriteResponse) }) },
    handler: async (request) => listFolderChildren(app.ctx, request.actor, request.params.favoriteId),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/user-favorite-projects/',
    config: { access: 'workspace.favorites' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(favoriteResponse) }) },
    handler: async (request) => listFavoriteProjects(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/user-favorite-projects/',
    config: { access: 'workspace.favorites' },
    schema: { params: workspaceParams, body: favoriteProjectBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, favoriteProject(app.ctx, request.actor, request.body.project, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/user-favorite-projects/:projectId/',
    config: { access: 'workspace.favorites' },
    schema: { params: favoriteProjectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, unfavoriteProject(app.ctx, request.actor, request.params.projectId, writeOptions(request))),
  });
}
