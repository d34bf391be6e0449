// `npm run start:collab`: the collaboration server alone on its own PORT (scale-out, DESIGN
// "Processes"), on the same database as the API servers. Several may run behind a proxy with REDIS_URL.
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { createDatabase } from '../db/client';
import type { ServerContext } from '../server/context';
import { createCollab } from './server';
import { join } from 'node:path';

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
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.dataDir, 'pglite') });
  await database.migrate();
  const ctx: ServerContext = { config, database, db: database.db, afterCommit: [] };
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });
  await app.register(websocket);
  const collab = createCollab(ctx);
  collab.mount(app);
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok', documents: collab.hocuspocus.getDocumentsCount() }));
  app.addHook('onClose', () => collab.close());

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 15_000);
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Trellis collaboration server is running on port ${config.PORT} (/collab)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
