// The statistics keeper (table-maintenance.ts) on real databases: a table past autovacuum's
// 50 + 10 % rule gets analyzed (pg_stat_user_tables.last_analyze set, n_mod_since_analyze reset),
// one below it does not, dead rows get vacuumed, a fresh instance's never-analyzed tables are
// analyzed by the scheduled first pass, and only one process runs a pass at a time.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo, type SeedResult } from './seed/seed';
import { availableDrivers, createTestDatabase, type TestDatabase } from '../tests/support/db';
import { buildProject, buildUser, buildWorkspace, setupInstance } from '../tests/support/factories';
import { createTestServer } from '../tests/support/server';
import { autovacuumRuns, maintainTables, plannedMaintenance, scheduleTableMaintenance, type TableStats } from './table-maintenance';

interface IssueStats {
  modified: number;
  dead: number;
  analyzed: string | null;
  vacuumed: string | null;
}

const quiet = { debug() {}, error() {} };

describe('plannedMaintenance (the rules)', () => {
  const table = (over: Partial<TableStats>): TableStats => ({ target: 'public.t', name: 't', live: 1000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0, reltuples: 1000, relpages: 10, pages: 10, ...over });

  test('analyze past 50 + 10 % of the rows, not before', () => {
    expect(plannedMaintenance(table({ modifiedSinceAnalyze: 150 })).analyze).toBe(false);
    expect(plannedMaintenance(table({ modifiedSinceAnalyze: 151 })).analyze).toBe(true);
  });

  test('vacuum past 50 + 20 % dead rows', () => {
    expect(plannedMaintenance(table({ dead: 250 })).vacuum).toBe(false);
    expect(plannedMaintenance(table({ dead: 251 })).vacuum).toBe(true);
  });

  test('vacuum past 1000 + 20 % rows inserted since the last vacuum (sets the visibility map after bulk inserts)', () => {
    expect(plannedMaintenance(table({ insertedSinceVacuum: 1200 })).vacuum).toBe(false);
    const action = plannedMaintenance(table({ insertedSinceVacuum: 1201 }));
    expect(action.vacuum).toBe(true);
    expect(action.reason).toContain('1201 rows inserted since the last vacuum');
  });

  test('counters lost (restart): never-analyzed or grown tables are analyzed by the catalog', () => {
    expect(plannedMaintenance(table({ live: 0, reltuples: -1, relpages: 0, pages: 1 })).analyze).toBe(false);
    expect(plannedMaintenance(table({ live: 0, reltuples: -1, relpages: 0, pages: 2 })).analyze).toBe(true);
    expect(plannedMaintenance(table({ live: 0, pages: 13 })).analyze).toBe(true);
    expect(plannedMaintenance(table({ live: 0, pages: 12 })).analyze).toBe(false);
    // With working counters, page growth is dead row versions: the vacuum rule's business.
    expect(plannedMaintenance(table({ live: 1000, pages: 20 })).analyze).toBe(false);
  });
});

