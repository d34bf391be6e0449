// External sign-in routes (API.md): `GET /auth/{google,github,gitlab}/` redirects to the provider,
// `GET /auth/{provider}/callback/` completes and redirects into the app. Both are browser
// navigations, so every failure is a 302 to `/?error_code=…&error_message=…`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { CodedError } from '../errors';
import { recordSignIn } from '../services/accounts/auth';
import { beginOAuth, completeOAuth } from '../services/accounts/auth-oauth';
import { errorUrl, requestInfo, safeNextPath, successUrl } from '../services/accounts/auth-reply';
import { signInSession } from '../services/accounts/auth-session';
import { PROVIDER_NAMES } from '../services/accounts/oauth/index';
import { clearPendingSignIn, readPendingSignIn, setPendingSignIn } from '../services/accounts/oauth/state';
import { oauthCallbackQuery, oauthStartQuery, redirect } from '../../shared/schemas/auth';
import { replies } from '../../shared/schemas/responses';

export default async function authOAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const provider of PROVIDER_NAMES) {
    app.route({
      method: 'GET',
      url: `/auth/${provider}/`,
      config: { access: 'public' },
      schema: { querystring: oauthStartQuery, response: replies(redirect) },
      handler: async (request, reply) => {
        const nextPath = safeNextPath(request.query.next_path);
        try {
          const { url, pending } = await beginOAuth(app.ctx, provider, nextPath, request.log);
          setPendingSignIn(request, reply, pending);
          return reply.redirect(url, 302);
        } catch (error) {
          if (!(error instanceof CodedError)) throw error;
          return reply.redirect(errorUrl(app.ctx, '/', error, nextPath), 302);
        }
      },
    });

    app.route({
      method: 'GET',
      url: `/auth/${provider}/callback/`,
      config: { access: 'public' },
      schema: { querystring: oauthCallbackQuery, response: replies(redirect) },
      handler: async (request, reply) => {
        const pending = readPendingSignIn(request);
        clearPendingSignIn(reply);
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        try {
          const user = await completeOAuth(app.ctx, provider, query, pending, request.log);
          const signedIn = await recordSignIn(app.ctx, user, provider, requestInfo(request));
          await signInSession(app.ctx, request, reply, signedIn.id);
          return reply.redirect(successUrl(app.ctx, pending?.nextPath ?? null), 302);
        } catch (error) {
          if (!(error instanceof CodedError)) throw error;
          return reply.redirect(errorUrl(app.ctx, '/', error, pending?.nextPath ?? null), 302);
        }
      },
    });
  }
}
