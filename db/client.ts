// The one place that opens a database: real Postgres when DATABASE_URL is set, embedded PGlite otherwise.
// Everything above db/ talks to the returned `Database` and never to a driver directly.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { dialect } from './dialect';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A drizzle database or transaction handle; both drivers share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  /**
   * Runs raw SQL and returns rows as plain objects, hiding the drivers' result shapes. `prepare`
   * makes it a named prepared statement on Postgres (per connection, keyed by its text), so a hot
   * statement is parsed once and, once Postgres settles on a generic plan, no longer planned per call.
   */
  query<T = Record<string, unknown>>(statement: SQL, options?: QueryOptions): Promise<T[]>;
  /** `query` for a statement already rendered to its text and values (the list engine keeps them rendered). */
  queryRendered<T = Record<string, unknown>>(statement: RenderedStatement, options?: QueryOptions): Promise<T[]>;
  /** Subscribes to a NOTIFY channel on a dedicated connection. Returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends NOTIFY outside of any transaction. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `work` on one connection held until it settles, its statements as plain text outside any
   * transaction: for session-level advisory locks and VACUUM (db/table-maintenance.ts).
   */
  session<T>(work: (run: SessionQuery) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Runs one SQL text on a session's connection and returns its rows. */
export type SessionQuery = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

/** A statement rendered by db/dialect.ts: its text with $n placeholders and their values. */
export interface RenderedStatement {
  sql: string;
  params: unknown[];
}

export interface QueryOptions {
  prepare?: boolean;
}

export interface DatabaseOptions {
  /** Postgres connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  pgliteDir?: string;
  /** Pool size for Postgres. */
  maxConnections?: number;
  /** A PGlite data-dir dump to start from (tests use a migrated template this way). */
  pgliteSnapshot?: Blob;
}

/** Opens the database described by the options (Postgres if a URL is given, PGlite otherwise). */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.maxConnections ?? 10) : openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // JIT off: our statements are short OLTP reads and writes; when a plan's estimated cost crosses
  // jit_above_cost, compiling it takes ~250 ms and was the whole time of a 5 ms list page.
  // Plans: Postgres's own choice (generic or per call) on the pool; write transactions ask for
  // generic plans (db/transaction.ts says why).
  const client = postgres(url, { max, onnotice: () => {}, idle_timeout: 30, connect_timeout: 10, connection: { jit: 'off' } });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
  // Unprepared unless asked, as drizzle's execute() sends raw SQL.
  const queryRendered = async <T>(statement: RenderedStatement, options?: QueryOptions): Promise<T[]> =>
    Array.from(await client.unsafe(statement.sql, statement.params as never[], { prepare: options?.prepare ?? false })) as T[];
  return {
    db,
    driver: 'postgres',
    query: <T>(statement: SQL, options?: QueryOptions) => queryRendered<T>(dialect.sqlToQuery(statement), options),
    queryRendered,
    async listen(channel, onPayload) {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async session(work) {
      const connection = await client.reserve();
      try {
        return await work(async <T>(text: string) => Array.from(await connection.unsafe(text)) as T[]);
      } finally {
        connection.release();
      }
    },
    async migrate() {
      await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

// PGlite and its drizzle driver are imported only when PGlite is opened (tests, EMBEDDED_DB=pglite):
// a start on PostgreSQL never uses them, and loading PGlite's modules from node_modules (the server
// bundle leaves them out, scripts/build-server.mjs) was a part of every start.
async function openPglite(dir?: string, snapshot?: Blob): Promise<Database> {
  const [{ PGlite, types }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = !dir || dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dirname(dir), { recursive: true });
  const client = new PGlite({ dataDir: inMemory ? undefined : dir, loadDataDir: snapshot });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async query<T>(statement: SQL) {
      const result = (await db.execute(statement)) as unknown as { rows: T[] };
      return result.rows;
    },
    async queryRendered<T>(statement: RenderedStatement) {
      // Dates and intervals as text, as drizzle's PGlite session reads them for query() above.
      const asText = (value: string) => value;
      const parsers = { [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText, [types.INTERVAL]: asText, [types.DATE]: asText };
      return (await client.query<T>(statement.sql, statement.params, { rowMode: 'object', parsers })).rows;
    },
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async session(work) {
      // One connection already: PGlite runs one statement at a time.
      return work(async <T>(text: string) => (await client.query<T>(text)).rows);
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.close();
    },
  };
}
