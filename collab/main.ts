// `npm run start:collab`: the collaboration server alone on its own PORT (scale-out, DESIGN
// "Processes"), on the same database as the API servers. Several may run behind a proxy with REDIS_URL.
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { ConfigError, databaseSettings, loadConfig, type Config } from '../server/config';
import type { Database } from '../db/client';
import { openDatabase } from '../db/open';
import { exitOnSignals } from '../server/shutdown';
import type { ServerContext } from '../server/context';
import { createCollab } from './server';

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
  exitOnSignals(async () => {
    await opened.app?.close();
    await opened.database?.close();
  });
  const { database } = await openDatabase(databaseSettings(config));
  opened.database = database;
  await database.migrate();
  const ctx: ServerContext = { config, database, db: database.db, afterCommit: [] };
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });
  opened.app = app;
  await app.register(websocket);
  const collab = createCollab(ctx);
  collab.mount(app);
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok', documents: collab.hocuspocus.getDocumentsCount() }));
  app.addHook('onClose', () => collab.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Trellis collaboration server is running on port ${config.PORT} (/collab)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
