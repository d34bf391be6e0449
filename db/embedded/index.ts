// The default database of `npm start` without DATABASE_URL: a PostgreSQL cluster in
// DATA_DIR/postgres, started and stopped by Trellis. A PGlite directory from an earlier release
// (DATA_DIR/pglite) is moved into it on the first start.
import { join } from 'node:path';
import { isInitialised, startCluster, type Cluster } from './cluster';
import { importPglite, isPgliteDir } from './pglite-import';

export type { Cluster } from './cluster';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0 picks a free port at every start. */
  port: number;
  log: (line: string) => void;
}

export function embeddedPostgresDir(dataDir: string): string {
  return join(dataDir, 'postgres');
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<Cluster> {
  const clusterOptions = { dir: embeddedPostgresDir(options.dataDir), port: options.port, portSetting: 'EMBEDDED_PG_PORT', ownDir: options.dataDir, log: options.log };
  const pgliteDir = join(options.dataDir, 'pglite');
  if (!isInitialised(clusterOptions.dir) && isPgliteDir(pgliteDir)) await importPglite(pgliteDir, clusterOptions);
  return startCluster(clusterOptions);
}