describe.each(availableDrivers())('table maintenance on %s', (driver) => {
  let database: TestDatabase;
  let seed: SeedResult;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    seed = await seedDemo(database, { issues: 400, workspaceSlug: 'maint', members: 5 });
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
  });

  async function issueStats(): Promise<IssueStats> {
    const [row] = await database.query<IssueStats>(sql`select n_mod_since_analyze::int as modified, n_dead_tup::int as dead,
      coalesce(last_analyze, last_autoanalyze)::text as analyzed, coalesce(last_vacuum, last_autovacuum)::text as vacuumed
      from pg_stat_user_tables where relname = 'issues'`);
    return row;
  }

  /** Statistics counters reach pg_stat_user_tables at most once a second: wait until they show `done`. */
  async function waitForCounters(done: (stats: IssueStats) => boolean): Promise<IssueStats> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const stats = await issueStats();
      if (done(stats)) return stats;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`counters never got there: ${JSON.stringify(await issueStats())}`);
  }

  async function touchIssues(count: number) {
    await database.query(sql`update issues set updated_at = now() where id in (select id from issues where project_id = ${seed.projectId} order by sequence_id limit ${count})`);
  }

  test('the first scheduled pass analyzes a fresh instance whose tables were never analyzed', async () => {
    // The seed's inserts, once counted (else they would count again after this first analyze).
    expect((await waitForCounters((stats) => stats.modified >= 400)).analyzed).toBeNull();
    if (await autovacuumRuns(database)) return; // scheduled passes leave such a Postgres to autovacuum
    const maintenance = scheduleTableMaintenance(database, { log: quiet, firstDelayMs: 10 });
    try {
      const stats = await waitForCounters((current) => current.analyzed !== null);
      expect(stats.modified).toBe(0);
    } finally {
      await maintenance.stop();
    }
  });

  test('changes below 50 + 10 % leave the statistics alone; past it the table is analyzed again', async () => {
    const before = await waitForCounters((stats) => stats.analyzed !== null);
    // 400 rows: the rule is 50 + 40 = 90 changed rows.
    await touchIssues(60);
    await waitForCounters((stats) => stats.modified >= 60);
    const below = await maintainTables(database);
    expect(below?.some((action) => action.table === 'issues' && action.analyze)).toBe(false);
    expect((await issueStats()).analyzed).toBe(before.analyzed);

    await touchIssues(60);
    await waitForCounters((stats) => stats.modified >= 120);
    const past = await maintainTables(database);
    expect(past?.find((action) => action.table === 'issues')).toMatchObject({ analyze: true });
    const after = await waitForCounters((stats) => stats.modified === 0);
    expect(after.analyzed).not.toBe(before.analyzed);
  });

  test('dead rows past 50 + 20 % are vacuumed', async () => {
    // Updates leave dead row versions behind: 200 of 400 rows is past 50 + 80.
    await touchIssues(200);
    await waitForCounters((stats) => stats.dead >= 130);
    const done = await maintainTables(database);
    expect(done?.find((action) => action.table === 'issues')).toMatchObject({ vacuum: true });
    const after = await waitForCounters((stats) => stats.vacuumed !== null);
    expect(after.dead).toBeLessThan(130);
  });

  test('after bulk work, the named tables are analyzed soon, whatever their counters say', async () => {
    const analyzedAt = async () =>
      (await database.query<{ at: string | null }>(sql`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relname = 'estimates'`))[0].at;
    const before = await analyzedAt();
    const maintenance = scheduleTableMaintenance(database, { log: quiet, firstDelayMs: 3_600_000, afterBulkDelayMs: 10 });
    try {
      maintenance.afterBulkWork(['estimates']);
      for (let attempt = 0; attempt < 40 && (await analyzedAt()) === before; attempt++) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await analyzedAt()).not.toBe(before);
    } finally {
      await maintenance.stop();
    }
  });

  test.runIf(driver === 'postgres')('a pass skips while another process holds its lock', async () => {
    const other = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      await other`select pg_advisory_lock(hashtext('trellis.table-maintenance'))`;
      expect(await maintainTables(database)).toBeNull();
      await other`select pg_advisory_unlock(hashtext('trellis.table-maintenance'))`;
      expect(await maintainTables(database)).not.toBeNull();
    } finally {
      await other.end();
    }
  });
});

describe('bulk issue operations call the after-bulk-work hook', () => {
  test('bulk edit and bulk delete each ask for a pass', async () => {
    const server = await createTestServer();
    try {
      const owner = await buildUser(server);
      await setupInstance(server, owner);
      const workspace = await buildWorkspace(server, owner);
      const project = await buildProject(server, workspace, owner);
      const real = server.app.ctx.maintenance!;
      const calls: string[] = [];
      server.app.ctx.maintenance = { ...real, afterBulkWork: (tables) => void calls.push(`bulk ${tables?.length ?? 0}`) };
      const base = `/api/workspaces/${workspace.slug}/projects/${project.id}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await server.inject({ method: 'POST', url: `${base}/issues/`, headers: owner.headers, payload: { name: `bulk ${i}` } });
        ids.push(created.json().id);
      }
      expect(calls).toEqual([]);
      const edited = await server.inject({ method: 'POST', url: `${base}/bulk-operation-issues/`, headers: owner.headers, payload: { issue_ids: ids, properties: { priority: 'high' } } });
      expect(edited.statusCode).toBeLessThan(300);
      const deleted = await server.inject({ method: 'DELETE', url: `${base}/bulk-delete-issues/`, headers: owner.headers, payload: { issue_ids: ids } });
      expect(deleted.statusCode).toBeLessThan(300);
      expect(calls).toHaveLength(2);
      server.app.ctx.maintenance = real;
    } finally {
      await server.close();
    }
  });
});
