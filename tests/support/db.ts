// Test databases: each test file gets its own freshly migrated database, on Postgres when
// DATABASE_URL is set and on PGlite otherwise (or when a suite asks for PGlite explicitly).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../db/client';

export type TestDriver = 'postgres' | 'pglite';

/** The drivers the suite runs on: Postgres when DATABASE_URL is set, PGlite always available. */
export function availableDrivers(): TestDriver[] {
  return process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Connection string of the per-file Postgres database (undefined on PGlite). */
  url?: string;
  /** Drops the database (Postgres) or closes it (PGlite). */
  destroy(): Promise<void>;
}

/** Creates a migrated, empty database for one test file. */
export async function createTestDatabase(driver: TestDriver = defaultDriver()): Promise<TestDatabase> {
  if (driver === 'postgres') return createPostgresCopy();
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
  const database = await createDatabase({ pgliteSnapshot: snapshot });
  return { ...database, destroy: () => database.close() };
}

export function defaultDriver(): TestDriver {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

async function createPostgresCopy(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL!;
  const template = inject('templateDatabase');
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // Copies of one template can collide ("source database is being accessed"): retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const dbUrl = withDatabase(url, name);
  const database = await createDatabase({ databaseUrl: dbUrl, maxConnections: 10 });
  return {
    ...database,
    url: dbUrl,
    async destroy() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
