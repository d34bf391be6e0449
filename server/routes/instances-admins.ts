// The instance admin's session routes (reference §2.2): first-admin sign-up, sign-in and sign-out
// (form → 302 into /admin, JSON → 200, like /auth/), and the admin session and profile reads.
// Sign-in bodies are read field by field so a bad field answers its auth code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { presentAdminMe } from '../services/accounts/presenters/user';
import { answerSignIn, isFormPost } from '../services/accounts/auth-reply';
import { authRateLimit } from '../services/accounts/auth-rate-limit';
import { signOutSession } from '../services/accounts/auth-session';
import { isInstanceAdmin, signInAdmin, signUpFirstAdmin } from '../services/accounts/auth-admin';
import { authSuccessResponse, redirect, handReadForm } from '../../shared/schemas/auth';
import { messageBody, replies } from '../../shared/schemas/responses';
import { adminMeResponse, adminSessionResponse } from '../../shared/schemas/user';

const ADMIN_PATH = '/admin/';
const ADMIN_HOME_PATH = '/admin/general/';
const SIGN_UP_ECHO = ['email', 'first_name', 'last_name', 'company_name', 'is_telemetry_enabled'];

export default async function instanceAdminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Both routes check credentials, so they also stop a client after too many failed attempts (password spraying).
  const signInRateLimit = authRateLimit(app, { signIn: true });

  app.route({
    method: 'POST',
    url: '/api/instances/admins/sign-up/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'password', 'first_name', 'last_name', 'company_name', 'is_telemetry_enabled']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    // The first admin can use the app at once: both the admin and the app session are started.
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, {
        medium: 'email',
        authenticate: (fields) => signUpFirstAdmin(app.ctx, fields),
        sessionKinds: ['admin', 'app'],
        errorPath: ADMIN_PATH,
        successPath: ADMIN_HOME_PATH,
        echo: SIGN_UP_ECHO,
      }),
  });

  app.route({
    method: 'POST',
    url: '/api/instances/admins/sign-in/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'password']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, {
        medium: 'email',
        authenticate: (fields) => signInAdmin(app.ctx, fields),
        sessionKinds: ['admin'],
        errorPath: ADMIN_PATH,
        successPath: ADMIN_HOME_PATH,
      }),
  });

  app.route({
    method: 'POST',
    url: '/api/instances/admins/sign-out/',
    config: { access: 'public'},
    schema: { response: replies({ 200: messageBody, ...redirect }) },
    handler: async (request, reply) => {
      await signOutSession(app.ctx, request, reply, 'admin');
      if (isFormPost(request)) return reply.redirect(`${app.ctx.config.appBaseUrl}${ADMIN_PATH}`, 302);
      return { message: 'Signed out' };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/instances/admins/session/',
    config: { access: 'public'},
    schema: { response: replies({ 200: adminSessionResponse }) },
    handler: async (request) => {
      const user = request.auth.adminUser ?? (request.auth.via === 'session' ? request.auth.user : null);
      if (!user || !(await isInstanceAdmin(app.ctx.db, user.id))) return { is_authenticated: false };
      return { is_authenticated: true, user: presentAdminMe(user) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/instances/admins/me/',
    config: { access: 'instance-admin'},
    schema: { response: replies({ 200: adminMeResponse }) },
    handler: async (request) => presentAdminMe((request.auth.adminUser ?? request.auth.user)!),
  });
}
