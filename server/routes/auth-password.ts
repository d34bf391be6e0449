// Email + password routes under /auth/ (reference §1.4): sign-in, sign-up, forgot and reset
// password (anonymous, form or JSON style), change and set password (signed in, JSON).
// Bodies are read field by field rather than by a zod schema: a missing or malformed field must
// answer its auth code (`{"error_code", "error_message"}`, or the form redirect), not a field map.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { presentUser } from '../services/accounts/presenters/user';
import { answerAction, answerSignIn, requestInfo } from '../services/accounts/auth-reply';
import { bodyFields } from '../validation';
import { authRateLimit } from '../services/accounts/auth-rate-limit';
import { renewSession } from '../services/accounts/auth-session';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  setPassword,
  signInWithPassword,
  signUpWithPassword,
} from '../services/accounts/auth-password';
import { authSuccessResponse, redirect, handReadForm, resetPasswordParams } from '../../shared/schemas/auth';
import { messageBody, replies } from '../../shared/schemas/responses';
import { userResponse } from '../../shared/schemas/user';

export default async function authPasswordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = authRateLimit(app);
  // Routes that check credentials also stop a client after too many failed attempts (password spraying).
  const signInRateLimit = authRateLimit(app, { signIn: true });

  app.route({
    method: 'POST',
    url: '/auth/sign-in/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'password', 'next_path']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, { medium: 'email', authenticate: (fields) => signInWithPassword(app.ctx, fields) }),
  });

  app.route({
    method: 'POST',
    url: '/auth/sign-up/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'password', 'next_path']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, { medium: 'email', authenticate: (fields) => signUpWithPassword(app.ctx, fields) }),
  });

  app.route({
    method: 'POST',
    url: '/auth/forgot-password/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email']), response: replies({ 200: messageBody }) },
    preHandler: rateLimit,
    handler: async (request) => {
      await requestPasswordReset(app.ctx, bodyFields(request.body), requestInfo(request));
      return { message: 'Check your email to reset your password' };
    },
  });

  app.route({
    method: 'POST',
    url: '/auth/reset-password/:uidb64/:token/',
    config: { access: 'public'},
    schema: { params: resetPasswordParams, body: handReadForm(['new_password']), response: replies({ 200: messageBody, ...redirect }) },
    preHandler: rateLimit,
    handler: (request, reply) => {
      const { uidb64, token } = request.params;
      return answerAction(app.ctx, request, reply, {
        run: () => resetPassword(app.ctx, uidb64, token, bodyFields(request.body)),
        successPath: '/sign-in',
        successQuery: { success: 'True' },
        json: () => ({ message: 'Password updated successfully' }),
        errorPath: '/accounts/reset-password/',
        errorQuery: { uidb64, token },
      });
    },
  });

  app.route({
    method: 'POST',
    url: '/auth/change-password/',
    config: { access: 'authenticated'},
    schema: { body: handReadForm(['old_password', 'new_password']), response: replies({ 200: messageBody }) },
    preHandler: rateLimit,
    handler: async (request, reply) => {
      const user = await changePassword(app.ctx, request.auth.user!, bodyFields(request.body));
      await renewSession(app.ctx, request, reply, user.id);
      return { message: 'Password updated successfully' };
    },
  });

  app.route({
    method: 'POST',
    url: '/auth/set-password/',
    config: { access: 'authenticated'},
    schema: { body: handReadForm(['password']), response: replies({ 200: userResponse }) },
    preHandler: rateLimit,
    handler: async (request, reply) => {
      const user = await setPassword(app.ctx, request.auth.user!, bodyFields(request.body));
      await renewSession(app.ctx, request, reply, user.id);
      return presentUser(user);
    },
  });
}
