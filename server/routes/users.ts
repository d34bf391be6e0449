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
import { SESSION_COOKIE } from '../../shared/session-cookies';
import { presentUserMe } from '../services/accounts/presenters/user';
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
  setOnboarded,
  updateMe,
  updateNotificationPreferences,
  updateProfile,
} from '../services/accounts/user';
import { listMyActivities } from '../services/work-items/issue-activity-feed';
import { z } from 'zod';
import { accountResponse, instanceAdminFlagResponse, notificationPreferencesResponse, profileResponse, sessionResponse, userMeResponse, userResponse, userSettingsResponse } from '../../shared/schemas/user';
import { issueActivity } from '../../shared/schemas/issue-extras';
import { messageBody, noBody, paginated, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/users/me/',
    // API.md: an API key may read its owner.
    config: { access: 'account.read-by-api-key' },
    schema: { response: replies({ 200: userMeResponse }) },
    handler: async (request) => presentUserMe(request.auth.user!),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/',
    config: { access: 'authenticated'},
    schema: { body: updateMeBody, response: replies({ 200: userResponse }) },
    handler: async (request) => updateMe(db, request.auth.user!, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/users/me/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 204: noBody }) },
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
    schema: { response: replies({ 200: sessionResponse }) },
    handler: async (request) => {
      const user = request.auth.user;
      return user ? { is_authenticated: true, user: presentUserMe(user) } : { is_authenticated: false };
    },
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/profile/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: profileResponse }) },
    handler: async (request) => getProfile(db, request.auth.user!.id),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/profile/',
    config: { access: 'authenticated'},
    schema: { body: updateProfileBody, response: replies({ 200: profileResponse }) },
    handler: async (request) => updateProfile(db, request.auth.user!.id, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/settings/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: userSettingsResponse }) },
    handler: async (request) => getSettings(db, request.auth.user!),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/instance-admin/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: instanceAdminFlagResponse }) },
    handler: async (request) => ({ is_instance_admin: await isInstanceAdmin(db, request.auth.user!.id) }),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/onboard/',
    config: { access: 'authenticated'},
    schema: { body: onboardBody, response: replies({ 200: messageBody }) },
    handler: async (request) => setOnboarded(db, request.auth.user!.id, request.body.is_onboarded ?? false),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/tour-completed/',
    config: { access: 'authenticated'},
    schema: { body: tourCompletedBody, response: replies({ 200: messageBody }) },
    handler: async (request) => completeTour(db, request.auth.user!.id, request.body.is_tour_completed),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/notification-preferences/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: notificationPreferencesResponse }) },
    handler: async (request) => getNotificationPreferences(db, request.auth.user!.id),
  });
  app.route({
    method: 'PATCH',
    url: '/api/users/me/notification-preferences/',
    config: { access: 'authenticated'},
    schema: { body: updateNotificationPreferencesBody, response: replies({ 200: notificationPreferencesResponse }) },
    handler: async (request) => updateNotificationPreferences(db, request.auth.user!.id, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/activities/',
    config: { access: 'authenticated'},
    schema: { querystring: pageQuery, response: replies({ 200: paginated(z.array(issueActivity)) }) },
    handler: async (request) => listMyActivities(db, request.auth.user!, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/accounts/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: z.array(accountResponse) }) },
    handler: async (request) => listAccounts(db, request.auth.user!.id),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/accounts/:accountId/',
    config: { access: 'authenticated'},
    schema: { params: accountParams, response: replies({ 200: accountResponse }) },
    handler: async (request) => getAccount(db, request.auth.user!.id, request.params.accountId),
  });
  app.route({
    method: 'DELETE',
    url: '/api/users/me/accounts/:accountId/',
    config: { access: 'authenticated'},
    schema: { params: accountParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteAccount(db, request.auth.user!.id, request.params.accountId)),
  });
}
