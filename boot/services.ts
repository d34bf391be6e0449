// COMPOSITION ROOT (DESIGN "Processes"). Every Trellis process starts here: one context
// (server/context.ts) on one database, one Fastify instance on one port, and the services its
// TRELLIS_ROLE selects, mounted on that instance — after Outline's server/services/index.ts:
//
//   web     REST under /api and /auth, and the built client      (server/app.ts, server/routes/)
//   live    the /live change stream                                (server/live/)
//   collab  Hocuspocus at /collab for pages and issue descriptions (collab/, wired in ./collab-service.ts)
//   jobs    periodic database work                                 (server/jobs.ts)
// and, whatever the role, /healthz, /readyz and /metrics for operators (server/ops/).
//
// Why a folder of its own: server/ and collab/ are peers that may import only db/ and shared/
// (tests/architecture.test.ts), yet one process may run both and the collaboration server must
// store through the REST domain's services (a title rename and an issue description save record
// change events). boot/ is the one place allowed to see both; it hands collab those writes as
// callbacks and hands REST collab's bridge to live documents. Nothing imports boot/ but the
// process entry (./main.ts) and the tests, which start the same services a real process does.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Config } from '../server/config';
import { createServerContext } from '../server/context';
import { installInTransactionReactions } from '../server/reactions/registry';
import { configureNotificationMail } from '../server/services/inbox/notification-mail';
import { createHttpServer, registerRequestPipeline, registerRestApi, type HttpServerOptions } from '../server/app';
import liveRoutes from '../server/live/route';
import { startJobs } from '../server/jobs';
import { serveClientApp } from '../server/plugins/client-app';
import { registerHealthRoutes } from '../server/ops/health';
import { registerMetrics } from '../server/ops/metrics';
import { startCollabService } from './collab-service';
import { ROLE_SERVICES } from './roles';

export interface StartOptions extends HttpServerOptions {
  config: Config;
  database: Database;
  /** Directory of the built client to serve with the web service; omitted in API-only runs and tests. */
  clientDistDir?: string;
}

/** Builds the process's app with the services of its role (not listening yet; the caller listens). */
export async function startServices(options: StartOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const services = new Set(ROLE_SERVICES[config.TRELLIS_ROLE]);
  const ctx = createServerContext(config, database);
  installInTransactionReactions();
  // Every role writes notifications (and so schedules their mails), not only the one running the jobs.
  configureNotificationMail({ delayMs: config.NOTIFICATION_MAIL_DELAY_MS });
  const app = await createHttpServer(ctx, options);
  if (services.has('web') || services.has('live')) await registerRequestPipeline(app);
  if (services.has('web')) await registerRestApi(app);
  if (services.has('live')) await app.register(liveRoutes);
  // Without it, REST changes page bodies in storage and tells the collaboration processes (NOTIFY).
  const collab = services.has('collab') ? await startCollabService(app) : null;
  if (services.has('jobs')) startJobs(app);
  // Every role answers the orchestrator's probes and (with METRICS_TOKEN) the scraper.
  registerHealthRoutes(app, { live: services.has('live') });
  await registerMetrics(app, collab ? { collab: { documents: () => collab.hocuspocus.getDocumentsCount(), connections: () => collab.hocuspocus.getConnectionsCount() } } : {});
  // Last: its catch-all GET must not shadow any route above.
  if (services.has('web') && options.clientDistDir) await serveClientApp(app, options.clientDistDir);
  return app;
}
