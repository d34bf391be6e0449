// Statements built once and run on any Db: the server's pool or a transaction (ours on a reserved
// connection, drizzle's on PGlite). Building a drizzle statement — walking its SQL chunks, naming its
// columns, checking every chunk's class — cost a PATCH about a millisecond of CPU, more than Postgres
// spends running it. A statement whose text never changes is built the first time, with
// `sql.placeholder`s where its values go, and every later run only fills the values in and maps
// the rows.
//
// drizzle binds a built statement to the client of the Db it was built on; a run here borrows the
// built statement with the client of the Db it is given (its `session.client`: the pool, the reserved
// connection or PGlite's transaction). The built statement is kept per driver, as postgres.js and
// PGlite build statements of different classes. tests/sync/reusable-statement.test.ts holds these
// drizzle internals to what this file expects.
import { getTableColumns, is, sql, Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A built drizzle statement (what `.prepare()` returns), as this file runs it. */
export interface Executable<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

interface Session {
  client: unknown;
}

/** Runs a statement built once by `build` on `db` with the placeholders' `values`. */
export type ReusableStatement<Row> = (db: Db, values: Record<string, unknown>) => Promise<Row[]>;

/**
 * `build` makes the statement with `sql.placeholder(name)` for each value and ends in
 * `.prepare(name)` (or `.prepare()`); it runs once per driver, on the first Db given.
 */
export function reusableStatement<Row>(build: (db: Db) => Executable<Row>): ReusableStatement<Row> {
  const builtPerDriver = new Map<unknown, Executable<Row>>();
  return (db, values) => {
    const session = sessionOf(db);
    let built = builtPerDriver.get(session.constructor);
    if (!built) {
      built = build(db);
      builtPerDriver.set(session.constructor, built);
    }
    const bound = Object.create(built, { client: { value: session.client } }) as Executable<Row>;
    return bound.execute(values);
  };
}

/** Statements of one family keyed by their shape (e.g. the columns an update sets), each built once. */
export function reusableStatements<Row>(build: (db: Db, key: string) => Executable<Row>, maxShapes = 64): (db: Db, key: string, values: Record<string, unknown>) => Promise<Row[]> {
  const byKey = new Map<string, ReusableStatement<Row>>();
  return (db, key, values) => {
    let statement = byKey.get(key);
    if (!statement) {
      statement = reusableStatement((first) => build(first, key));
      // A bounded family: shapes past the bound are built per run, as drizzle would.
      if (byKey.size < maxShapes) byKey.set(key, statement);
    }
    return statement(db, values);
  };
}

/**
 * A raw placeholder for a value the caller encodes itself (`encodeForColumn`). drizzle wraps a bare
 * placeholder in a column's encoder, which fails on null for dates; this one travels as written.
 */
export function valueSlot(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/** `value` as drizzle's column encoder writes it (null stays null): the value for a `valueSlot`. */
export function encodeForColumn(table: PgTable, key: string, value: unknown): unknown {
  const column = (getTableColumns(table) as Record<string, unknown>)[key];
  if (value === null || value === undefined || !is(column, Column)) return value ?? null;
  return column.mapToDriverValue(value);
}

function sessionOf(db: Db): Session & { constructor: unknown } {
  const session = (db as unknown as { session?: Session }).session;
  if (!session || !('client' in session)) throw new Error('reusableStatement: this drizzle version keeps no session.client on its databases');
  return session as Session & { constructor: unknown };
}
