// Email-first routes under /auth/ (reference §1.2, §1.4): the email check, magic code generation,
// and sign-in / sign-up with a code (form or JSON style). Bodies are read field by field so a bad
// field answers its auth code (see auth-password.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { answerSignIn, requestInfo } from '../services/accounts/auth-reply';
import { bodyFields } from '../validation';
import { authRateLimit } from '../services/accounts/auth-rate-limit';
import { checkEmail, sendMagicCode, signInWithMagicCode, signUpWithMagicCode } from '../services/accounts/auth-magic';
import { authSuccessResponse, emailCheckResponse, redirect, handReadForm, magicCodeSentResponse } from '../../shared/schemas/auth';
import { replies } from '../../shared/schemas/responses';

export default async function authMagicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = authRateLimit(app);
  // Routes that check credentials also stop a client after too many failed attempts (password spraying).
  const signInRateLimit = authRateLimit(app, { signIn: true });

  app.route({
    method: 'POST',
    url: '/auth/email-check/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email']), response: replies({ 200: emailCheckResponse }) },
    preHandler: rateLimit,
    handler: (request) => checkEmail(app.ctx, bodyFields(request.body)),
  });

  app.route({
    method: 'POST',
    url: '/auth/magic-generate/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email']), response: replies({ 200: magicCodeSentResponse }) },
    preHandler: rateLimit,
    handler: (request) => sendMagicCode(app.ctx, bodyFields(request.body), requestInfo(request)),
  });

  app.route({
    method: 'POST',
    url: '/auth/magic-sign-in/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'code', 'next_path']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, { medium: 'magic-code', authenticate: (fields) => signInWithMagicCode(app.ctx, fields) }),
  });

  app.route({
    method: 'POST',
    url: '/auth/magic-sign-up/',
    config: { access: 'public'},
    schema: { body: handReadForm(['email', 'code', 'next_path']), response: replies({ 200: authSuccessResponse, ...redirect }) },
    preHandler: signInRateLimit,
    handler: (request, reply) =>
      answerSignIn(app.ctx, request, reply, { medium: 'magic-code', authenticate: (fields) => signUpWithMagicCode(app.ctx, fields) }),
  });
}
