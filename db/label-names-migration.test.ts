// Migration 0005 (label names unique per project regardless of case) on a database that already
// holds case-insensitive duplicates: it renames the later ones, keeps every link, and then the
// database itself refuses a new duplicate. Runs on PGlite and, with DATABASE_URL, on Postgres.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { asc, eq } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, describe, expect, test } from 'vitest';
import { createDatabase, MIGRATIONS_DIR, type Database } from './client';
import { issueLabels, issues, labels, projects, states, users, workspaces } from './schema/index';
import { availableDrivers } from '../tests/support/db';
import { isUniqueViolation } from '../server/services/work-items/project';

const MIGRATION_TAG = 'label_names_case_insensitive';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A copy of the migrations folder that stops just before this migration. */
function migrationsBeforeThisOne(): string {
  const folder = mkdtempSync(join(tmpdir(), 'trellis-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(MIGRATION_TAG));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function emptyDatabase(driver: 'postgres' | 'pglite'): Promise<Database> {
  if (driver === 'pglite') {
    const database = await createDatabase({});
    cleanups.push(() => database.close());
    return database;
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `trellis_mig_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
  cleanups.push(async () => {
    await database.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  return database;
}

function migrateFrom(database: Database, folder: string) {
  const migrate = database.driver === 'pglite' ? migratePglite : migratePostgres;
  return migrate(database.db as never, { migrationsFolder: folder });
}

describe.each(availableDrivers())('migration %s: label names unique regardless of case', (driver) => {
  test('later duplicates are renamed "<name> (n)" with their links kept; then the index refuses new ones', async () => {
    const database = await emptyDatabase(driver);
    await migrateFrom(database, migrationsBeforeThisOne());
    const { db } = database;
    const [user] = await db.insert(users).values({ email: 'mig@example.com', displayName: 'mig' }).returning();
    const [workspace] = await db.insert(workspaces).values({ name: 'Mig', slug: 'mig', ownerId: user.id }).returning();
    const [web, api] = await db
      .insert(projects)
      .values([
        { workspaceId: workspace.id, name: 'Web', identifier: 'WEB', createdBy: user.id },
        { workspaceId: workspace.id, name: 'Api', identifier: 'API', createdBy: user.id },
      ])
      .returning();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const label = (projectId: string, name: string, minute: number, deletedAt: Date | null = null) => ({
      projectId,
      workspaceId: workspace.id,
      name,
      createdAt: at(minute),
      deletedAt,
    });
    const rows = await db
      .insert(labels)
      .values([
        label(web.id, 'Bug', 0),
        label(web.id, 'bug', 1),
        label(web.id, 'BUG', 2),
        label(web.id, 'Bug (2)', 3), // a real label already has the first free name
        label(web.id, 'feature', 4),
        label(web.id, 'Feature', 5, at(6)), // deleted: not a duplicate
        label(api.id, 'bug', 7), // another project: not a duplicate
      ])
      .returning();
    const byName = Object.fromEntries(rows.map((row) => [`${row.projectId === api.id ? 'api:' : ''}${row.name}${row.deletedAt ? ':deleted' : ''}`, row]));
    const [state] = await db.insert(states).values({ projectId: web.id, workspaceId: workspace.id, name: 'Todo', color: '#aaaaaa', group: 'unstarted' }).returning();
    const [issue] = await db.insert(issues).values({ projectId: web.id, workspaceId: workspace.id, stateId: state.id, name: 'Tagged', sequenceId: 1 }).returning();
    await db.insert(issueLabels).values(
      [byName.bug, byName.BUG].map((row) => ({ issueId: issue.id, labelId: row.id, projectId: web.id, workspaceId: workspace.id })),
    );

    await database.migrate();

    const after = await db.select().from(labels).orderBy(asc(labels.createdAt));
    const named = (id: string) => after.find((row) => row.id === id)!;
    expect(after.map((row) => row.name)).toEqual(['Bug', 'bug (3)', 'BUG (4)', 'Bug (2)', 'feature', 'Feature', 'bug']);
    for (const kept of [byName.Bug, byName['Bug (2)'], byName.feature, byName['Feature:deleted'], byName['api:bug']]) {
      expect(named(kept.id)).toMatchObject({ name: kept.name, version: kept.version });
    }
    expect(named(byName.bug.id).version).toBe(byName.bug.version + 1);
    const links = await db.select({ labelId: issueLabels.labelId }).from(issueLabels).where(eq(issueLabels.issueId, issue.id));
    expect(links.map((link) => link.labelId).sort()).toEqual([byName.bug.id, byName.BUG.id].sort());

    const duplicate = await db.insert(labels).values(label(web.id, 'FEATURE', 8)).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    // Deleted labels and other projects still do not count.
    await db.insert(labels).values([label(web.id, 'Gone', 9, at(9)), label(web.id, 'gone', 10), label(api.id, 'FEATURE', 11)]);
  }, 120_000); // migrating an empty PGlite from scratch takes a while on a loaded machine
});
