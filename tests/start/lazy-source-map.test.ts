// The built server's stack traces name the TypeScript sources, with the source map read only when a
// trace is first formatted (scripts/lazy-source-map.mjs; issue #28: reading it at load was a tenth
// of the start's CPU).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { build } from 'esbuild';
import { mapStacksLazily } from '../../scripts/lazy-source-map.mjs';

const dir = mkdtempSync(join(tmpdir(), 'trellis-lazy-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a frame of the bundle is printed at its TypeScript line; the map is read at the first trace, not before', async () => {
  const source = join(dir, 'thrower.ts');
  writeFileSync(source, ['// line 1', 'export function explode(): Error {', '  const note: string = "line 3";', '  return new Error(note);', '}', ''].join('\n'));
  const bundle = join(dir, 'bundle.mjs');
  await build({ entryPoints: [source], outfile: bundle, bundle: true, format: 'esm', platform: 'node', sourcemap: 'external', minifyWhitespace: true, logLevel: 'silent' });
  // The map is moved away while the formatter is installed and the bundle loaded: nothing reads it yet.
  const map = `${bundle}.map`;
  const hidden = `${map}.hidden`;
  const { renameSync } = await import('node:fs');
  renameSync(map, hidden);
  const restore = mapStacksLazily(bundle, map);
  try {
    const { explode } = (await import(pathToFileURL(bundle).href)) as { explode: () => Error };
    const error = explode();
    renameSync(hidden, map);
    expect(error.stack).toContain(`${source}:4:`);
    expect(error.stack).not.toContain('bundle.mjs');
  } finally {
    restore();
  }
});
