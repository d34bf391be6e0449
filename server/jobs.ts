// The "jobs" service of a process (boot/services.ts): periodic work that needs only the database —
// folding issue-count deltas, and the statistics keeper (db/table-maintenance.ts) for dead rows and
// statistics where autovacuum does not keep them (PGlite; Postgres with it off). Each job stops when
// the app closes. Processes that run no REST (TRELLIS_ROLE=collab) run no jobs.
import type { FastifyInstance } from 'fastify';
import { scheduleTableMaintenance } from '../db/table-maintenance';
import { scheduleIssueCountFolding } from './services/issue-counts';

export function startJobs(app: FastifyInstance): void {
  const { ctx } = app;
  const stopFolding = scheduleIssueCountFolding(ctx, (error) => app.log.error({ err: error }, 'folding issue counts failed'));
  app.addHook('onClose', async () => stopFolding());
  // Bulk work (imports, bulk edits) tells the keeper through ctx.maintenance.afterBulkWork.
  const maintenance = scheduleTableMaintenance(ctx.database, { log: app.log });
  ctx.maintenance = maintenance;
  app.addHook('onClose', () => maintenance.stop());
}
