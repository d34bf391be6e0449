// What every route and service can reach: configuration, the database and the process-wide
// collaborators (mailer, live hub). Built once per process by the composition root
// (boot/services.ts) and decorated on Fastify as `app.ctx`.
import type { Config } from './config';
import type { Database, Db } from '../db/client';
import type { TableMaintenance } from '../db/table-maintenance';
import type { JobQueue } from './job-queue';
import type { Change } from './live/record-change';

export interface ServerContext {
  config: Config;
  database: Database;
  db: Db;
  /** Hooks run after a write transaction commits (the live hub registers here). */
  afterCommit: Array<(event: CommittedWrite) => void>;
  /**
   * Whether this process streams a workspace's changes live (set by the live engine). A write to one
   * such workspace also reads where the workspace's log stood before it, under the log's lock
   * (server/live/record-change.ts), and hands its committed rows on in `CommittedWrite.rows`.
   */
  streamsLive?: (workspaceId: string) => boolean;
  /** The statistics keeper (db/table-maintenance.ts): bulk work calls afterBulkWork. Absent in scripts. */
  maintenance?: TableMaintenance;
  /** This process's worker of the background job queue (server/job-queue.ts); set by the "jobs" service. */
  jobQueue?: JobQueue;
}

/** The context of a process on `database`; the services it runs add their collaborators to it. */
export function createServerContext(config: Config, database: Database): ServerContext {
  return { config, database, db: database.db, afterCommit: [] };
}

/** What a committed write transaction produced, handed to after-commit listeners. */
export interface CommittedWrite {
  workspaceIds: string[];
  maxChangeId: number;
  /**
   * The change rows it appended, as the log now holds them, when it wrote to one workspace that
   * `streamsLive`: `previousId` is the workspace's last change before them (0 for none), so a reader
   * whose head is `previousId` may take these rows as the next ones without reading them back.
   */
  rows?: CommittedRows;
}

export interface CommittedRows {
  workspaceId: string;
  previousId: number;
  changes: Change[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
