// The "jobs" service of a process (boot/services.ts): periodic work that needs only the database —
// folding issue-count deltas, the statistics keeper (db/table-maintenance.ts) for dead rows and
// statistics where autovacuum does not keep them (PGlite; Postgres with it off) — and the worker of
// the background job queue (server/job-queue.ts) with every queue's handler. Each stops when the app
// closes (the queue waits for its running handlers). Processes that run no REST
// (TRELLIS_ROLE=collab) run no jobs; their writes may still enqueue jobs for the others.
import type { FastifyInstance } from 'fastify';
import { scheduleTableMaintenance } from '../db/table-maintenance';
import type { ServerContext } from './context';
import { JobQueue } from './job-queue';
import { scheduleIssueCountFolding } from './services/ops/issue-counts';
import { registerGithubImport } from './services/integrations/github-import';
import { registerIssueExport } from './services/integrations/export-job';
import { registerNotificationMail } from './services/inbox/notification-mail';
import { registerWebhookDelivery } from './services/integrations/webhook-delivery';
import { afterCommitReactions } from './reactions/registry';
import { startReactionFeed } from './reactions/feed';

/** Registers the handler of every job queue name on `queue` (one line per feature). */
function registerJobHandlers(ctx: ServerContext, queue: JobQueue): void {
  registerWebhookDelivery(ctx, queue);
  registerNotificationMail(ctx, queue);
  registerGithubImport(ctx, queue);
  registerIssueExport(ctx, queue);
}

export function startJobs(app: FastifyInstance): void {
  const { ctx } = app;
  const stopFolding = scheduleIssueCountFolding(ctx, (error) => app.log.error({ err: error }, 'folding issue counts failed'));
  app.addHook('onClose', async () => stopFolding());
  // Bulk work (imports, bulk edits) tells the keeper through ctx.maintenance.afterBulkWork.
  const maintenance = scheduleTableMaintenance(ctx.database, { log: app.log });
  ctx.maintenance = maintenance;
  app.addHook('onClose', () => maintenance.stop());

  const queue = new JobQueue(ctx.database, {
    // One line per failed attempt (README "Health, metrics and upgrades"): warn while it will be
    // retried, error when the job gave up; errors of the queue itself carry no job.
    onError: (error, job, outcome) => {
      if (!job || !outcome) return app.log.error({ err: error }, 'job queue error');
      const fields = { err: error, job: { id: job.id, queue: job.queue, attempt: job.attempt, max_attempts: job.maxAttempts }, gave_up: outcome.gaveUp, retry_in_ms: outcome.retryInMs };
      if (outcome.gaveUp) app.log.error(fields, 'background job failed');
      else app.log.warn(fields, 'background job failed');
    },
  });
  registerJobHandlers(ctx, queue);
  ctx.jobQueue = queue;
  let stopFeed: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    await queue.start();
    // The after-commit reactions (notifications, mail, progress, webhooks) run from the change log (server/reactions/).
    stopFeed = await startReactionFeed(ctx, afterCommitReactions(), { onError: (error, reaction) => app.log.error({ err: error, reaction }, 'reaction feed failed') });
  });
  // Before the database closes (the caller closes it after app.close()).
  app.addHook('onClose', async () => {
    await stopFeed?.();
    await queue.stop();
  });
}
