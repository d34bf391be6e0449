// Builds the Fastify application (no listen): plugins in order — errors, cookies and bodies,
// session, CSRF, access — then every route module. Used by main.ts and by the tests alike.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { Config } from './config';
import type { Database } from '../db/client';
import type { ServerContext } from './context';
import errorsPlugin from './plugins/errors';
import sessionPlugin from './plugins/session';
import csrfPlugin from './plugins/csrf';
import accessPlugin from './plugins/access';
import idempotencyPlugin from './plugins/idempotency';
import { zodValidatorCompiler } from './plugins/zod';
import responseValidationPlugin, { jsonSerializerCompiler } from './plugins/response-schemas';
import { serveClientApp } from './plugins/client-app';
import { registerRoutes } from './routes/index';
import { createCollab } from '../collab/server';
import { ensureInstance } from './services/instance';
import { scheduleIssueCountFolding } from './services/issue-counts';
import { scheduleTableMaintenance } from '../db/table-maintenance';
import { BadRequestError } from './errors';
import { containsNul } from './validation';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Directory of the built client to serve; omitted in API-only tests. */
  clientDistDir?: string;
  logger?: boolean;
  /**
   * Check every answer against its route's response schema (plugins/response-schemas.ts says why
   * this is off in production). Defaults to on under vitest.
   */
  validateResponses?: boolean;
  /** Called for every route as it is registered (the route-matrix and fuzz suites list routes this way). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    // Security: X-Forwarded-For names the client only when a configured proxy sent the request
    // (TRUST_PROXY); trusted from anyone, a client could pick its own address and dodge per-IP limits.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
  });
  const ctx: ServerContext = { config, database, db: database.db, afterCommit: [] };
  app.decorate('ctx', ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await ensureInstance(ctx);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  if (options.validateResponses ?? process.env.VITEST !== undefined) await app.register(responseValidationPlugin);

  // Every response names its request id, so a user's error report can be matched to the log.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Security: NUL bytes can never be stored in Postgres text; refuse them before any handler.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body) || containsNul(request.params)) {
      throw new BadRequestError('Input must not contain NUL characters.');
    }
  });

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.secretKey });
  await app.register(formbody);
  // Attachments (API.md): a file above FILE_SIZE_LIMIT is refused with 413 {error}.
  await app.register(multipart, { limits: { fileSize: config.FILE_SIZE_LIMIT, files: 1, fields: 10, fieldSize: 100_000 } });
  // WebSockets for /live (change stream) and /collab (pages); registered once, before any route.
  await app.register(websocket);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(accessPlugin);
  await app.register(idempotencyPlugin);
  await registerRoutes(app);
  // Pages: Hocuspocus on /collab; REST reaches its live documents through ctx.collab.
  const collab = createCollab(ctx);
  if (config.TRELLIS_ROLE !== 'server') collab.mount(app);
  app.addHook('onClose', () => collab.close());
  const stopFolding = scheduleIssueCountFolding(ctx, (error) => app.log.error({ err: error }, 'folding issue counts failed'));
  app.addHook('onClose', async () => stopFolding());
  // Statistics and dead rows where autovacuum does not keep them (PGlite; Postgres with it off).
  ctx.maintenance = scheduleTableMaintenance(database, { log: app.log });
  app.addHook('onClose', () => ctx.maintenance!.stop());
  if (options.clientDistDir) await serveClientApp(app, options.clientDistDir);
  return app;
}
