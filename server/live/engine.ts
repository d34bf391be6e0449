// Wires the live stream of one server instance: hub (subscribers), reader (LISTEN + range reads),
// retention job, and the after-commit hook through which a write on this instance reaches its own
// subscribers at once — with its committed rows, when it wrote to one workspace streamed here (the
// NOTIFY for other processes is sent by withTransaction itself, wherever the write runs). Created by
// server/live/route.ts.
import type { Db } from '../../db/client';
import type { CommittedWrite, ServerContext } from '../context';
import { LiveCloseCode } from '../../shared/live-protocol';
import { Hub } from './hub';
import { ChangeReader } from './reader';
import { scheduleCredentialSweep } from './credentials';
import { scheduleRetention } from './retention';
import type { LiveConnection } from './socket';

/** The live stream's collaborators, shared by every socket of the instance. */
export interface LiveEngine {
  db: Db;
  hub: Hub;
  reader: ChangeReader;
  connections: Set<LiveConnection>;
  pingIntervalMs: number;
  maxBufferedBytes: number;
  onError(error: unknown): void;
  close(): Promise<void>;
}

const engines = new WeakMap<ServerContext, LiveEngine>();

/** The engine of an app context (benchmarks and tests read its counters). */
export function liveEngineOf(ctx: ServerContext): LiveEngine | undefined {
  return engines.get(ctx);
}

/** Creates the engine and hooks it into the context's after-commit listeners. */
export function createLiveEngine(ctx: ServerContext, log: { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void }): LiveEngine {
  const onError = (error: unknown) => log.error({ err: error }, 'live stream error');
  // README "Health and metrics": one line per lag warning, so a slow fan-out shows in the logs.
  const onLag = (lagMs: number) => log.warn({ lagMs, thresholdMs: ctx.config.LIVE_LAG_WARN_MS }, 'change-log lag: changes reach this process late');
  const hub = new Hub();
  const reader = new ChangeReader(ctx.database, hub, { onError, onLag, lagWarnMs: ctx.config.LIVE_LAG_WARN_MS, pollIntervalMs: ctx.config.LIVE_POLL_INTERVAL_MS });
  hub.onWorkspaceEmpty = (workspaceId) => reader.untrack(workspaceId);
  const stopRetention = scheduleRetention(ctx, onError);

  const afterCommit = (written: CommittedWrite) => {
    if (written.rows) return reader.deliverCommitted(written.rows);
    for (const workspaceId of written.workspaceIds) reader.wake(workspaceId);
  };
  ctx.afterCommit.push(afterCommit);
  ctx.streamsLive = (workspaceId) => reader.head(workspaceId) !== undefined;

  const engine: LiveEngine = {
    db: ctx.db,
    hub,
    reader,
    connections: new Set(),
    pingIntervalMs: ctx.config.LIVE_PING_INTERVAL_MS,
    maxBufferedBytes: ctx.config.LIVE_MAX_BUFFERED_BYTES,
    onError,
    async close() {
      ctx.afterCommit.splice(ctx.afterCommit.indexOf(afterCommit), 1);
      delete ctx.streamsLive;
      stopRetention();
      stopCredentialSweep();
      for (const connection of [...engine.connections]) connection.close(LiveCloseCode.GOING_AWAY, 'server shutting down');
      await reader.stop();
      engines.delete(ctx);
    },
  };
  const stopCredentialSweep = scheduleCredentialSweep(ctx.db, engine.connections, engine.pingIntervalMs, onError);
  engines.set(ctx, engine);
  return engine;
}
