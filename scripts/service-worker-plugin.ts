// Builds the client's service worker (client/service-worker/sw.ts) into <outDir>/sw.js once the
// bundle is written: the worker is told the build's files (every /assets/* file, precached at
// install) and a version made from their hashed names and index.html, so each build gets a fresh
// shell cache. Served from the site root (client-app.ts, `Cache-Control: no-cache`) so its scope is
// the whole app and a new build is noticed on the next visit.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export function serviceWorker(entry: string): Plugin {
  return {
    name: 'trellis-service-worker',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort()
        .map((name) => `/${name}`);
      const html = bundle['index.html'];
      const hash = createHash('sha256').update(files.join('\n'));
      if (html?.type === 'asset') hash.update(html.source);
      const version = hash.digest('hex').slice(0, 16);
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: true,
        define: { __TRELLIS_BUILD__: JSON.stringify({ version, files }) },
      });
      writeFileSync(join(outDir, 'sw.js'), result.outputFiles[0]!.text);
    },
  };
}
