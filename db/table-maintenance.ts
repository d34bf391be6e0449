// Keeps the planner's statistics and the tables' dead rows in order where autovacuum does not:
// PGlite runs no autovacuum at all, and a Postgres may have it off (CI's does). Without ANALYZE the
// planner rates `deleted_at is null` at 0.5 % of a table and picks plans that read every issue per
// listed item (issue #10: 86 ms for a page that takes 5.6 ms once analyzed).
//
// A pass reads pg_stat_user_tables and pg_class for every table of our schema and, by autovacuum's
// own default rules:
//   - ANALYZE when rows changed since the last analyze > 50 + 10 % of the table's rows
//     (autovacuum_analyze_threshold / autovacuum_analyze_scale_factor);
//   - VACUUM when dead rows > 50 + 20 % of the rows (autovacuum_vacuum_threshold / _scale_factor),
//     or rows inserted since the last vacuum > 1000 + 20 % of the rows (autovacuum_vacuum_insert_
//     threshold / _scale_factor, PG 13+): a vacuum after bulk inserts sets the visibility map, without
//     which every index-only scan still reads the table (issue #14: the dashboard's counts over the
//     member's 28,000 assigned issues read all 100,000 issue rows after a bulk seed);
// and, because those counters live in memory (PGlite drops them on every restart, Postgres after a
// crash), also by what the catalog keeps: ANALYZE a table never analyzed that spans 2+ pages, or,
// when the counters restarted, one that grew more than 10 % in pages since its last analyze.
// Passes run shortly after start, then every minute, and soon after bulk work (afterBulkWork). Only
// one process runs a pass at a time (a session advisory lock; the others skip). ANALYZE and VACUUM
// use SKIP_LOCKED, so a pass never waits behind another lock; on PGlite, which shares the server's
// event loop, the pass yields between tables so requests interleave. On Postgres with autovacuum
// on, the scheduled passes leave the work to it; the after-bulk analyze still runs.
import type { Database, SessionQuery } from './client';

/** autovacuum's defaults, the rule the pass applies. */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;
export const VACUUM_THRESHOLD = 50;
export const VACUUM_SCALE_FACTOR = 0.2;
export const VACUUM_INSERT_THRESHOLD = 1000;
export const VACUUM_INSERT_SCALE_FACTOR = 0.2;
/** The catalog fallback: a never-analyzed table of at least this many pages, or this much growth. */
export const MIN_PAGES_NEVER_ANALYZED = 2;
export const PAGE_GROWTH_FACTOR = 0.1;

export const FIRST_PASS_DELAY_MS = 5_000;
export const PASS_INTERVAL_MS = 60_000;
/** After bulk work: long enough for the statistics counters to be flushed (at most once a second). */
export const AFTER_BULK_DELAY_MS = 2_000;

/** One lock id for every Trellis process on the database (any constant; hashtext keeps it readable). */
const LOCK_ID = "hashtext('trellis.table-maintenance')";

export interface TableStats {
  /** Schema-qualified, quoted name, ready for SQL. */
  target: string;
  name: string;
  live: number;
  dead: number;
  /** Rows inserted since the table was last vacuumed (pg_stat_user_tables.n_ins_since_vacuum). */
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  /** pg_class.reltuples: -1 until the table is first analyzed or vacuumed. */
  reltuples: number;
  /** pg_class.relpages as of the last analyze or vacuum. */
  relpages: number;
  /** The table's current size in pages. */
  pages: number;
}

export interface MaintenanceAction {
  table: string;
  analyze: boolean;
  vacuum: boolean;
  reason: string;
  ms?: number;
}

export interface MaintenanceLog {
  debug(object: object, message: string): void;
}

/**
 * The in-memory counters no longer know the table's rows (they restarted from zero, while the
 * catalog counted rows at the last analyze): only then is page growth read as changed rows — with
 * working counters it is mostly dead row versions, which the vacuum rule covers.
 */
function countersLost(stats: TableStats): boolean {
  return stats.relpages > 0 && stats.live + stats.dead < stats.reltuples / 2;
}

/** What a table needs by the rules above (analyze and vacuum false when nothing). */
export function plannedMaintenance(stats: TableStats): MaintenanceAction {
  const rows = Math.max(stats.reltuples, stats.live, 0);
  const reasons: string[] = [];
  let analyze = false;
  if (stats.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * rows) {
    analyze = true;
    reasons.push(`${stats.modifiedSinceAnalyze} rows changed since the last analyze (of ~${Math.round(rows)})`);
  } else if (stats.reltuples < 0 && stats.pages >= MIN_PAGES_NEVER_ANALYZED) {
    analyze = true;
    reasons.push(`never analyzed, ${stats.pages} pages`);
  } else if (countersLost(stats) && stats.pages > stats.relpages * (1 + PAGE_GROWTH_FACTOR) + 1) {
    analyze = true;
    reasons.push(`grew from ${stats.relpages} to ${stats.pages} pages since the last analyze (counters reset)`);
  }
  const deadRows = stats.dead > VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * rows;
  const inserted = stats.insertedSinceVacuum > VACUUM_INSERT_THRESHOLD + VACUUM_INSERT_SCALE_FACTOR * rows;
  const vacuum = deadRows || inserted;
  if (deadRows) reasons.push(`${stats.dead} dead rows (of ~${Math.round(rows)})`);
  if (inserted) reasons.push(`${stats.insertedSinceVacuum} rows inserted since the last vacuum (of ~${Math.round(rows)})`);
  return { table: stats.name, analyze, vacuum, reason: reasons.join('; ') };
}

