// Plane's public REST API (/api/v1) on Trellis: the resource files of this folder, registered in one
// encapsulated scope that only API keys (`X-API-Key`) may call, that tells each key its rate limit
// (X-RateLimit-Remaining / X-RateLimit-Reset), and that takes Plane clients' bodiless JSON posts.
// Every route is a thin adapter over the app API's services, permissions and presenters.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors';
import { replies } from '../../../shared/schemas/responses';
import { createOpenApiCollector } from './openapi';
import cyclesRoutes from './cycles';
import estimatesRoutes from './estimates';
import intakeRoutes from './intake';
import labelsRoutes from './labels';
import modulesRoutes from './modules';
import pagesRoutes from './pages';
import projectSettingsRoutes from './project-settings';
import projectsRoutes from './projects';
import statesRoutes from './states';
import usersRoutes from './users';
import workItemActionsRoutes from './work-item-actions';
import workItemAttachmentsRoutes from './work-item-attachments';
import workItemCommentsRoutes from './work-item-comments';
import workItemLinksRoutes from './work-item-links';
import workItemsRoutes from './work-items';

/**
 * The resource plugins, imported statically: the production server is one esbuild bundle run by
 * plain node, where a folder scanned at run time would hold only the .ts sources node cannot load.
 */
const RESOURCES = [
  cyclesRoutes,
  estimatesRoutes,
  intakeRoutes,
  labelsRoutes,
  modulesRoutes,
  pagesRoutes,
  projectSettingsRoutes,
  projectsRoutes,
  statesRoutes,
  usersRoutes,
  workItemActionsRoutes,
  workItemAttachmentsRoutes,
  workItemCommentsRoutes,
  workItemLinksRoutes,
  workItemsRoutes,
];
/** Where the OpenAPI document is served; readable without a key, as API documentation is. */
const SCHEMA_URL = '/api/v1/schema/';

/** Registers /api/v1 (one scope; the app API's hooks and error handler apply inside it too). */
export default async function apiV1Routes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    const openApi = createOpenApiCollector({ title: 'Trellis public API (Plane API v1)', version: '1' });
    scope.addHook('onRoute', openApi.onRoute);
    // Plane's API takes API keys only: a browser session is no credential here (and needs no CSRF).
    scope.addHook('onRequest', async (request) => {
      // Public routes (the schema; the signed attachment upload form, which plays a presigned URL) take no key.
      if ((request.routeOptions.config as { access?: string } | undefined)?.access === 'public') return;
      if (request.auth.via !== 'api_key') throw new UnauthorizedError('Authentication credentials were not provided.');
    });
    scope.addHook('onSend', async (request, reply) => {
      const limit = request.auth?.rateLimit;
      if (!limit) return;
      reply.header('x-ratelimit-limit', String(limit.max));
      reply.header('x-ratelimit-remaining', String(limit.remaining));
      // Plane sends the reset as a Unix time in seconds.
      reply.header('x-ratelimit-reset', String(Math.ceil((Date.now() + limit.resetMs) / 1000)));
    });
    // Plane's SDK posts `archive/` and sends DELETEs with `Content-Type: application/json` and no body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const error = new Error('The request body is not valid JSON.') as Error & { statusCode: number; code: string };
        error.statusCode = 400;
        error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
        done(error, undefined);
      }
    });
    scope.route({
      method: 'GET',
      url: SCHEMA_URL,
      config: { access: 'public' },
      schema: { response: replies({ 200: z.record(z.string(), z.unknown()).describe('OpenAPI 3.1 document') }) },
      handler: async () => openApi.document(),
    });
    for (const resource of RESOURCES) await scope.register(resource);
  });
}
