// The process entry of every Trellis role (`npm start`, `npm run start:server`,
// `npm run start:collab`): validates configuration, builds the client if this process serves it,
// opens and migrates the database (db/open.ts: DATABASE_URL, else an embedded PostgreSQL in
// DATA_DIR), starts the services of TRELLIS_ROLE on one port (./services.ts), and on SIGTERM/SIGINT
// drains requests, closes live and collab sockets, flushes page updates, closes the database and
// stops the embedded cluster, then exits 0 (./shutdown.ts). package.json runs this file with
// `exec node`, so the signal a process manager sends to `npm start` reaches it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, databaseSettings, loadConfig, type Config } from '../server/config';
import type { Database } from '../db/client';
import { openDatabase } from '../db/open';
import { EmbeddedPostgresError } from '../db/embedded/index';
import { DatabaseNewerThanCodeError, migrateForward } from '../db/migration-status';
import { ROLE_SERVICES } from './roles';
import { exitOnSignals } from './shutdown';

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

  // What is open so far; a signal during start-up closes just that.
  const opened: { app?: FastifyInstance; database?: Database } = {};
  exitOnSignals(async (signal) => {
    opened.app?.log.info({ signal }, 'shutting down: draining requests');
    await opened.app?.close();
    await opened.database?.close();
  });

  const servesWeb = ROLE_SERVICES[config.TRELLIS_ROLE].includes('web');
  // TRELLIS_SKIP_CLIENT_BUILD=1: API-only start, no client built or served (tests that spawn the real server).
  const withClient = servesWeb && process.env.TRELLIS_SKIP_CLIENT_BUILD !== '1';
  if (withClient && !existsSync(join(clientDistDir, 'index.html'))) await buildClient();

  const opening = openDatabase(databaseSettings(config));
  // The services (REST, live, collab, jobs: most of the server's code) are loaded while the
  // database opens: the embedded PostgreSQL starts in a process of its own (~50 ms), which this one
  // spends compiling and evaluating their modules instead of waiting. (In the bundle they are a
  // chunk of their own, scripts/build-server.mjs.) Handled here, a failed load is still thrown below.
  const loadingServices = import('./services');
  loadingServices.catch(() => {});
  const { database, description } = await opening;
  opened.database = database;
  // Forward only: a database a newer release already migrated is refused, not run on (README "Upgrades").
  await migrateForward(database);

  const { startServices } = await loadingServices;
  const app = await startServices({ config, database, clientDistDir: withClient ? clientDistDir : undefined });
  opened.app = app;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (servesWeb) {
    console.log(`Trellis is running at ${config.APP_BASE_URL ? config.appBaseUrl : `http://localhost:${port}`} (database: ${description})`);
  } else {
    console.log(`Trellis collaboration server is running on port ${port} (/collab)`);
  }
}

async function buildClient() {
  console.log('Building the web client (first start only)…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

main().catch((error) => {
  console.error(error instanceof EmbeddedPostgresError || error instanceof DatabaseNewerThanCodeError ? error.message : error);
  process.exit(1);
});
