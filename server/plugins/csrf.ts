// Double-submit CSRF protection (API.md "Sessions, CSRF, tokens"). Required on every unsafe request
// that a session cookie authenticates, and on every HTML-form post to the sign-in endpoints
// (a form can be posted cross-site; a JSON body cannot without CORS). API-key requests are exempt.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { randomToken, safeEqual } from '../security';
import { csrfTokenResponse } from '../../shared/schemas/auth';
import { replies } from '../../shared/schemas/responses';

const CSRF_COOKIE = 'csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_ENDPOINT_PREFIXES = ['/auth/', '/api/instances/admins/'];

class CsrfError extends HttpError {
  constructor() {
    super(403, { error: 'CSRF token missing or incorrect' });
  }
}

async function csrfPlugin(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/auth/get-csrf-token/',
    config: { access: 'public' },
    schema: { response: replies({ 200: csrfTokenResponse }) },
    handler: async (request, reply) => {
      const existing = request.cookies[CSRF_COOKIE];
      const token = existing && /^[0-9a-f]{64}$/.test(existing) ? existing : randomToken(32);
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.ctx.config.isHttps,
        maxAge: 365 * 24 * 3600,
      });
      return { csrf_token: token };
    },
  });

  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.auth.via === 'api_key') return;
    if (!needsCsrf(request)) return;
    const expected = request.cookies[CSRF_COOKIE];
    const sent = headerToken(request) ?? formToken(request);
    if (!expected || !sent || !safeEqual(expected, sent)) throw new CsrfError();
  });
}

function needsCsrf(request: FastifyRequest): boolean {
  if (request.auth.via === 'session' || request.auth.adminSessionId) return true;
  const type = request.headers['content-type'] ?? '';
  const isForm = type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
  return isForm && FORM_ENDPOINT_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers['x-csrftoken'];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

function formToken(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body.csrfmiddlewaretoken : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

export default fp(csrfPlugin, { name: 'csrf', dependencies: ['session'] });
