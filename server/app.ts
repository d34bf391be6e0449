// The HTTP side of a Trellis process (no listen), in the pieces the composition root
// (boot/services.ts) assembles per TRELLIS_ROLE: the Fastify instance every service mounts on, the
// request pipeline REST and the live stream share (errors, cookies and bodies, session, CSRF, access,
// idempotency, in that order), and the REST API itself (the "web" service: every route module).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { ServerContext } from './context';
import errorsPlugin from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import sessionPlugin from './plugins/session';
import csrfPlugin from './plugins/csrf';
import accessPlugin from './plugins/access';
import idempotencyPlugin from './plugins/idempotency';
import { zodValidatorCompiler } from './plugins/zod';
import responseValidationPlugin, { jsonSerializerCompiler } from './plugins/response-schemas';
import { registerRoutes } from './routes/index';
import { lazyRequestLogger } from './request-logger';
import { serverAnsweringHeadWithGet } from './head-requests';
import apiV1Routes from './routes/api-v1/index';
import { ensureInstance } from './services/ops/instance';
import { BadRequestError, ValidationError } from './errors';
import { containsNul, findIllFormedText } from './validation';

const ILL_FORMED_TEXT = 'Text must be valid Unicode (no lone surrogates).';

export interface HttpServerOptions {
  logger?: boolean;
  /**
   * Check every answer against its route's response schema (plugins/response-schemas.ts says why
   * this is off in production). Defaults to on under vitest.
   */
  validateResponses?: boolean;
  /** Called for every route as it is registered (the route-matrix and fuzz suites list routes this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** The Fastify instance of a process, carrying `ctx`, with WebSockets for /live and /collab. */
export async function createHttpServer(ctx: ServerContext, options: HttpServerOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    childLoggerFactory: lazyRequestLogger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    // Security: X-Forwarded-For names the client only when a configured proxy sent the request
    // (TRUST_PROXY); trusted from anyone, a client could pick its own address and dodge per-IP limits.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    // Our compilers from the start (zod validates, JSON.stringify answers), given as factories: then
    // Fastify never loads its default Ajv and fast-json-stringify compilers, and the server bundle
    // leaves them out (scripts/build-server.mjs), so a start neither parses nor runs them.
    // (Fastify types the factories for Ajv's compile signature; ours are the route-level compilers.)
    schemaController: { compilersFactory: { buildValidator: (() => zodValidatorCompiler) as never, buildSerializer: (() => jsonSerializerCompiler) as never } },
    // HEAD goes to the GET route at the server (./head-requests.ts): no HEAD twin per GET route.
    exposeHeadRoutes: false,
    serverFactory: serverAnsweringHeadWithGet,
  });
  app.decorate('ctx', ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.validateResponses ?? process.env.VITEST !== undefined) await app.register(responseValidationPlugin);
  // WebSockets for /live (change stream) and /collab (pages); registered once, before any route.
  await app.register(websocket);
  return app;
}

/** What every REST request and every /live upgrade goes through before its handler. */
export async function registerRequestPipeline(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  // Every response names its request id, so a user's error report can be matched to the log.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Security: NUL bytes can never be stored in Postgres text; refuse them before any handler.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body) || containsNul(request.params)) {
      throw new BadRequestError('Input must not contain NUL characters.');
    }
    // A lone surrogate ("\ud800") would be stored as "\ufffd" in text and make jsonb fail (a 500):
    // refuse it here, once for every route, naming the field it came in.
    for (const part of [request.body, request.query]) {
      const field = findIllFormedText(part);
      if (field === '') throw new BadRequestError(ILL_FORMED_TEXT);
      if (field !== null) throw ValidationError.field(field, ILL_FORMED_TEXT);
    }
  });

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.secretKey });
  await app.register(formbody);
  // Attachments (API.md): a file above FILE_SIZE_LIMIT is refused with 413 {error}.
  await app.register(multipart, { limits: { fileSize: config.FILE_SIZE_LIMIT, files: 1, fields: 10, fieldSize: 100_000 } });
  // Rate-limit counters (memory, or Redis with REDIS_URL) before the session plugin, which limits API keys.
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(accessPlugin);
  await app.register(idempotencyPlugin);
}

/** The REST API: the instance row it answers for, then every route module (server/routes/). */
export async function registerRestApi(app: FastifyInstance): Promise<void> {
  await ensureInstance(app.ctx);
  await registerRoutes(app);
  await app.register(apiV1Routes);
}
