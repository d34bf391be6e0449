// `POST /auth/sign-out/`: ends the caller's app session. A form post gets the reference's 302 to
// the app root, a JSON post 200 {"message": "Signed out"} (API.md "Details settled").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { isFormPost } from '../services/accounts/auth-reply';
import { authRateLimit } from '../services/accounts/auth-rate-limit';
import { signOutSession } from '../services/accounts/auth-session';
import { redirect } from '../../shared/schemas/auth';
import { messageBody, replies } from '../../shared/schemas/responses';

export default async function authSignOutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'POST',
    url: '/auth/sign-out/',
    config: { access: 'public'},
    schema: { response: replies({ 200: messageBody, ...redirect }) },
    preHandler: authRateLimit(app),
    handler: async (request, reply) => {
      await signOutSession(app.ctx, request, reply, 'app');
      if (isFormPost(request)) return reply.redirect(app.ctx.config.appBaseUrl, 302);
      return { message: 'Signed out' };
    },
  });
}
