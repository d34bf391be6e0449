// Moves a PGlite data directory (what Trellis kept in DATA_DIR/pglite before the embedded default
// became PostgreSQL) into a new cluster: pg_dump inside PGlite (@electric-sql/pglite-tools, the
// same PostgreSQL major), restore into a staging cluster, then swap directories. Every step before
// the final renames can fail and be retried on the next start; the PGlite directory is kept as a backup.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { startCluster, type ClusterOptions } from './cluster';

export function isPgliteDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Fills `options.dir` from the PGlite directory and renames that one to `<dir>.backup-<time>`; returns the backup path. */
export async function importPglite(pgliteDir: string, options: ClusterOptions): Promise<string> {
  const started = Date.now();
  options.log(`moving the PGlite database in ${pgliteDir} to the embedded PostgreSQL (first start after the upgrade)`);
  const dump = await dumpPglite(pgliteDir);
  const staging = `${options.dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  const cluster = await startCluster({ ...options, dir: staging, port: 0 });
  try {
    await restore(cluster.url, dump);
  } finally {
    await cluster.stop();
  }
  renameSync(staging, options.dir);
  const backup = `${pgliteDir}.backup-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(pgliteDir, backup);
  options.log(`moved the PGlite database in ${Date.now() - started} ms; the old directory is kept as ${backup}`);
  return backup;
}

async function dumpPglite(dir: string): Promise<string> {
  const [{ PGlite }, { pgDump }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-tools/pg_dump')]);
  const pg = new PGlite({ dataDir: dir });
  await pg.waitReady;
  try {
    // Plain SQL (pglite-tools adds --inserts): statements only, no COPY blocks that need psql.
    const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges', '--rows-per-insert=500'] });
    return await file.text();
  } finally {
    await pg.close();
  }
}

async function restore(url: string, dump: string): Promise<void> {
  // psql meta-commands (\restrict, \connect) are not SQL; the dump needs none of them to restore.
  const script = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // One simple-protocol query: the whole script runs as one implicit transaction, all or nothing.
    await sql.unsafe(script).simple();
  } finally {
    await sql.end();
  }
}
