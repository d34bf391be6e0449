// The built server's stack traces name the TypeScript sources, with the source map read only when a
// trace through it is first formatted (scripts/lazy-source-map.mjs; issue #28: reading it at load was a tenth
// of the start's CPU).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { build } from 'esbuild';
import { mapStacksLazilyIn } from '../../scripts/lazy-source-map.mjs';

const dir = mkdtempSync(join(tmpdir(), 'trellis-lazy-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a frame of the bundle or of a chunk it loads is printed at its TypeScript line; each map is read at the first trace through it, not before', async () => {
  const thrower = join(dir, 'thrower.ts');
  writeFileSync(thrower, ['// line 1', 'export function explode(): Error {', '  const note: string = "line 3";', '  return new Error(note);', '}', ''].join('\n'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, ['// line 1', 'export const loadThrower = () => import("./thrower");', 'export function fail(): Error {', '  return new Error("line 4");', '}', ''].join('\n'));
  const out = join(dir, 'out');
  await build({ entryPoints: [entry], outdir: out, outExtension: { '.js': '.mjs' }, splitting: true, chunkNames: 'chunk-[hash]', bundle: true, format: 'esm', platform: 'node', sourcemap: 'external', minifyWhitespace: true, logLevel: 'silent' });
  // The maps are moved away while the formatter is installed and the bundle loaded: nothing reads them yet.
  const { readdirSync, renameSync } = await import('node:fs');
  const maps = readdirSync(out).filter((file) => file.endsWith('.map'));
  expect(maps.length).toBe(2);
  for (const map of maps) renameSync(join(out, map), join(out, `${map}.hidden`));
  const restore = mapStacksLazilyIn(out);
  try {
    const bundle = (await import(pathToFileURL(join(out, 'entry.mjs')).href)) as { loadThrower: () => Promise<{ explode: () => Error }>; fail: () => Error };
    const inChunk = (await bundle.loadThrower()).explode();
    const inEntry = bundle.fail();
    for (const map of maps) renameSync(join(out, `${map}.hidden`), join(out, map));
    expect(inChunk.stack).toContain(`${thrower}:4:`);
    expect(inEntry.stack).toContain(`${entry}:`);
    expect(`${inChunk.stack}${inEntry.stack}`).not.toContain('.mjs:');
  } finally {
    restore();
  }
});
