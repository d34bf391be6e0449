// Picks the database a Trellis process runs on: DATABASE_URL if set; otherwise the embedded
// PostgreSQL in DATA_DIR/postgres (started here, stopped by close()); or, when asked for with
// EMBEDDED_DB=pglite, PGlite in DATA_DIR/pglite (one process only, no LISTEN/NOTIFY across processes).
import { join } from 'node:path';
import { createDatabase, type Database } from './client';
import { EmbeddedPostgresError, embeddedPostgresDir, isInitialised, isPgliteDir, startEmbeddedPostgres } from './embedded/index';
import { useOneIterationVerifier } from './embedded/password-verifier';

export interface DatabaseSettings {
  databaseUrl?: string;
  dataDir: string;
  embeddedDb: 'postgres' | 'pglite';
  embeddedPort: number;
  maxConnections?: number;
  log: (line: string) => void;
}

export interface OpenedDatabase {
  /** Its close() also stops the embedded cluster this process started. */
  database: Database;
  /** For the start-up line, e.g. "embedded PostgreSQL in ./data/postgres (127.0.0.1:45613)". */
  description: string;
}

export async function openDatabase(settings: DatabaseSettings): Promise<OpenedDatabase> {
  const { databaseUrl, dataDir, maxConnections } = settings;
  if (databaseUrl) return { database: await createDatabase({ databaseUrl, maxConnections }), description: 'PostgreSQL' };
  if (settings.embeddedDb === 'pglite') {
    const pgliteDir = join(dataDir, 'pglite');
    // After the move to the embedded PostgreSQL there is no DATA_DIR/pglite: PGlite would start empty.
    if (!isPgliteDir(pgliteDir) && isInitialised(embeddedPostgresDir(dataDir))) {
      throw new EmbeddedPostgresError(`EMBEDDED_DB=pglite would start an empty database: the data in ${dataDir} is in the embedded PostgreSQL (${embeddedPostgresDir(dataDir)}). Unset EMBEDDED_DB, or rename a pglite.backup-* directory back to pglite to use that copy.`);
    }
    return { database: await createDatabase({ pgliteDir }), description: `embedded PGlite in ${pgliteDir}` };
  }
  const cluster = await startEmbeddedPostgres({ dataDir, port: settings.embeddedPort, log: settings.log });
  try {
    const database = await createDatabase({ databaseUrl: cluster.url, maxConnections });
    await useOneIterationVerifier(database, decodeURIComponent(new URL(cluster.url).password)).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    const close = database.close;
    database.close = async () => {
      await close();
      await cluster.stop();
    };
    return { database, description: `embedded PostgreSQL in ${embeddedPostgresDir(dataDir)} (127.0.0.1:${cluster.port})` };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
