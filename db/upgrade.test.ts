// Upgrades are forward-only and keep the data (issue 16 "Upgrades", README "Health, metrics and
// upgrades"). Trellis has no release tags yet, so "the previous release" is the schema without the
// newest migration of db/migrations; the same test also starts from the schema before the label-name
// migration, so every later migration meets rows. The old database is filled with rows in every
// table a later migration touches (and the ones they hang from), through SQL that names only the
// columns that schema has; then the app's own migrator upgrades it (what `npm start` does), every
// seeded value is read back, the new columns hold their defaults, and a server on the upgraded
// database serves the rows through the API. Runs on PGlite and, with DATABASE_URL, on Postgres.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, describe, expect, test } from 'vitest';
import { createDatabase, MIGRATIONS_DIR, type Database } from './client';
import { migrateForward, migrationStatus } from './migration-status';
import { availableDrivers, type TestDatabase } from '../tests/support/db';
import { buildProject, buildUser, buildWorkspace } from '../tests/support/factories';
import { createTestServer, type TestServer } from '../tests/support/server';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface JournalEntry {
  tag: string;
}

function journal(folder = MIGRATIONS_DIR): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
}

/** A copy of db/migrations that ends after `count` migrations: the schema of an older release. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'trellis-upgrade-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const old = journal(folder);
  old.entries = old.entries.slice(0, count);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(old));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function emptyDatabase(driver: 'postgres' | 'pglite'): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await createDatabase({});
    return { ...database, destroy: () => database.close() };
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `trellis_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

type Value = string | number | boolean | Date | null;
type Row = Record<string, Value>;

/** Inserts `row` naming only the columns the table has in this (old) schema; returns what was written. */
async function insert(database: Database, table: string, row: Row): Promise<Row> {
  const existing = new Set(
    (await database.query<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`)).map(
      (column) => column.column_name,
    ),
  );
  const written = Object.fromEntries(Object.entries(row).filter(([column]) => existing.has(column)));
  const columns = Object.keys(written);
  const values = columns.map((column) => {
    const value = written[column];
    return value instanceof Date ? sql`${value.toISOString()}` : sql`${value}`;
  });
  await database.query(sql`insert into ${sql.identifier(table)} (${sql.join(columns.map((column) => sql.identifier(column)), sql`, `)}) values (${sql.join(values, sql`, `)})`);
  return written;
}

/** A value as text for comparison; timestamps (Date, or Postgres text such as `2026-06-01 08:00:00+00`) as ISO strings. */
function comparable(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d(:\d\d)?)$/.test(value)) {
    return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const newest = journal().entries.length;
const labelMigration = journal().entries.findIndex((entry) => entry.tag.endsWith('label_names_case_insensitive'));
const startingPoints: [string, number][] = [
  [`the previous release (${journal().entries[newest - 2]!.tag})`, newest - 1],
  [`an older release (${journal().entries[labelMigration - 1]!.tag})`, labelMigration],
];

describe.each(availableDrivers())('upgrade on %s', (driver) => {
  test.each(startingPoints)('from %s: the app migrator upgrades a database with data and every row survives', async (_name, count) => {
    const database = await emptyDatabase(driver);
    cleanups.push(() => database.destroy());
    const migrate = database.driver === 'pglite' ? migratePglite : migratePostgres;
    await migrate(database.db as never, { migrationsFolder: migrationsUpTo(count) });
    expect((await migrationStatus(database)).pending).toBe(newest - count);

    // The old release's data: the factories' rows (tables no later migration changed), then raw rows.
    const seed = { database } as unknown as TestServer;
    const owner = await buildUser(seed);
    const workspace = await buildWorkspace(seed, owner);
    const project = await buildProject(seed, workspace, owner);
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 8, minute));
    const seeded: [string, Row][] = [];
    const add = async (table: string, row: Row) => seeded.push([table, await insert(database, table, row)]);
    const [state] = await database.query<{ id: string }>(sql`select id from states where project_id = ${project.id} order by sequence limit 1`);
    const labelIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, name] of ['Bug', 'Frontend', 'Needs design'].entries()) {
      await add('labels', { id: labelIds[index]!, workspace_id: workspace.id, project_id: project.id, name, color: '#ff0000', created_at: at(index), version: 3 });
    }
    const issueIds = [randomUUID(), randomUUID()];
    for (const [index, name] of ['Checkout fails on Safari', 'Write the upgrade notes'].entries()) {
      await add('issues', {
        id: issueIds[index]!,
        workspace_id: workspace.id,
        project_id: project.id,
        state_id: state!.id,
        name,
        sequence_id: index + 1,
        priority: index ? 'low' : 'urgent',
        description_html: `<p>${name}, in detail</p>`,
        created_by: owner.id,
        created_at: at(10 + index),
        version: 2,
      });
    }
    // The project's gap-free issue counter, as the service leaves it after two issues.
    await database.query(sql`insert into issue_sequences (project_id, last_sequence) values (${project.id}, 2) on conflict (project_id) do update set last_sequence = 2`);
    await add('issue_labels', { id: randomUUID(), workspace_id: workspace.id, project_id: project.id, issue_id: issueIds[0]!, label_id: labelIds[0]! });
    await add('issue_comments', { id: randomUUID(), workspace_id: workspace.id, project_id: project.id, issue_id: issueIds[0]!, comment_html: '<p>Seen on iOS too</p>', actor_id: owner.id, created_at: at(20) });
    const notificationId = randomUUID();
    await add('notifications', {
      id: notificationId,
      workspace_id: workspace.id,
      project_id: project.id,
      receiver_id: owner.id,
      triggered_by_id: owner.id,
      entity_identifier: issueIds[0]!,
      entity_name: 'issue',
      title: 'Checkout fails on Safari',
      sender: 'in_app:issue_activities:commented',
      created_at: at(21),
    });
    const webhookId = randomUUID();
    await add('webhooks', { id: webhookId, workspace_id: workspace.id, url: 'https://hooks.example.com/trellis', secret_key: 'whsec_upgrade', is_active: true, created_at: at(22) });
    await add('webhook_logs', { id: randomUUID(), workspace_id: workspace.id, webhook_id: webhookId, event_type: 'issue', request_method: 'POST', response_status: '200', created_at: at(23) });
    await add('pages', { id: randomUUID(), workspace_id: workspace.id, name: 'Release checklist', owned_by_id: owner.id, description_html: '<p>Tag, build, announce</p>', created_at: at(24) });

    // Upgrade with the app's own start-up migrator.
    await migrateForward(database);
    const status = await migrationStatus(database);
    expect(status).toMatchObject({ pending: 0, newerThanCode: false, appliedTag: status.latestTag });

    // Every seeded value reads back as written.
    for (const [table, row] of seeded) {
      const [stored] = await database.query<Record<string, unknown>>(sql`select * from ${sql.identifier(table)} where id = ${row.id}`);
      expect(stored, `${table} ${row.id}`).toBeDefined();
      for (const [column, value] of Object.entries(row)) expect(comparable(stored![column]), `${table}.${column}`).toBe(comparable(value));
    }
    // Columns the later migrations added hold their defaults on old rows.
    const [notification] = await database.query<Record<string, unknown>>(sql`select * from notifications where id = ${notificationId}`);
    expect(notification).toMatchObject({ mail_wanted: false, mailed_at: null });

    // And the upgraded instance serves them.
    const server = await createTestServer({ database: { ...database, destroy: async () => {} } });
    cleanups.push(() => server.close());
    const base = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
    const get = async (url: string) => {
      const answer = await server.inject({ method: 'GET', url, headers: owner.headers });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json();
    };
    const issue = await get(`${base}/issues/${issueIds[0]}/`);
    expect(issue).toMatchObject({ name: 'Checkout fails on Safari', priority: 'urgent', sequence_id: 1, label_ids: [labelIds[0]] });
    expect((await get(`${base}/issue-labels/`)).map((label: { name: string }) => label.name).sort()).toEqual(['Bug', 'Frontend', 'Needs design']);
    expect((await get(`${base}/issues/${issueIds[0]}/comments/`)).map((comment: { comment_html: string }) => comment.comment_html)).toEqual(['<p>Seen on iOS too</p>']);
    const notifications = await get(`/api/workspaces/${workspace.slug}/users/notifications/`);
    expect(JSON.stringify(notifications)).toContain(notificationId);
    const created = await server.inject({ method: 'POST', url: `${base}/issues/`, headers: owner.headers, payload: { name: 'After the upgrade' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().sequence_id).toBe(3);
  }, 240_000);
});
