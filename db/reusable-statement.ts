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
import { getTableColumns, getTableName, is, sql, Column, SQL, Subquery } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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
      built = withRowMappingOnce(build(db));
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
      // A bounded family: shapes past the bound are built on `db` and run once, as drizzle would
      // (without the row mapping worked out for them: compiling it would cost more than one run saves).
      if (byKey.size >= maxShapes) return build(db, key).execute(values);
      statement = reusableStatement((first) => build(first, key));
      byKey.set(key, statement);
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

/**
 * `column = any($name::uuid[])`: a list of ids as one array value, so one statement text serves a
 * list of any length (an `in (…)` would have one text per length).
 */
export function anyOfSlot(column: AnyPgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
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

type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * `built` (a statement drizzle built, `.prepare()`d) with its row mapping worked out once. drizzle
 * maps every row by asking each selected field what it is (a column, an SQL expression, a
 * subquery), walking its path and adding the keys one by one to an empty object; for the session's
 * and the issue's rows (70 and 40 columns) that was 40 µs of each single-issue GET, more than its
 * presenter and its JSON together. Here the fields are read once and turned into one function that
 * returns the row as an object literal: V8 builds that in a fraction of a microsecond. What each
 * value decodes to is drizzle's own `mapFromDriverValue`, and an object whose left join found nothing
 * is null by drizzle's rule (all its columns from one joined table, and the first one null).
 * Deeper nestings, and statements that map their rows themselves (relational queries), keep
 * drizzle's mapping.
 */
export function withRowMappingOnce<T>(built: T): T {
  const statement = built as { fields?: SelectedField[]; customResultMapper?: RowMapper; joinsNotNullableMap?: Record<string, boolean> };
  const { fields, customResultMapper, joinsNotNullableMap } = statement;
  if (!fields || customResultMapper || fields.some(({ path }) => path.length > 2 || path.includes('__proto__'))) return built;
  const decoders = fields.map(({ field }) => decoderOf(field));
  const valueAt = (index: number) => `row[${index}] === null ? null : decoders[${index}].mapFromDriverValue(row[${index}])`;
  // The object's keys in drizzle's order: each field, or nested object, where it first appears.
  const slots = new Map<string, number | number[]>();
  fields.forEach(({ path }, index) => {
    const members = slots.get(path[0]!);
    if (path.length === 1) slots.set(path[0]!, index);
    else if (Array.isArray(members)) members.push(index);
    else slots.set(path[0]!, [index]);
  });
  const nullable = new Map(leftJoinedObjects(fields, joinsNotNullableMap).map(({ name, firstColumn }) => [name, firstColumn]));
  const literal = [...slots]
    .map(([key, slot]) => {
      if (typeof slot === 'number') return `${JSON.stringify(key)}: ${valueAt(slot)}`;
      const members = slot.map((index) => `${JSON.stringify(fields[index]!.path[1])}: ${valueAt(index)}`).join(', ');
      const firstColumn = nullable.get(key);
      return `${JSON.stringify(key)}: ${firstColumn === undefined ? '' : `row[${firstColumn}] === null ? null : `}{ ${members} }`;
    })
    .join(',\n');
  // Generated from the schema's own field names (JSON-quoted), never from a request.
  const mapRow = new Function('decoders', `return (row) => ({\n${literal}\n});`)(decoders) as (row: unknown[]) => Record<string, unknown>;
  statement.customResultMapper = (rows) => rows.map((row) => mapRow(row));
  return built;
}

/**
 * The nested objects drizzle sets to null when their left join found no row: those whose columns
 * all come from one table that may be missing, decided by the first column's value (drizzle's
 * mapResultRow reads it the same way). None without joins.
 */
function leftJoinedObjects(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined): { name: string; firstColumn: number }[] {
  if (!joinsNotNullableMap) return [];
  const objects = new Map<string, { table: string; firstColumn: number; oneTable: boolean }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const seen = objects.get(path[0]!);
    if (!seen) objects.set(path[0]!, { table, firstColumn: index, oneTable: true });
    else if (seen.table !== table) seen.oneTable = false;
  });
  return [...objects].filter(([, object]) => object.oneTable && !joinsNotNullableMap[object.table]).map(([name, object]) => ({ name, firstColumn: object.firstColumn }));
}

/** What drizzle's mapResultRow decodes a selected field's value with (an SQL's decoder is internal). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const withDecoder = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return withDecoder(field);
  if (is(field, Subquery)) return withDecoder((field as unknown as { _: { sql: SQL } })._.sql);
  return withDecoder((field as { sql: SQL }).sql);
}
