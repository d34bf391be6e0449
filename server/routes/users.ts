// /api/users/me/* and /api/users/session/ (reference §3): the signed-in user's own account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import {
  accountParams,
  onboardBody,
  pageQuery,
  tourCompletedBody,
  updateMeBody,
  updateNotificationPreferencesBody,
  updateProfileBody,
} from '../../shared/schemas/user';
import { SESSION_COOKIE } from '../plugins/session';
import { presentUserMe } from '../presenters/user';
import { writeOptions } from '../request-context';
import {
  completeTour,
  deactivateMe,
  deleteAccount,
  getAccount,
  getNotificationPreferences,
  getProfile,
  getSettings,
  isInstanceAdmin,
  listAccounts,
  listMyActivities,
  setOnboarded,
  updateMe,
  updateNotificationPreferences,
  updateProfile,
} from '../services/user';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/users/me/',
    // API.md: an API key may read its owner.
    config: { access: 'account.read-by-api-key' },
    handler: async (request) => presentUserMe(request.auth.user!),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/',
    config: { access: 'authenticated'},
    schema: { body: updateMeBody },
    handler: async (request) => updateMe(db, request.auth.user!, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/users/me/',
    config: { access: 'authenticated'},
    handler: async (request, reply) => {
      await deactivateMe(app.ctx, request.auth.user!, writeOptions(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  });
  app.route({
    method: 'GET',
    url: '/api/users/session/',
    config: { access: 'public'},
    handler: async (request) => {
      const user = request.auth.user;
      return user ? { is_authenticated: true, user: presentUserMe(user) } : { is_authenticated: false };
    },
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/profile/',
    config: { access: 'authenticated'},
    handler: async (request) => getProfile(db, request.auth.user!.id),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/profile/',
    config: { access: 'authenticated'},
    schema: { body: updateProfileBody },
    handler: async (request) => updateProfile(db, request.auth.user!.id, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/settings/',
    config: { access: 'authenticated'},
    handler: async (request) => getSettings(db, request.auth.user!),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/instance-admin/',
    config: { access: 'authenticated'},
    handler: async (request) => ({ is_instance_admin: await isInstanceAdmin(db, request.auth.user!.id) }),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/onboard/',
    config: { access: 'authenticated'},
    schema: { body: onboardBody },
    handler: async (request) => setOnboarded(db, request.auth.user!.id, request.body.is_onboarded ?? false),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/tour-completed/',
    config: { access: 'authenticated'},
    schema: { body: tourCompletedBody },
    handler: async (request) => completeTour(db, request.auth.user!.id, request.body.is_tour_completed),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/notification-preferences/',
    config: { access: 'authenticated'},
    handler: async (request) => getNotificationPreferences(db, request.auth.user!.id),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/notification-preferences/',
    config: { access: 'authenticated'},
    schema: { body: updateNotificationPreferencesBody },
    handler: async (request) => updateNotificationPreferences(db, request.auth.user!.id, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/activities/',
    config: { access: 'authenticated'},
    schema: { querystring: pageQuery },
    handler: async (request) => listMyActivities(db, request.auth.user!, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/accounts/',
    config: { access: 'authenticated'},
    handler: async (request) => listAccounts(db, request.auth.user!.id),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/accounts/:accountId/',
    config: { access: 'authenticated'},
    schema: { params: accountParams },
    handler: async (request) => getAccount(db, request.auth.user!.id, request.params.accountId),
  });
  app.route({
    method: 'DELETE',
    url: '/api/users/me/accounts/:accountId/',
    config: { access: 'authenticated'},
    schema: { params: accountParams },
    handler: async (request, reply) => {
      await deleteAccount(db, request.auth.user!.id, request.params.accountId);
      return reply.code(204).send();
    },
  });
}
