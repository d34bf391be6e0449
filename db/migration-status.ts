// Where a database stands against the code's migrations (db/migrations/meta/_journal.json). drizzle's
// migrator records each applied migration in drizzle.__drizzle_migrations with the journal entry's
// `when`, and applies every entry newer than the newest it recorded. So the newest recorded `when`
// says it all: below the code's newest, migrations are pending; above it, the database was migrated
// by newer code than this (a downgrade), which start-up refuses rather than run on a schema it
// does not know (README "Upgrades").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Database } from './client';

export interface MigrationStatus {
  /** Tag of the newest migration the database has applied (null: none, a fresh database). */
  appliedTag: string | null;
  /** Tag of the newest migration this code ships. */
  latestTag: string;
  /** Migrations of this code the database has not applied yet. */
  pending: number;
  /** The database carries a migration this code does not know: it was upgraded by a newer release. */
  newerThanCode: boolean;
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  const text = readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** Reads the database's newest applied migration and compares it with the code's journal. */
export async function migrationStatus(database: Database): Promise<MigrationStatus> {
  const entries = journal();
  const latest = entries[entries.length - 1]!;
  const [{ exists }] = await database.query<{ exists: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  const newest = exists
    ? (await database.query<{ created_at: string | null }>(sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`))[0]?.created_at
    : null;
  const appliedWhen = newest === null || newest === undefined ? null : Number(newest);
  const applied = appliedWhen === null ? [] : entries.filter((entry) => entry.when <= appliedWhen);
  return {
    appliedTag: appliedWhen === null ? null : (entries.find((entry) => entry.when === appliedWhen)?.tag ?? `unknown migration of ${new Date(appliedWhen).toISOString()}`),
    latestTag: latest.tag,
    pending: entries.length - applied.length,
    newerThanCode: appliedWhen !== null && appliedWhen > latest.when,
  };
}

/** Thrown at start-up when the database was migrated by a newer Trellis than the one starting. */
export class DatabaseNewerThanCodeError extends Error {
  constructor(status: MigrationStatus) {
    super(
      `This database was upgraded by a newer Trellis (its newest migration is "${status.appliedTag}", this release knows up to "${status.latestTag}"). ` +
        'Start the newer release again, or restore a backup taken before the upgrade; Trellis does not run on a schema it does not know.',
    );
    this.name = 'DatabaseNewerThanCodeError';
  }
}

/** Applies pending migrations, after refusing a database that is newer than this code. */
export async function migrateForward(database: Database): Promise<void> {
  const status = await migrationStatus(database);
  if (status.newerThanCode) throw new DatabaseNewerThanCodeError(status);
  await database.migrate();
}
