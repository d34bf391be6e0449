// Backup and restore (`npm run bench -- --only backup-restore [--issues=100000] [--pages=100]`): an
// instance of 100,000 issues (the demo seed of `npm run seed`, db/seed: labels, assignees, cycles,
// modules) and 100 pages written through the API (a server process of bench/serve.ts; each page's
// body goes through Yjs, so snapshots are stored) is backed up with `npm run backup`'s code
// (boot/backup.ts) and restored into an empty database with `npm run restore`'s code: wall time of
// each, the archive's size, and rows per second. Postgres (a database of its own), as a superuser
// (the compose file's user) — the owner-only road (keys dropped and re-added) is measured too.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createDatabase } from '../db/client';
import { seedDemo } from '../db/seed/seed';
import { restoreBackup, writeBackup } from '../boot/backup';
import { createDiskStorage } from '../server/storage/disk';
import { freshDatabase, loadLine, ms, sessionHeaders, startServer, type BenchOptions } from './harness';

const arg = (options: BenchOptions, name: string, fallback: number) => Number(options.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export async function run(options: BenchOptions): Promise<{ title: string; markdown: string }> {
  const issueCount = arg(options, 'issues', 100_000);
  const pageCount = arg(options, 'pages', 100);
  const work = mkdtempSync(join(tmpdir(), 'trellis-bench-backup-'));
  const sourceUrl = await freshDatabase('trellis_bench_backup_source');
  const source = await createDatabase({ databaseUrl: sourceUrl, maxConnections: 4 });
  await source.migrate();
  const seedStarted = performance.now();
  const seeded = await seedDemo(source, { issues: issueCount, workspaceSlug: 'backup-bench', members: 20 });
  console.log(`  seeded ${issueCount} issues in ${ms(performance.now() - seedStarted)}`);

  // Pages through the API, as a person writes them.
  const server = await startServer('bench/serve.ts', { DATABASE_URL: sourceUrl, DATA_DIR: join(work, 'source') });
  const headers = { ...(await sessionHeaders(sourceUrl, seeded.ownerId)), 'content-type': 'application/json' };
  const paragraph = (index: number) => `<p>Section ${index}: the runbook step, with enough words to look like a real page of notes and decisions.</p>`;
  for (let page = 0; page < pageCount; page++) {
    const body = JSON.stringify({ name: `Runbook ${page}`, description_html: Array.from({ length: 20 }, (_, index) => paragraph(index)).join('') });
    const response = await fetch(`${server.url}/api/workspaces/${seeded.workspaceSlug}/projects/${seeded.projectId}/pages/`, { method: 'POST', headers, body });
    if (response.status !== 201) throw new Error(`page ${page}: ${response.status} ${await response.text()}`);
  }
  await server.stop();

  const archive = join(work, 'instance.tar.gz');
  const backupStarted = performance.now();
  const manifest = await writeBackup(source, createDiskStorage(join(work, 'source')), archive);
  const backupMs = performance.now() - backupStarted;
  await source.close();
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  const size = statSync(archive).size;

  const restores: { label: string; ms: number }[] = [];
  const targetUrl = await freshDatabase('trellis_bench_backup_target');
  const target = await createDatabase({ databaseUrl: targetUrl, maxConnections: 4 });
  await target.migrate();
  let started = performance.now();
  await restoreBackup(target, createDiskStorage(join(work, 'target')), archive);
  restores.push({ label: 'restore as a superuser (`session_replication_role = replica`)', ms: performance.now() - started });
  await target.close();

  // The same as the tables' owner without superuser rights.
  const role = 'trellis_bench_owner';
  const admin = postgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists trellis_bench_backup_owned with (force)`);
  await admin.unsafe(`drop role if exists ${role}`);
  await admin.unsafe(`create role ${role} login nosuperuser password 'bench'`);
  await admin.unsafe(`create database trellis_bench_backup_owned owner ${role}`);
  const ownedUrl = new URL(targetUrl);
  ownedUrl.username = role;
  ownedUrl.password = 'bench';
  ownedUrl.pathname = '/trellis_bench_backup_owned';
  const owned = await createDatabase({ databaseUrl: ownedUrl.toString(), maxConnections: 4 });
  await owned.migrate();
  started = performance.now();
  await restoreBackup(owned, createDiskStorage(join(work, 'owned')), archive);
  restores.push({ label: 'restore as the tables\' owner, no superuser (keys dropped, re-added and checked)', ms: performance.now() - started });
  await owned.close();
  await admin.unsafe(`drop database if exists trellis_bench_backup_owned with (force)`);
  await admin.unsafe(`drop role if exists ${role}`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });

  const lines = [
    `An instance of ${issueCount.toLocaleString('en')} issues (demo seed: labels, assignees, cycles, modules; 20 members) and ${pageCount} pages written through the API (~2 KB of text each, stored as Yjs), on PostgreSQL. ${rows.toLocaleString('en')} rows in ${Object.keys(manifest.tables).length} tables. Load average during the run: ${loadLine()} — the machine (2 cores) was loaded by other helpers' test runs.`,
    '',
    '| step | time | rows/s |',
    '|---|---|---|',
    `| backup (\`npm run backup\`: one repeatable-read snapshot, gzip'd tar) | ${ms(backupMs)} | ${Math.round(rows / (backupMs / 1000)).toLocaleString('en')} |`,
    ...restores.map((restore) => `| ${restore.label} | ${ms(restore.ms)} | ${Math.round(rows / (restore.ms / 1000)).toLocaleString('en')} |`),
    '',
    `Archive size: ${mb(size)} (${(size / issueCount).toFixed(0)} bytes per issue).`,
  ];
  return { title: 'Backup and restore (100,000 issues, 100 pages)', markdown: lines.join('\n') };
}
