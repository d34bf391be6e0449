// `npm start`: validates configuration, builds the client if needed, opens and migrates the
// database (PGlite in DATA_DIR unless DATABASE_URL is set), serves everything on one port, and
// on SIGTERM/SIGINT drains requests and closes the database cleanly.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase } from '../db/client';
import { buildApp } from './app';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDistDir = join(root, 'client', 'dist');

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // TRELLIS_SKIP_CLIENT_BUILD=1: API-only start, no client built or served (tests that spawn the real server).
  const apiOnly = process.env.TRELLIS_SKIP_CLIENT_BUILD === '1';
  if (!apiOnly && !existsSync(join(clientDistDir, 'index.html'))) await buildClient();

  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  await database.migrate();

  const app = await buildApp({ config, database, clientDistDir: apiOnly ? undefined : clientDistDir });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => process.exit(1), 15_000);
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const storage = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${join(config.dataDir, 'pglite')}`;
  console.log(`Trellis is running at ${config.APP_BASE_URL ? config.appBaseUrl : `http://localhost:${port}`} (database: ${storage})`);
}

async function buildClient() {
  console.log('Building the web client (first start only)…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
