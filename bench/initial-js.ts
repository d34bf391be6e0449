// What the client costs to download: the JavaScript index.html loads before any lazy chunk, and the
// gzip size of any set of built assets. Used by bench:ui and by the e2e first-screen size check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const DIST = join(fileURLToPath(new URL('..', import.meta.url)), 'client', 'dist');

export interface JsFile {
  file: string;
  raw: number;
  gzip: number;
}

/**
 * The JavaScript index.html loads before any lazy route: its module scripts and modulepreloads, plus
 * every chunk those import statically (`import … from "./x.js"`), each gzipped with node:zlib (level 6).
 */
export function initialJavaScript(): JsFile[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => (match[1] ?? match[2]).replace(/^\//, ''));
  const seen = new Map<string, JsFile>();
  while (queue.length && seen.size < 200) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const code = readFileSync(join(DIST, file));
    seen.set(file, { file, raw: code.length, gzip: gzipSync(code).length });
    // Static imports only: dynamic `import("…")` chunks are lazy routes and are not counted.
    for (const match of code.toString('utf8').matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(join(file.replace(/[^/]+$/, ''), match[1]));
    }
  }
  return [...seen.values()];
}

/** gzip -6 bytes of built assets named by URL path (`/assets/x.js`), as a compressing proxy would send them. */
export function gzipOfAssets(paths: string[]): number {
  return paths.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path.replace(/^\//, '')))).length, 0);
}
