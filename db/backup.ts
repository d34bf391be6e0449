// The database half of `npm run backup` / `npm run restore` (boot/backup.ts adds the uploaded files
// and the archive). Works the same on PostgreSQL and PGlite, so an archive moves an instance between
// them. Rows travel as JSON (`row_to_json` out, `json_populate_recordset` in): no pg_dump binary of
// the right version is needed, and the text is the same whichever engine wrote it.
//
// Consistency: every table is read inside ONE `repeatable read` transaction, so a backup taken
// while the server writes is one snapshot (an issue never without its project, a page's updates
// never ahead of its snapshot row). Restore loads every table in one transaction, streaming rows
// in batches (no table is held in memory), then moves identity sequences past the rows. Rows
// arrive table by table in name order, so foreign keys cannot be checked row by row, and the
// count triggers must not count restored rows twice: inside the transaction the foreign keys are
// dropped and the tables' own triggers disabled, and at the end the triggers come back and every
// foreign key is added again — which checks every restored row against it. All of that needs only
// ownership of the tables (the user the server migrates with), not a superuser; a superuser takes
// the shorter road of `session_replication_role = replica` for the transaction.
import { sql } from 'drizzle-orm';
import type { Database, SessionQuery } from './client';

/** Rows fetched per round trip, read and written. */
const BATCH_ROWS = 500;

export interface TableDump {
  table: string;
  /** One JSON object per row, in the table's own column names. */
  rows: AsyncIterable<string>;
}

/**
 * Runs `work` in one transaction through drizzle, which holds one Postgres connection, and on
 * PGlite (one connection for everyone) holds PGlite's transaction lock, so the server's own
 * statements wait instead of landing inside this transaction.
 */
async function inTransaction<T>(database: Database, readOnlySnapshot: boolean, work: (run: SessionQuery) => Promise<T>): Promise<T> {
  const config = readOnlySnapshot ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const) : undefined;
  return database.db.transaction(async (tx) => {
    const run = async <R,>(text: string): Promise<R[]> => {
      const result = (await tx.execute(sql.raw(text))) as unknown as R[] | { rows: R[] };
      return Array.isArray(result) ? result : result.rows;
    };
    return work(run as SessionQuery);
  }, config);
}

/** The tables of the instance: every table of schema `public`, in name order. */
async function publicTables(run: SessionQuery): Promise<string[]> {
  const rows = await run<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A dollar-quoted SQL literal whose tag does not occur in `text`. */
function dollarQuoted(text: string): string {
  let tag = 'trellis';
  while (text.includes(`$${tag}$`)) tag += '_';
  return `$${tag}$${text}$${tag}$`;
}

/**
 * Reads every table from one consistent snapshot and hands each to `consume` as it is read (the
 * whole database is never in memory: rows come through a cursor in batches).
 */
export async function dumpDatabase(database: Database, consume: (table: TableDump) => Promise<void>): Promise<void> {
  await inTransaction(database, true, async (run) => {
    for (const table of await publicTables(run)) {
      await run(`declare dump_cursor no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t`);
      async function* rows(): AsyncIterable<string> {
        for (;;) {
          const batch = await run<{ row: string }>(`fetch ${BATCH_ROWS} from dump_cursor`);
          for (const { row } of batch) yield row;
          if (batch.length < BATCH_ROWS) return;
        }
      }
      await consume({ table, rows: rows() });
      await run('close dump_cursor');
    }
  });
}

/** Names of the tables that hold at least one row: restore refuses an instance that is not empty. */
export async function nonEmptyTables(database: Database): Promise<string[]> {
  return inTransaction(database, true, async (run) => {
    const found: string[] = [];
    for (const table of await publicTables(run)) {
      const [row] = await run<{ any: boolean }>(`select exists (select 1 from ${quoteIdent(table)}) as any`);
      if (row?.any) found.push(table);
    }
    return found;
  });
}

/** Thrown when the archive's tables do not fit this instance's schema. */
export class RestoreMismatchError extends Error {}

/** Thrown when the database user may not change the tables (restore needs the tables' owner). */
export class RestorePermissionError extends Error {}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Loads tables into an empty, migrated database in one transaction: all of them, or (on any error)
 * none. `tables` yields each table's rows as written by dumpDatabase; each table's rows are consumed
 * before the next table is asked for, so the caller can stream them from the archive.
 */
export async function restoreDatabase(database: Database, tables: AsyncIterable<TableDump>): Promise<Record<string, number>> {
  return inTransaction(database, false, async (run) => {
    const known = new Set(await publicTables(run));
    const counts: Record<string, number> = {};
    const foreignKeys = await run<ForeignKey>(
      `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace order by 1, 2`,
    );
    const withTriggers = (await run<{ table: string }>(
      `select distinct t.tgrelid::regclass::text as table from pg_trigger t join pg_class r on r.oid = t.tgrelid
       where r.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1`,
    )).map((row) => row.table);
    // A superuser (PGlite's user; the compose file's) turns triggers and key checks off for this
    // transaction in one statement; anyone else drops and re-adds the keys (owner rights suffice).
    const superuser = (await run<{ on: boolean }>(`select rolsuper as on from pg_roles where rolname = current_user`))[0]?.on === true;
    try {
      if (superuser) {
        await run(`set local session_replication_role = replica`);
        foreignKeys.length = 0;
        withTriggers.length = 0;
      }
      for (const key of foreignKeys) await run(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`);
      for (const table of withTriggers) await run(`alter table ${table} disable trigger user`);
    } catch (error) {
      if (/must be owner|permission denied/i.test(String((error as Error).message))) {
        throw new RestorePermissionError(
          `Restore must run as the owner of Trellis's tables (the database user the server migrates with): ${(error as Error).message}. ` +
            'Run it with the DATABASE_URL the server uses.',
        );
      }
      throw error;
    }
    for await (const { table, rows } of tables) {
      if (!known.has(table)) throw new RestoreMismatchError(`The archive has a table "${table}" this release does not know.`);
      // Generated columns (search vectors) are computed again; everything else is restored as written.
      const columns = (await run<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table}' and is_generated = 'NEVER' order by ordinal_position`,
      )).map((row) => quoteIdent(row.column_name)).join(', ');
      let batch: string[] = [];
      let count = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const json = dollarQuoted(`[${batch.join(',')}]`);
        await run(`insert into ${quoteIdent(table)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quoteIdent(table)}, ${json}::json)`);
        count += batch.length;
        batch = [];
      };
      for await (const row of rows) {
        batch.push(row);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      counts[table] = count;
    }
    for (const table of withTriggers) await run(`alter table ${table} enable trigger user`);
    // Each key added back checks every restored row: an archive whose rows do not hold together fails here, as a whole.
    for (const key of foreignKeys) await run(`alter table ${key.table} add constraint ${quoteIdent(key.name)} ${key.definition}`);
    // Identity and serial columns continue after the restored rows.
    const sequences = await run<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
    );
    for (const { table_name: table, column_name: column } of sequences) {
      await run(
        `select setval(pg_get_serial_sequence('public.${quoteIdent(table)}', '${column}'), coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1, false)`,
      );
    }
    return counts;
  });
}
