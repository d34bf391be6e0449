// Vite builds the web client (client/ → client/dist) and, in development, proxies the API,
// auth, live-stream and collaboration paths to the Trellis server so cookies stay same-origin.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { serviceWorker } from './scripts/service-worker-plugin';

const serverUrl = process.env.TRELLIS_SERVER_URL ?? 'http://127.0.0.1:3000';
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));

/**
 * Writes .gz and .br copies of every text asset after the build, so the server (one process, no
 * proxy in front by default) sends compressed files without compressing per request.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'trellis-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((path) => compressible.test(path))) {
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const outDir = fileURLToPath(new URL('./client/dist', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react(), serviceWorker(join(clientRoot, 'service-worker', 'sw.ts')), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
  },
  server: {
    // Anchored patterns: a workspace slug such as "/authors" or "/liveops" is a client route,
    // only "/auth", "/auth/…" (and the others) belong to the server.
    proxy: {
      '^/api(/|$)': { target: serverUrl },
      '^/auth(/|$)': { target: serverUrl },
      '^/live(/|$)': { target: serverUrl, ws: true },
      '^/collab(/|$)': { target: serverUrl, ws: true },
    },
  },
});
