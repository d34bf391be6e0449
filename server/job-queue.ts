// THE background job queue (DESIGN.md "Background jobs"): webhook delivery, email, notification
// fan-out and exports are rows in the `jobs` table (db/schema/job.ts). No job library: pg-boss and
// graphile-worker need a real Postgres server (own schemas, LISTEN on their own pool), and Trellis
// must run on PGlite too — so the queue is this one small module.
//
// API (keep it small):
//   enqueueJob(tx, queue, payload, { runAt?, maxAttempts? })  → job id. Call it with the caller's
//       transaction handle: the job exists if and only if that write committed. Wakes the workers
//       (NOTIFY 'jobs', delivered by Postgres at COMMIT).
//   enqueueJobs(tx, queue, payloads, options)  → ids: the same for many jobs in one statement.
//   const queue = new JobQueue(database, { workerId?, pollIntervalMs?, leaseMs?, concurrency? })
//   queue.register(name, handler, { backoffBaseMs?, maxBackoffMs? })   one handler per queue name
//   queue.start() / await queue.stop()   the "jobs" service (server/jobs.ts) starts it; stop() waits
//       for the running handlers and is called on app close.
//   await queue.runDue()   claims and runs what is due now (tests, benchmarks).
//
// Semantics:
// - Claim: `FOR UPDATE SKIP LOCKED` in one UPDATE … RETURNING that also counts the attempt, so two
//   workers (processes or instances) never hold the same job, and an attempt number is never used
//   twice: a worker that dies mid-attempt leaves its job `running`; after `leaseMs` without a
//   heartbeat another worker reclaims it as the NEXT attempt. Handlers get `attempt` and use it to
//   make the attempt idempotent (webhooks: X-Trellis-Delivery is derived from job id + attempt).
// - A handler that returns finishes the job (`done`). One that throws is retried at
//   now + backoffBaseMs·2^(attempt−1) (capped, ±10 % jitter) until `maxAttempts` attempts were made,
//   then `failed`. `PermanentJobError` fails it at once; `RetryJobError` chooses its own delay.
// - Finishing is guarded by (id, locked_by, attempts): a worker whose lease expired cannot overwrite
//   the outcome of the attempt that replaced it.
// - Done jobs are deleted after a week, failed ones kept for inspection for a month.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { jobs } from '../db/schema/job';

const JOBS_CHANNEL = 'jobs';

interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Attempts in all, the first included (default 5 = the table default). */
  maxAttempts?: number;
}

/** Adds a job inside the caller's transaction; it becomes visible (and wakes workers) at COMMIT. */
export async function enqueueJob(tx: Db, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
  const [id] = await enqueueJobs(tx, queue, [payload], options);
  return id;
}

/** Adds many jobs of one queue in one statement (same rules as `enqueueJob`). */
export async function enqueueJobs(tx: Db, queue: string, payloads: unknown[], options: EnqueueOptions = {}): Promise<number[]> {
  if (payloads.length === 0) return [];
  const rows = await tx
    .insert(jobs)
    .values(payloads.map((payload) => ({ queue, payload: payload ?? {}, ...(options.runAt ? { runAt: options.runAt } : {}), ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}) })))
    .returning({ id: jobs.id });
  // Transactional NOTIFY: sent at COMMIT, dropped on ROLLBACK.
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
  return rows.map((row) => row.id);
}

/** What a handler receives for one attempt. */
export interface JobRun<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  /** 1 for the first attempt; never reused for the same job. */
  attempt: number;
  maxAttempts: number;
  /** True when a failure of this attempt fails the job for good. */
  isLastAttempt: boolean;
}

type JobHandler<P = unknown> = (job: JobRun<P>) => Promise<void>;

interface HandlerOptions {
  /** First retry delay; doubled for each further attempt (default 1000 ms). */
  backoffBaseMs?: number;
  /** Upper bound of one retry delay (default one hour). */
  maxBackoffMs?: number;
}

/** Thrown by a handler: do not retry this job. */
export class PermanentJobError extends Error {}

/** Thrown by a handler: retry after `delayMs` (e.g. a Retry-After header) instead of the backoff. */
class RetryJobError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

interface JobQueueOptions {
  /** Names this worker in `locked_by` (default: a random id). */
  workerId?: string;
  /** Safety-net poll when no NOTIFY arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /** A `running` job without a heartbeat for this long is reclaimed (default 5 min). */
  leaseMs?: number;
  /** Jobs run at once by this worker (default 4). */
  concurrency?: number;
  /**
   * Called with errors of the queue itself (claim/finish statements) and of handlers; for a failed
   * attempt also with what happens next (server/jobs.ts logs one `background job failed` line from it).
   */
  onError?: (error: unknown, job?: JobRun, outcome?: JobFailure) => void;
}

/** What follows a failed attempt: a retry after `retryInMs`, or (gaveUp) the job is `failed` for good. */
interface JobFailure {
  gaveUp: boolean;
  retryInMs: number | null;
}

interface ClaimedRow {
  id: number | string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const DONE_RETENTION = '7 days';
const FAILED_RETENTION = '30 days';

/** Exponential backoff with ±10 % jitter: base·2^(attempt−1), capped. */
export function backoffDelay(attempt: number, options: Required<HandlerOptions>, random = Math.random): number {
  const raw = Math.min(options.maxBackoffMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.9 + 0.2 * random()));
}

export class JobQueue {
  readonly workerId: string;
  private readonly handlers = new Map<string, { handler: JobHandler<never>; options: Required<HandlerOptions> }>();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly onError: (error: unknown, job?: JobRun, outcome?: JobFailure) => void;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private started = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private lastCleanup = 0;

