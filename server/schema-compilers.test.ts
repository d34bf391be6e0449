// Fastify's schema compilers (server/app.ts): routes validate with zod and answer with JSON.stringify
// from the start, so Fastify never loads its default Ajv and fast-json-stringify compilers, and the
// server bundle can leave them out (scripts/build-server.mjs). Checked in a fresh process: a test
// worker's module cache holds whatever earlier files loaded.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

const probe = `
  import { createRequire } from 'node:module';
  import { z } from 'zod';
  import { createHttpServer } from './server/app.ts';
  import { loadConfig } from './server/config.ts';
  const config = loadConfig({ SECRET_KEY: 'test-secret-key-0123456789abcdef', DATA_DIR: '/tmp/trellis-test-data', LOG_LEVEL: 'silent' }, { persistSecret: false });
  const app = await createHttpServer({ config }, { validateResponses: false });
  app.post('/echo', { config: { access: 'public' }, schema: { body: z.object({ n: z.number().int() }) } }, async (request) => ({ twice: request.body.n * 2, at: new Date(0) }));
  await app.ready();
  const good = await app.inject({ method: 'POST', url: '/echo', payload: { n: 21 } });
  const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'x' } });
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => /@fastify[\\\\/](ajv-compiler|fast-json-stringify-compiler)[\\\\/]/.test(file));
  console.log(JSON.stringify({ good: [good.statusCode, good.body], bad: bad.statusCode, loaded }));
  await app.close();
`;

test('routes validate with zod and answer with JSON.stringify; Fastify never loads its own compilers', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!);
  expect(result).toEqual({ good: [200, '{"twice":42,"at":"1970-01-01T00:00:00.000Z"}'], bad: 400, loaded: [] });
}, 60_000);
