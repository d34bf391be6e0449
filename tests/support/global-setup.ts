// Vitest global setup: provides one migrated template database per set of migrations, so every test
// file starts from a fresh, already-migrated copy (Postgres: CREATE DATABASE … TEMPLATE; PGlite: a
// data-dir dump). Both are kept between runs, named by a hash of db/migrations (and the PGlite
// version): a run whose migrations are unchanged migrates nothing — the edit-and-rerun loop of one
// test file no longer pays a full migration on two engines before its first test. A template is
// published under its final name only once complete (database RENAME, file rename), so concurrent
// runs (worktrees, CI jobs) either find a whole template or build their own.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { createDatabase, MIGRATIONS_DIR } from '../../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteSnapshotPath: string;
  }
}

const hasMigrations = () => existsSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'));
const CACHE_DIR = join(tmpdir(), 'trellis-test-templates');

export default async function setup(project: TestProject) {
  const key = migrationsKey();
  const url = process.env.DATABASE_URL;
  project.provide('templateDatabase', url ? await postgresTemplate(url, key) : '');
  // PGlite snapshot in every run: some suites always run on PGlite too.
  project.provide('pgliteSnapshotPath', await pgliteSnapshot(key));
}

/** Hash of every file under db/migrations (names and bytes) and of the PGlite version. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path.slice(MIGRATIONS_DIR.length)}\0`).update(readFileSync(path));
    }
  };
  if (existsSync(MIGRATIONS_DIR)) walk(MIGRATIONS_DIR);
  const pglite = JSON.parse(readFileSync(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}`);
  return hash.digest('hex').slice(0, 16);
}

/** The name of a migrated template database for `key`, built now if no earlier run left one. */
async function postgresTemplate(url: string, key: string): Promise<string> {
  const template = `trellis_tpl_${key}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${template}`;
    if (found) return template;
    const building = `trellis_tplbuild_${key}_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${building}"`);
    try {
      const database = await createDatabase({ databaseUrl: withDatabase(url, building), maxConnections: 1 });
      if (hasMigrations()) await database.migrate();
      await database.close();
      await admin.unsafe(`alter database "${building}" rename to "${template}"`);
    } catch (error) {
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      // Another run published the same template meanwhile: use theirs.
      const [published] = await admin`select 1 from pg_database where datname = ${template}`;
      if (!published) throw error;
    }
    return template;
  } finally {
    await admin.end();
  }
}

/** Path of a PGlite data-dir dump for `key`, made now if no earlier run left one. */
async function pgliteSnapshot(key: string): Promise<string> {
  const path = join(CACHE_DIR, `pglite-${key}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(CACHE_DIR, { recursive: true });
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  if (hasMigrations()) await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  try {
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return path;
}

/** Returns the connection string with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
