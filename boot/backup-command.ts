// Entry of `npm run backup -- FILE` and `npm run restore -- FILE` (./backup.ts does the work). Reads
// the instance the way `npm start` does: DATABASE_URL, else the embedded database in DATA_DIR. With
// the embedded PostgreSQL, a running server's cluster is joined (db/embedded: one cluster per data
// directory), so a backup needs no downtime. PGlite (EMBEDDED_DB=pglite) is one process only: stop
// the server first. Exit codes: 0 done, 1 refused or failed (the reason on stderr).
import { resolve } from 'node:path';
import { databaseSettings, loadConfig } from '../server/config';
import { openDatabase } from '../db/open';
import { migrateForward } from '../db/migration-status';
import { fileStorage } from '../server/storage/index';
import { BackupError, restoreBackup, writeBackup } from './backup';

async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !target) {
    console.error('usage: npm run backup -- FILE | npm run restore -- FILE');
    process.exit(1);
  }
  const file = resolve(target);
  const config = loadConfig();
  if (!config.DATABASE_URL && config.EMBEDDED_DB === 'pglite') {
    console.error(`Using PGlite in ${config.dataDir}/pglite: make sure the Trellis server is stopped (PGlite is one process only).`);
  }
  const { database, description } = await openDatabase({ ...databaseSettings(config), log: (line) => console.error(line) });
  try {
    const storage = fileStorage(config);
    const started = Date.now();
    if (command === 'backup') {
      const manifest = await writeBackup(database, storage, file);
      const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
      console.log(`Backed up ${description}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.count} files (${manifest.files.bytes} bytes) → ${file} in ${Date.now() - started} ms`);
      if (manifest.files.missing.length > 0) console.log(`${manifest.files.missing.length} file(s) named by attachments or exports were not in storage and are not in the archive: ${manifest.files.missing.slice(0, 5).join(', ')}`);
    } else {
      await migrateForward(database);
      const manifest = await restoreBackup(database, storage, file);
      console.log(`Restored ${file} (Trellis ${manifest.trellis_version}, taken ${manifest.created_at}) into ${description} in ${Date.now() - started} ms`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
