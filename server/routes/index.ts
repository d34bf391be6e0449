// Registers every route module in this folder. Each file exports one Fastify plugin (default
// export) for one resource, named by its URL segment (STYLE §1, §3). Files are loaded in name
// order so the route table is the same on every start.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

const here = dirname(fileURLToPath(import.meta.url));

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const files = readdirSync(here)
    .filter((file) => /\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'index.ts')
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(`${here}/${file}`).href)) as { default?: (app: FastifyInstance) => Promise<void> };
    if (typeof module.default !== 'function') throw new Error(`server/routes/${file} has no default plugin export`);
    await app.register(module.default);
  }
}
