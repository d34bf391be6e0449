// A real Trellis server for tests: real database (Postgres or PGlite, per file), the real services
// of its TRELLIS_ROLE started through the composition root (boot/services.ts, `all` unless the test
// sets it), injected requests or a real listening port. Use `createTestServer()` in beforeAll.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { startServices, type StartOptions } from '../../boot/services';
import { waitForReactions } from '../../server/reactions/feed';
import { loadConfig, type Config } from '../../server/config';
import { createTestDatabase, type TestDatabase, type TestDriver } from './db';

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Sends an in-process request (app.inject). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Starts listening on a random loopback port and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  driver?: TestDriver;
  /** Serve this database instead of a fresh one (a restored backup, say). */
  database?: TestDatabase;
  /** Extra environment for loadConfig (e.g. SMTP_HOST, GOOGLE_CLIENT_ID). */
  env?: Record<string, string>;
  /** Sees every route as it is registered (see StartOptions.onRoute). */
  onRoute?: StartOptions['onRoute'];
}

/** Builds a server on a fresh database. Rate limits are high unless the test sets them. */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(options.driver));
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      SECRET_KEY: 'test-secret-key-0123456789abcdef',
      DATA_DIR: '/tmp/trellis-test-data',
      RATE_LIMIT_AUTH_PER_MIN: '100000',
      RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '100000',
      RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_HOUR: '100000',
      RATE_LIMIT_API_KEY_PER_MIN: '100000',
      ...options.env,
    },
    { persistSecret: false },
  );
  const app = await startServices({ config, database, logger: false, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    database,
    config,
    async inject(request) {
      const response = await app.inject(request);
      // A write's after-commit reactions (notifications, progress, webhooks; server/reactions/) have
      // run before the test reads on, as a person would see them a moment later.
      if (String(request.method ?? 'GET').toUpperCase() !== 'GET') await waitForReactions(app.ctx);
      return response;
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('server did not bind');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
