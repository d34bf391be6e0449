// A transaction whose last statements travel with its COMMIT (server/live/record-change.ts: the
// change-log append takes a per-workspace lock that is held until COMMIT). With postgres.js's
// begin(), COMMIT is sent only once the callback's promise settled: one more round trip after the
// last statement, during which this process's event loop first serves whatever else is ready — on a
// busy server several milliseconds in which every other writer of the workspace waits for the lock.
// Here BEGIN/COMMIT are our own, on a reserved connection, and the tail and COMMIT are pipelined.
import type postgres from 'postgres';
import type { SQL } from 'drizzle-orm';
import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type { Database, Db } from './client';
import { dialect } from './dialect';

export interface TailWork<T> {
  value: T;
  /** The transaction's last statements, run in order right before COMMIT. */
  tail: SQL[];
}

type Rows = Record<string, unknown>[];

/**
 * Runs `work` in a transaction and commits it. `work` returns its value and the transaction's last
 * statements: on Postgres they are sent together with COMMIT (one round trip), so a lock they take is
 * held for the database's own time only. Returns the value and each tail statement's rows. Any error
 * rolls the transaction back and is thrown. Nested `tx.transaction` (savepoints) is not available.
 */
export async function transactionWithTail<T>(database: Database, work: (tx: Db) => Promise<TailWork<T>>): Promise<{ value: T; tailRows: Rows[] }> {
  if (database.driver === 'postgres') return postgresTransaction((database.db as unknown as { $client: postgres.Sql }).$client, work);
  // PGlite runs in this process: no round trip to save, the tail simply runs last.
  return database.db.transaction(async (tx) => {
    const { value, tail } = await work(tx as unknown as Db);
    const tailRows: Rows[] = [];
    for (const statement of tail) tailRows.push(((await tx.execute(statement)) as unknown as { rows: Rows }).rows);
    return { value, tailRows };
  });
}

// Transactions on a reserved connection are opened with db/dialect.ts's dialect (drizzle() builds an
// equal one internally). No relational schema: nothing here uses `tx.query`, and with one drizzle
// would build a query helper per table for every transaction.

async function postgresTransaction<T>(client: postgres.Sql, work: (tx: Db) => Promise<TailWork<T>>): Promise<{ value: T; tailRows: Rows[] }> {
  const connection = await client.reserve();
  let lost = false;
  try {
    // BEGIN is not awaited: it travels with the work's first statement (postgres.js writes a
    // connection's queued queries together), which saves a round trip. Should it fail, that
    // statement fails too and the error is the one thrown.
    // Generic plans for the transaction's named statements: inside a write those are key look-ups,
    // key updates and inserts (the issue row and its updates, the tail), whose best plan does not
    // depend on the values, and Postgres would otherwise plan each afresh for its first five runs on
    // every connection (the issue row took ~1 ms a plan: BENCHMARKS.md, "Write path"). Not for the
    // whole pool: there the change log's range reads need plans made with their values (a generic
    // plan walks the primary key past every other workspace's changes).
    const begin = connection.unsafe('begin; set local plan_cache_mode = force_generic_plan').execute();
    begin.catch(() => {});
    // drizzle types a transaction's session over a TransactionSql; a reserved connection lacks its
    // savepoint()/prepare(), hence no nesting.
    const session = new PostgresJsSession(preparing(connection), dialect, undefined) as never;
    let outcome: TailWork<T>;
    try {
      outcome = await work(new PostgresJsTransaction(dialect, session, undefined) as unknown as Db);
      await begin;
    } catch (error) {
      if (!isConnectionError(error)) await connection.unsafe('rollback');
      throw error;
    }
    // Issued without awaiting: postgres.js writes the queries of one connection in issue order (one
    // socket write for all), and Postgres runs them in that order. After a failed tail statement,
    // COMMIT ends the aborted transaction as a rollback (it answers ROLLBACK, not an error).
    // Prepared (postgres.js keeps one per connection and text): an unprepared statement with
    // parameters is sent as Parse/Describe first and its Bind only once the types came back, a round
    // trip of its own that also holds back everything queued behind it, COMMIT included. Tail
    // statements keep their text fixed (values as parameters), so a connection prepares each once.
    const tail = outcome.tail.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return connection.unsafe(query.sql, query.params as postgres.ParameterOrJSON<never>[], { prepare: true }).execute();
    });
    const commit = connection.unsafe('commit').execute();
    const tailRows: Rows[] = [];
    let failure: unknown = null;
    for (const query of tail) {
      try {
        tailRows.push(Array.from(await query));
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure && isConnectionError(failure)) {
      // The COMMIT may still wait in postgres.js's queue of a connection that is gone: never answered.
      commit.catch(() => {});
      throw failure;
    }
    await commit;
    if (failure) throw failure;
    return { value: outcome.value, tailRows };
  } catch (error) {
    lost = isConnectionError(error);
    throw error;
  } finally {
    // A lost connection is already in postgres.js's closed list (it reconnects on demand); releasing
    // it would put the dead socket back among the open ones.
    if (!lost) connection.release();
  }
}

/**
 * Statements with more values than this are sent unprepared: their text varies with a list's length
 * (an `in (…)` of ids, a multi-row insert), and each length would stay prepared on the connection.
 */
export const MAX_PREPARED_PARAMS = 32;

/**
 * The reserved connection as the transaction's drizzle session sees it: every statement is sent
 * prepared. drizzle sends a query builder's statement unprepared unless it was given a name, and
 * postgres.js sends an unprepared statement with values as Parse/Describe, then its Bind once the
 * types are back: two round trips, and a parse and plan by Postgres every time. Inside our
 * transactions plans are generic anyway (plan_cache_mode above), so preparing changes no plan; each
 * connection keeps a statement once per text, and postgres.js closes connections after a while.
 */
function preparing(connection: postgres.ReservedSql): postgres.ReservedSql {
  const unsafe: postgres.ReservedSql['unsafe'] = (text, params, options) =>
    connection.unsafe(text, params, { ...options, prepare: options?.prepare || (params?.length ?? 0) <= MAX_PREPARED_PARAMS });
  return new Proxy(connection, { get: (target, key) => (key === 'unsafe' ? unsafe : Reflect.get(target, key)) });
}

/** postgres.js errors of the connection itself (closed, ended, destroyed, connect timeout), not of a statement. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('CONNECT');
}
