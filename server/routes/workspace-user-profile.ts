// A member's profile inside a workspace (reference §4.4): `user-profile/:userId/`,
// `user-stats/:userId/` and `user-activity/:userId/`; what the caller sees is limited to their own projects (service).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { userActivityQuery, workspaceUserParams } from '../../shared/schemas/workspace';
import { getUserProfile, getUserStats } from '../services/accounts/workspace-user-profile';
import { listUserActivity } from '../services/work-items/issue-activity-feed';
import { userActivityResponse } from '../../shared/schemas/issue-extras';
import { userProfileResponse, userStatsResponse } from '../../shared/schemas/workspace';
import { replies } from '../../shared/schemas/responses';

export default async function workspaceUserProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/user-profile/:userId/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceUserParams, response: replies({ 200: userProfileResponse }) },
    handler: async (request) => getUserProfile(db, request.actor, request.params.userId),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/user-stats/:userId/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceUserParams, response: replies({ 200: userStatsResponse }) },
    handler: async (request) => getUserStats(db, request.actor, request.params.userId),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/user-activity/:userId/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceUserParams, querystring: userActivityQuery, response: replies({ 200: userActivityResponse }) },
    handler: async (request) => listUserActivity(db, request.actor, request.params.userId, request.query),
  });
}
