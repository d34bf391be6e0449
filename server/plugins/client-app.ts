// Serves the built web client (client/dist) with a single-page-app fallback: unknown GETs outside
// the API answer index.html so the client router can take over. One declared public route, so the
// access plugin's "every route has a rule" check holds here too.
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { binaryBody, noBody, replies } from '../../shared/schemas/responses';

const API_PREFIXES = ['/api/', '/auth/', '/live', '/collab'];

export async function serveClientApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) return;
  const root = resolve(distDir);
  // preCompressed: the build writes .br/.gz copies (vite.config.ts) and they are sent when accepted.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });
  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public' },
    // The built client's files (HTML, scripts, styles); unknown API paths get the JSON 404.
    schema: { response: replies({ 200: binaryBody, 304: noBody }) },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0];
      if (API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, ''))) {
        return reply.code(404).send({ error: 'Page not found.' });
      }
      const file = resolve(root, `.${decodeURIComponent(path)}`);
      const isAsset = file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile();
      if (isAsset) {
        // Hashed build assets never change; everything else must be revalidated.
        const immutable = path.startsWith('/assets/');
        return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file.slice(root.length + 1));
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    },
  });
}
