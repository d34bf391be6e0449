// Probes for orchestrators and the proxy (README "Health and metrics"), on every role:
//   GET /healthz  the process is up and serving (no dependency checked: a restart would not help)
//   GET /readyz   it can do its job: the database answers, every migration of this code is applied,
//                 and (processes with the live stream) the LISTEN connection for change fan-out is open.
// /readyz answers 503 with the failing checks named, so `curl` or a load balancer log says why.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { migrationStatus } from '../../db/migration-status';
import { healthResponses, readinessResponses } from '../../shared/schemas/ops';
import { liveEngineOf } from '../live/engine';

type Check = { ok: true } | { ok: false; error: string };

const PROBE_TIMEOUT_MS = 3000;

/** Runs `probe`, failing it after PROBE_TIMEOUT_MS so a hung database cannot hang the probe. */
async function check(probe: () => Promise<string | null>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${PROBE_TIMEOUT_MS} ms`), PROBE_TIMEOUT_MS);
  });
  try {
    const problem = await Promise.race([probe(), timeout]);
    return problem === null ? { ok: true } : { ok: false, error: problem };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, options: { live: boolean }): void {
  const { ctx } = app;
  // Probes arrive every few seconds: their successes stay out of the info log.
  const probe = { config: { access: 'public' as const }, logLevel: 'warn' as const };

  app.get('/healthz', { ...probe, schema: { response: healthResponses } }, async () => ({ status: 'ok', uptime_seconds: Math.round(process.uptime()) }));

  app.get('/readyz', { ...probe, schema: { response: readinessResponses } }, async (_request, reply) => {
    const checks: Record<string, Check> = {
      database: await check(async () => {
        await ctx.database.query(sql`select 1`);
        return null;
      }),
      migrations: await check(async () => {
        const status = await migrationStatus(ctx.database);
        if (status.newerThanCode) return `database is newer than this code (${status.appliedTag})`;
        return status.pending === 0 ? null : `${status.pending} migration(s) not applied (up to ${status.latestTag})`;
      }),
    };
    if (options.live) {
      checks.listener = await check(async () => {
        const engine = liveEngineOf(ctx);
        if (!engine) return 'live stream not started';
        // Opens the LISTEN connection if no socket has yet: ready means a change would fan out now.
        await engine.reader.start();
        return null;
      });
    }
    const ready = Object.values(checks).every((result) => result.ok);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
