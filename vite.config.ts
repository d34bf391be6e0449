// Vite builds the web client (client/ → client/dist) and, in development, proxies the API,
// auth, live-stream and collaboration paths to the Trellis server so cookies stay same-origin.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const serverUrl = process.env.TRELLIS_SERVER_URL ?? 'http://127.0.0.1:3000';
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./client/dist', import.meta.url)),
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
