// What every route and service can reach: configuration, the database and the process-wide
// collaborators (mailer, live hub). Built once per process by the composition root
// (boot/services.ts) and decorated on Fastify as `app.ctx`.
import type { Config } from './config';
import type { Database, Db } from '../db/client';
import type { TableMaintenance } from '../db/table-maintenance';
import type { JobQueue } from './job-queue';

export interface ServerContext {
  config: Config;
  database: Database;
  db: Db;
  /** Hooks run after a write transaction commits (the live hub registers here). */
  afterCommit: Array<(event: CommittedWrite) => void>;
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
interface CommittedWrite {
  workspaceIds: string[];
  maxChangeId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
