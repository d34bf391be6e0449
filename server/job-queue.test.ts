// The job queue on both drivers: transactional enqueue, a restart or a dead worker loses nothing,
// two workers never run the same job, exponential backoff and the attempt limit.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import { jobs } from '../db/schema/job';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../tests/support/db';
import { backoffDelay, enqueueJob, JobQueue, PermanentJobError } from './job-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe.each(availableDrivers())('job queue on %s', (driver) => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // Two workers as two processes would have them: their own connections (PGlite has one).
    second = database.url ? await createDatabase({ databaseUrl: database.url, maxConnections: 4 }) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database?.destroy();
  });

  const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  test('a job exists only if the transaction that enqueued it committed', async () => {
    const committed = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.tx', { n: 1 }));
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx as never, 'test.tx', { n: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await database.db.select().from(jobs).where(eq(jobs.queue, 'test.tx'));
    expect(rows.map((row) => row.id)).toEqual([committed]);
    const seen: unknown[] = [];
    const queue = new JobQueue(database).register('test.tx', async (job) => void seen.push(job.payload));
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRow(committed)).status).toBe('done');
  });

  test('a started worker runs a job soon after the commit (NOTIFY), not only on its poll', async () => {
    const seen: number[] = [];
    const queue = new JobQueue(database, { pollIntervalMs: 60_000 }).register('test.wake', async (job) => void seen.push(job.id));
    await queue.start();
    try {
      await sleep(50);
      const id = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.wake', {}));
      await until(() => seen.includes(id), 5000);
    } finally {
      await queue.stop();
    }
  });

  test('a restart loses nothing: jobs wait for the next worker, a dead worker’s job is reclaimed as the next attempt', async () => {
    const ids = await database.db.transaction(async (tx) => [await enqueueJob(tx as never, 'test.restart', { k: 'a' }), await enqueueJob(tx as never, 'test.restart', { k: 'b' })]);
    // Worker 1 claims both, then "dies": its handler never finishes and it never heartbeats again.
    const dead = new JobQueue(database, { leaseMs: 60_000 }).register('test.restart', () => new Promise<void>(() => {}));
    void dead.runDue();
    await until(async () => (await jobRow(ids[1])).status === 'running');
    await database.query(sql`update jobs set locked_at = now() - interval '2 minutes' where queue = 'test.restart'`);
    // Worker 2 starts after the "restart": it reclaims both as attempt 2 and finishes them.
    const attempts: Array<[number, number]> = [];
    const fresh = new JobQueue(second, { leaseMs: 60_000 }).register('test.restart', async (job) => void attempts.push([job.id, job.attempt]));
    expect(await fresh.runDue()).toBe(2);
    expect(attempts.sort()).toEqual(ids.map((id) => [id, 2]).sort());
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('a worker whose lease expired cannot overwrite the attempt that replaced it', async () => {
    const id = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.lease', {}));
    let release!: () => void;
    const slow = new JobQueue(database, { leaseMs: 60_000 }).register('test.lease', () => new Promise<void>((resolve) => (release = resolve)));
    const slowRun = slow.runDue();
    await until(async () => (await jobRow(id)).status === 'running');
    await database.query(sql`update jobs set locked_at = now() - interval '2 minutes' where id = ${id}`);
    const fast = new JobQueue(second, { leaseMs: 60_000 }).register('test.lease', async () => {
      throw new PermanentJobError('attempt 2 failed');
    });
    await fast.runDue();
    release();
    await slowRun;
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'attempt 2 failed' });
  });

  test('two workers never run the same job', async () => {
    const count = 60;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await enqueueJob(tx as never, 'test.race', { i });
    });
    const runs: number[] = [];
    const handler = async (job: { payload: { i: number } }) => {
      runs.push(job.payload.i);
      await sleep(Math.random() * 5);
    };
    const a = new JobQueue(database, { concurrency: 4, pollIntervalMs: 20 }).register('test.race', handler);
    const b = new JobQueue(second, { concurrency: 4, pollIntervalMs: 20 }).register('test.race', handler);
    await Promise.all([a.start(), b.start()]);
    try {
      await until(async () => (await database.db.select().from(jobs).where(sql`queue = 'test.race' and status <> 'done'`)).length === 0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(runs).toHaveLength(count);
    expect(new Set(runs).size).toBe(count);
  });

  test('failures are retried with exponential backoff until maxAttempts, then the job fails', async () => {
    const id = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.backoff', {}, { maxAttempts: 3 }));
    const attempts: Array<{ attempt: number; last: boolean; at: number }> = [];
    const reported: Array<[number | undefined, boolean | undefined, boolean]> = [];
    const onError = (_error: unknown, job?: { attempt: number }, outcome?: { gaveUp: boolean; retryInMs: number | null }) =>
      void reported.push([job?.attempt, outcome?.gaveUp, outcome?.retryInMs === null ? false : (outcome?.retryInMs ?? 0) >= 9000]);
    const queue = new JobQueue(database, { onError }).register(
      'test.backoff',
      async (job) => {
        attempts.push({ attempt: job.attempt, last: job.isLastAttempt, at: Date.now() });
        throw new Error(`boom ${job.attempt}`);
      },
      { backoffBaseMs: 10_000 },
    );
    await queue.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    const firstDelay = row.runAt.getTime() - row.updatedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(9000 - 100);
    expect(firstDelay).toBeLessThanOrEqual(11_000 + 100);
    // Not due yet: nothing runs.
    expect(await queue.runDue()).toBe(0);
    await database.query(sql`update jobs set run_at = now() where id = ${id}`);
    await queue.runDue();
    row = await jobRow(id);
    const secondDelay = row.runAt.getTime() - row.updatedAt.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(18_000 - 100);
    expect(secondDelay).toBeLessThanOrEqual(22_000 + 100);
    await database.query(sql`update jobs set run_at = now() where id = ${id}`);
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(attempts.map((a) => [a.attempt, a.last])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // One report per failed attempt, saying what follows (the log line of server/jobs.ts).
    expect(reported).toEqual([
      [1, false, true],
      [2, false, true],
      [3, true, false],
    ]);
    await database.query(sql`update jobs set run_at = now() where id = ${id}`);
    expect(await queue.runDue()).toBe(0);
  });

  test('a permanent error fails at once; a stale job past its last attempt is not run again', async () => {
    const permanent = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.permanent', {}));
    await new JobQueue(database)
      .register('test.permanent', async () => {
        throw new PermanentJobError('4xx');
      })
      .runDue();
    expect(await jobRow(permanent)).toMatchObject({ status: 'failed', attempts: 1 });
    const stale = await database.db.transaction((tx) => enqueueJob(tx as never, 'test.stale', {}, { maxAttempts: 1 }));
    await database.query(sql`update jobs set status = 'running', attempts = 1, locked_at = now() - interval '1 hour', locked_by = 'gone' where id = ${stale}`);
    let ran = false;
    await new JobQueue(database).register('test.stale', async () => void (ran = true)).runDue();
    expect(ran).toBe(false);
    expect((await jobRow(stale)).status).toBe('failed');
  });
});

test('backoff doubles per attempt, with jitter, up to the cap', () => {
  const options = { backoffBaseMs: 1000, maxBackoffMs: 5000 };
  expect(backoffDelay(1, options, () => 0.5)).toBe(1000);
  expect(backoffDelay(2, options, () => 0.5)).toBe(2000);
  expect(backoffDelay(3, options, () => 0.5)).toBe(4000);
  expect(backoffDelay(4, options, () => 0.5)).toBe(5000);
  expect(backoffDelay(1, options, () => 0)).toBe(900);
  expect(backoffDelay(1, options, () => 1)).toBe(1100);
});
