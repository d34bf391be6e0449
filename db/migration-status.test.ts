// Forward-only upgrades (README "Upgrades"): the status of a database against the code's journal,
// and start-up refusing a database that a newer release migrated.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../tests/support/db';
import type { Database } from './client';
import { DatabaseNewerThanCodeError, migrateForward, migrationStatus } from './migration-status';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

test('a migrated database has nothing pending and is not newer than the code', async () => {
  const status = await migrationStatus(database);
  expect(status.pending).toBe(0);
  expect(status.newerThanCode).toBe(false);
  expect(status.appliedTag).toBe(status.latestTag);
  await migrateForward(database);
});

test('a database migrated by a newer release is refused with a message naming both versions', async () => {
  const future = Date.now() + 365 * 24 * 3600 * 1000;
  await database.query(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${future})`);
  const status = await migrationStatus(database);
  expect(status.newerThanCode).toBe(true);
  const refused = migrateForward(database);
  await expect(refused).rejects.toBeInstanceOf(DatabaseNewerThanCodeError);
  await expect(refused).rejects.toThrow(/upgraded by a newer Trellis .* this release knows up to "/);
});