async function readTableStats(run: SessionQuery): Promise<TableStats[]> {
  const rows = await run<Record<string, string | number>>(`
    select format('%I.%I', s.schemaname, s.relname) as target, s.relname as name,
      s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as modified,
      s.n_ins_since_vacuum::float8 as inserted,
      c.reltuples::float8 as reltuples, c.relpages::int as relpages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`);
  return rows.map((row) => ({
    target: String(row.target),
    name: String(row.name),
    live: Number(row.live),
    dead: Number(row.dead),
    insertedSinceVacuum: Number(row.inserted),
    modifiedSinceAnalyze: Number(row.modified),
    reltuples: Number(row.reltuples),
    relpages: Number(row.relpages),
    pages: Number(row.pages),
  }));
}

function maintenanceStatement(action: MaintenanceAction, target: string): string {
  if (action.vacuum) return `vacuum (skip_locked${action.analyze ? ', analyze' : ''}) ${target}`;
  return `analyze (skip_locked) ${target}`;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface PassOptions {
  /** Tables to analyze whatever their counters say (bulk work just wrote them). */
  analyze?: readonly string[];
  log?: MaintenanceLog;
}

/**
 * One maintenance pass: analyzes / vacuums every table past the rules (and `options.analyze`).
 * Returns what it did, or null when another process holds the pass's lock.
 */
export async function maintainTables(database: Database, options: PassOptions = {}): Promise<MaintenanceAction[] | null> {
  const forced = new Set(options.analyze ?? []);
  return database.session(async (run) => {
    const [lock] = await run<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_ID}) as locked`);
    if (!lock?.locked) {
      options.log?.debug({}, 'table maintenance: another process holds the lock, skipped');
      return null;
    }
    try {
      const done: MaintenanceAction[] = [];
      for (const stats of await readTableStats(run)) {
        const action = plannedMaintenance(stats);
        if (forced.has(stats.name) && !action.analyze) {
          action.analyze = true;
          action.reason = [action.reason, 'after bulk work'].filter(Boolean).join('; ');
        }
        if (!action.analyze && !action.vacuum) continue;
        const started = performance.now();
        await run(maintenanceStatement(action, stats.target));
        action.ms = Math.round((performance.now() - started) * 10) / 10;
        options.log?.debug({ ...action }, `table maintenance: ${action.vacuum ? 'vacuum' : ''}${action.vacuum && action.analyze ? ' + ' : ''}${action.analyze ? 'analyze' : ''} ${stats.name}`);
        done.push(action);
        await yieldToRequests();
      }
      return done;
    } finally {
      await run(`select pg_advisory_unlock(${LOCK_ID})`);
    }
  });
}

/** True when Postgres's own autovacuum keeps the statistics (never on PGlite, which runs none). */
export async function autovacuumRuns(database: Database): Promise<boolean> {
  if (database.driver === 'pglite') return false;
  const [row] = await database.session((run) =>
    run<{ on: boolean }>(`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on`),
  );
  return Boolean(row?.on);
}

/**
 * Analyzes `tables` now (bulk work outside a running server: the seed, imports). ANALYZE reads a
 * bounded sample (300 × default_statistics_target rows), so this stays quick on large tables.
 */
export async function analyzeAfterBulkWork(database: Database, tables: readonly string[], log?: MaintenanceLog): Promise<void> {
  await maintainTables(database, { analyze: tables, log });
}

export interface TableMaintenance {
  /** Bulk work wrote many rows: run a pass soon, analyzing `tables` whatever the counters say. */
  afterBulkWork(tables?: readonly string[]): void;
  /** Stops the schedule and waits for a running pass. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  log: MaintenanceLog & { error(object: object, message: string): void };
  firstDelayMs?: number;
  intervalMs?: number;
  afterBulkDelayMs?: number;
}

/** Runs passes shortly after start, every minute and after bulk work, until stopped. */
export function scheduleTableMaintenance(database: Database, options: ScheduleOptions): TableMaintenance {
  const { log } = options;
  const pending = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let bulkTimer: NodeJS.Timeout | null = null;

  const afterBulkWork = (tables: readonly string[] = []) => {
    for (const table of tables) pending.add(table);
    if (bulkTimer || stopped) return;
    bulkTimer = setTimeout(() => {
      bulkTimer = null;
      pass('bulk');
    }, options.afterBulkDelayMs ?? AFTER_BULK_DELAY_MS);
    bulkTimer.unref();
  };

  const pass = (trigger: 'start' | 'interval' | 'bulk') => {
    if (stopped) return;
    if (running) {
      // Bulk work that lands during a pass gets its own pass after it.
      if (trigger === 'bulk') void running.then(() => afterBulkWork());
      return;
    }
    const tables = [...pending];
    pending.clear();
    running = (async () => {
      // Scheduled passes leave a Postgres with autovacuum to it; bulk work is analyzed right away.
      if (trigger !== 'bulk' && (await autovacuumRuns(database))) return;
      const done = await maintainTables(database, { analyze: tables, log });
      if (done) log.debug({ trigger, tables: done.length }, 'table maintenance pass done');
    })()
      .catch((error) => log.error({ err: error }, 'table maintenance failed'))
      .finally(() => (running = null));
  };

  const first = setTimeout(() => pass('start'), options.firstDelayMs ?? FIRST_PASS_DELAY_MS);
  const timer = setInterval(() => pass('interval'), options.intervalMs ?? PASS_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    afterBulkWork,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      if (bulkTimer) clearTimeout(bulkTimer);
      await running;
    },
  };
}
