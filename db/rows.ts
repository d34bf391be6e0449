// Rows and values as both drivers hand them over. postgres.js returns a statement's rows as an
// array and a json column as its text; PGlite returns `{ rows }` and the json already parsed. Code
// that runs raw SQL on a Db (the server's pool, a transaction, PGlite) reads through these two.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';
import { MAX_PREPARED_PARAMS } from './transaction';

/** A statement's result as plain rows: postgres.js hands over an array, PGlite `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (Array.from(result) as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** Runs raw SQL in a db or transaction and returns plain rows on both drivers. */
export async function executeRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/**
 * `executeRows` sent as a prepared statement (see `sendPrepared`): for raw SQL of fixed text that
 * looks up by key. Through drizzle's own session, as `db.execute` goes, with a name to prepare it.
 */
export async function executeRowsPrepared<T>(db: Db, statement: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as DrizzleInternals;
  return rowsOf<T>(await session.prepareQuery(dialect.sqlToQuery(statement), undefined, 'key_lookup', false).execute());
}

/** The parts of a drizzle database (or transaction) `db.execute` runs on; a module's GET runs this on both drivers in the route tests. */
interface DrizzleInternals {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(statement: SQL): unknown };
}

/** A json column's value on both drivers: PGlite hands it over parsed, postgres.js as text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A query builder's statement, as `sendPrepared` takes it (drizzle's select, insert, update and delete). */
interface Preparable<T> {
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs a look-up by key as a prepared statement: one round trip. drizzle sends a query builder's
 * statement unprepared unless it is named, and postgres.js sends an unprepared statement with values
 * as Parse/Describe, then its Bind once the types are back: two round trips and a fresh plan every
 * time. A look-up by key has one best plan whatever the key, so Postgres may keep it (its own choice
 * between a generic and a per-call plan). Not for statements whose best plan depends on their values
 * — filtered lists, ranges of the change log, searches: those stay unprepared. (Inside our write
 * transactions every statement is prepared anyway: db/transaction.ts.)
 */
export function sendPrepared<T>(query: Preparable<T>): Promise<T> {
  // The name is drizzle's flag to prepare; postgres.js names statements itself, one per text.
  const statement = query.prepare('key_lookup') as ReturnType<Preparable<T>['prepare']> & { params?: unknown[]; prepare?: boolean };
  // A long value list (an `in (…)` of many ids) goes unprepared, as in our transactions: its text
  // varies with the list's length, and each length would stay prepared on the connection.
  if (typeof statement.prepare === 'boolean' && (statement.params?.length ?? 0) > MAX_PREPARED_PARAMS) statement.prepare = false;
  return statement.execute();
}
