// Vitest global setup: migrates one template database per test run, so every test file can start
// from a fresh, already-migrated copy (Postgres: CREATE DATABASE … TEMPLATE; PGlite: a data-dir dump).
import { existsSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
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

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const cleanups: Array<() => Promise<void>> = [];

  if (url) {
    const template = `trellis_tpl_${suffix}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    const database = await createDatabase({ databaseUrl: withDatabase(url, template), maxConnections: 1 });
    if (hasMigrations()) await database.migrate();
    await database.close();
    project.provide('templateDatabase', template);
    cleanups.push(async () => {
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end();
    });
  } else {
    project.provide('templateDatabase', '');
  }

  // PGlite snapshot is made in every run: some suites always run on PGlite too.
  const snapshotPath = join(tmpdir(), `trellis-pglite-${suffix}.tar`);
  const source = await createSnapshot();
  writeFileSync(snapshotPath, Buffer.from(await source.arrayBuffer()));
  project.provide('pgliteSnapshotPath', snapshotPath);
  cleanups.push(async () => rmSync(snapshotPath, { force: true }));

  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}

async function createSnapshot(): Promise<Blob> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  if (hasMigrations()) await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** Returns the connection string with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
