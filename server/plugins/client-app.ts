// Serves the built web client (client/dist) with a single-page-app fallback: unknown GETs outside
// the API answer index.html so the client router can take over.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth/', '/live', '/collab'];

export async function serveClientApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix) || request.url === prefix.replace(/\/$/, ''));
    if (request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ error: 'Page not found.' });
  });
}
