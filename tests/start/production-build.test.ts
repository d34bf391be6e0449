// The production start (scripts/start.mjs, scripts/build-server.mjs): `npm start` builds the server
// once into one bundle when it is missing or stale, runs it with plain `node` (no TypeScript loader
// in the process), and a second start reuses the build. Each run builds into its own folder
// (TRELLIS_BUILD_DIR) so it never races another suite's `npm start` over dist/server.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { descendants, freePort, killTree, root, startTrellis, waitForUrlLine, type Started } from './processes';

const buildDir = join(root, 'dist', `test-build-${process.pid}-${Date.now()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'trellis-prod-start-'));
const running: Started[] = [];

afterEach(() => {
  for (const started of running.splice(0)) killTree(started);
});
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The text a start reads: main.js, the services chunk it imports while the database starts, and
 * every chunk those import statically (the chunks they import dynamically are loaded on first use).
 */
function startChunks(dir: string): string {
  const read = new Map<string, string>();
  const visit = (file: string) => {
    if (read.has(file)) return;
    const code = readFileSync(join(dir, file), 'utf8');
    read.set(file, code);
    for (const [, chunk] of code.matchAll(/import\s*(?:[^"'()]*?from\s*)?["']\.\/(chunk-[A-Z0-9]+\.js)["']/g)) visit(chunk);
  };
  visit('main.js');
  const services = /import\(["']\.\/(chunk-[A-Z0-9]+\.js)["']\)/.exec(read.get('main.js')!)?.[1];
  expect(services, 'main.js imports the services chunk').toBeDefined();
  visit(services!);
  return [...read.values()].join('\n');
}

async function readyz(port: number): Promise<{ status: number; body: { status: string } }> {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string } };
}

async function start(role: 'all' | 'collab' = 'all'): Promise<{ started: Started; port: number }> {
  const port = await freePort();
  const started = startTrellis(
    { PORT: String(port), DATA_DIR: dataDir, EMBEDDED_DB: 'pglite', TRELLIS_BUILD_DIR: buildDir, TRELLIS_ROLE: role, LOG_LEVEL: 'warn' },
    role === 'collab' ? 'npm run start:collab' : 'npm start',
  );
  running.push(started);
  return { started, port };
}

function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
}

test('npm start builds the server when the build is missing, runs the bundle with plain node, and answers /readyz', async () => {
  expect(existsSync(buildDir)).toBe(false);
  const first = await start();
  await waitForUrlLine(first.started);
  expect(first.started.output()).toContain('Building the server (no build yet)');
  expect(await readyz(first.port)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ready' }) });
  // The REST routes are in the bundle (server/routes/ is read at build time, not at run time).
  expect((await fetch(`http://127.0.0.1:${first.port}/api/instances/`)).status).toBe(200);
  // Under npm, the script's shell execs node on the start script: that is the server, with no TypeScript loader.
  const tree = descendants(first.started.child.pid!).map(commandLine);
  expect(tree).toEqual([expect.stringMatching(/^node scripts\/start\.mjs $/)]);
  // zod's messages are in the bundle in English only (build-server.mjs, zodInEnglishOnly): its other
  // locales would be text every start parses for nothing. (esbuild writes "ü" as \xFC.)
  const bundle = readdirSync(buildDir).filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(buildDir, file), 'utf8')).join('\n');
  expect(bundle).toContain('Invalid input: expected');
  expect(bundle).not.toMatch(/Ung(ü|\\xFC)ltige Eingabe/);
  // The editor (Tiptap, ProseMirror) and the HTML sanitizer (sanitize-html, postcss) are loaded on
  // first use (shared/document-content.ts, server/services/work-items/html.ts), not by a start.
  const atStart = startChunks(buildDir);
  expect(atStart).toContain('FST_ERR_');
  for (const marker of ['ProseMirror-hideselection', 'getSchemaByResolvedExtensions', 'CssSyntaxError']) {
    expect(atStart.includes(marker), marker).toBe(false);
    expect(bundle.includes(marker), marker).toBe(true);
  }
  first.started.child.kill('SIGTERM');
  expect(await first.started.exited).toEqual({ code: 0, signal: null });

  // A restart on a current build compiles nothing.
  const builtAt = statSync(join(buildDir, 'main.js')).mtimeMs;
  const second = await start();
  await waitForUrlLine(second.started);
  expect(second.started.output()).not.toContain('Building the server');
  expect(statSync(join(buildDir, 'main.js')).mtimeMs).toBe(builtAt);
  expect((await readyz(second.port)).status).toBe(200);
  second.started.child.kill('SIGTERM');
  expect(await second.started.exited).toEqual({ code: 0, signal: null });
}, 240_000);

test('a stale build (sources changed since) is rebuilt before the start; the collab role runs the same bundle', async () => {
  const infoPath = join(buildDir, 'build-info.json');
  if (!existsSync(infoPath)) {
    const warm = await start();
    await waitForUrlLine(warm.started);
    warm.started.child.kill('SIGTERM');
    await warm.started.exited;
  }
  writeFileSync(infoPath, JSON.stringify({ fingerprint: 'made-by-an-older-checkout' }));
  const collab = await start('collab');
  const deadline = Date.now() + 120_000;
  while (!/collaboration server is running/.test(collab.started.output())) {
    if (Date.now() > deadline || collab.started.child.exitCode !== null) throw new Error(collab.started.output());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(collab.started.output()).toContain('Building the server (sources changed since the last build)');
  expect(JSON.parse(readFileSync(infoPath, 'utf8')).fingerprint).toMatch(/^[0-9a-f]{64}$/);
  expect((await readyz(collab.port)).status).toBe(200);
  collab.started.child.kill('SIGTERM');
  expect(await collab.started.exited).toEqual({ code: 0, signal: null });
}, 240_000);