  constructor(
    private readonly database: Database,
    options: JobQueueOptions = {},
  ) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.concurrency = options.concurrency ?? 4;
    this.onError = options.onError ?? (() => {});
  }

  /** Registers the handler of one queue name (once per name). */
  register<P>(queue: string, handler: JobHandler<P>, options: HandlerOptions = {}): this {
    if (this.handlers.has(queue)) throw new Error(`job queue "${queue}" already has a handler`);
    this.handlers.set(queue, {
      handler: handler as JobHandler<never>,
      options: { backoffBaseMs: options.backoffBaseMs ?? 1000, maxBackoffMs: options.maxBackoffMs ?? 3_600_000 },
    });
    return this;
  }

  /** Listens for new jobs and polls as a safety net until `stop()`. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      this.unlisten = await this.database.listen(JOBS_CHANNEL, () => this.wake());
    } catch (error) {
      this.onError(error);
    }
    const tick = () => {
      if (!this.started) return;
      this.wake();
      this.timer = setTimeout(tick, this.pollIntervalMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops claiming and waits for the handlers that are running. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    await this.pumping?.catch(() => {});
    await Promise.allSettled([...this.running]);
  }

  /** Claims and runs jobs now (started or not); resolves when those attempts have finished. */
  async runDue(): Promise<number> {
    const claimed = await this.claim(this.concurrency);
    await Promise.allSettled(claimed.map((row) => this.track(row)));
    return claimed.length;
  }

  /** Asks for a claim round soon (NOTIFY, poll, a finished job). */
  wake(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      if (this.pumpAgain && this.started) {
        this.pumpAgain = false;
        this.wake();
      }
    });
  }

  private async pump(): Promise<void> {
    try {
      await this.cleanup();
      while (this.started) {
        const free = this.concurrency - this.running.size;
        if (free <= 0) return;
        const claimed = await this.claim(free);
        for (const row of claimed) void this.track(row);
        if (claimed.length < free) return;
      }
    } catch (error) {
      this.onError(error);
    }
  }

  private track(row: ClaimedRow): Promise<void> {
    const promise = this.execute(row).finally(() => {
      this.running.delete(promise);
      this.wake();
    });
    this.running.add(promise);
    return promise;
  }

  /** Claims up to `limit` due jobs of the registered queues (stale `running` ones included). */
  private async claim(limit: number): Promise<ClaimedRow[]> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0 || limit <= 0) return [];
    const lease = `${this.leaseMs} milliseconds`;
    // A stale job that already used its last attempt is not run again: it failed with its worker.
    await this.database.query(sql`
      update jobs set status = 'failed', locked_at = null, locked_by = null, updated_at = now(),
        last_error = coalesce(last_error || E'\n', '') || 'worker lost during the last attempt'
      where status = 'running' and locked_at < now() - ${lease}::interval and attempts >= max_attempts
        and queue in (select jsonb_array_elements_text(${JSON.stringify(queues)}::jsonb))`);
    return this.database.query<ClaimedRow>(sql`
      with next as (
        select id from jobs
        where queue in (select jsonb_array_elements_text(${JSON.stringify(queues)}::jsonb))
          and ((status = 'pending' and run_at <= now())
            or (status = 'running' and locked_at < now() - ${lease}::interval))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update jobs set status = 'running', attempts = jobs.attempts + 1, locked_at = now(),
        locked_by = ${this.workerId}, updated_at = now()
      from next where jobs.id = next.id
      returning jobs.id, jobs.queue, jobs.payload, jobs.attempts, jobs.max_attempts`);
  }

  private async execute(row: ClaimedRow): Promise<void> {
    const entry = this.handlers.get(row.queue);
    const job: JobRun = {
      id: Number(row.id),
      queue: row.queue,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      isLastAttempt: row.attempts >= row.max_attempts,
    };
    const heartbeat = setInterval(() => {
      this.database
        .query(sql`update jobs set locked_at = now() where id = ${job.id} and locked_by = ${this.workerId} and attempts = ${job.attempt}`)
        .catch((error) => this.onError(error, job));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    try {
      if (!entry) throw new PermanentJobError(`no handler for queue "${row.queue}"`);
      await entry.handler(job as JobRun<never>);
      clearInterval(heartbeat);
      await this.finish(job, 'done', null, null);
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentJobError || job.isLastAttempt || !entry;
      const delay = error instanceof RetryJobError ? error.delayMs : entry ? backoffDelay(job.attempt, entry.options) : 0;
      this.onError(error, job, { gaveUp: giveUp, retryInMs: giveUp ? null : delay });
      await this.finish(job, giveUp ? 'failed' : 'pending', message, giveUp ? null : delay).catch((finishError) => this.onError(finishError, job));
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async finish(job: JobRun, status: 'done' | 'failed' | 'pending', error: string | null, delayMs: number | null): Promise<void> {
    await this.database.query(sql`
      update jobs set status = ${status}, locked_at = null, locked_by = null, updated_at = now(),
        last_error = ${error === null ? sql`last_error` : sql`${error.slice(0, 2000)}`},
        run_at = ${delayMs === null ? sql`run_at` : sql`now() + ${`${delayMs} milliseconds`}::interval`}
      where id = ${job.id} and locked_by = ${this.workerId} and attempts = ${job.attempt}`);
  }

  /** Deletes old finished jobs, at most once a minute. */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.database.query(sql`
      delete from jobs where (status = 'done' and updated_at < now() - ${DONE_RETENTION}::interval)
        or (status = 'failed' and updated_at < now() - ${FAILED_RETENTION}::interval)`);
  }
}
