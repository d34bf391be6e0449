import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startServices } from '../../boot/services';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';

describe('serving the built client', () => {
  const dist = mkdtempSync(join(tmpdir(), 'trellis-dist-'));
  const script = 'console.log("trellis");'.repeat(200);
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-0123456789abcdef' }, { persistSecret: false });
    app = await startServices({ config, database, clientDistDir: dist, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  test('client routes answer index.html; unknown API paths keep the JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/acme/projects/123/issues' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
    const api = await app.inject({ method: 'GET', url: '/api/does-not-exist/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Page not found.' });
  });

  test('hashed assets are immutable and sent pre-compressed when the browser accepts gzip', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toContain('immutable');
    const gzipped = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(script.length / 5);
  });

  test('the service worker is served from the site root (scope: the whole app) and always revalidated', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener("fetch"');
  });

  test('paths outside the build folder are not served', async () => {
    const escape = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(escape.body).not.toContain('root:');
  });
});
