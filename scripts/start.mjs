// `npm start` (and `npm run start:server`, `npm run start:collab`): runs the built server
// (dist/server/main.js, see ./build-server.mjs), building it first when it is missing or older than
// the sources — so the first start after an install or an upgrade builds once (a few seconds) and
// every later start or restart compiles nothing. The server runs in this very process (imported,
// not spawned): the signal a process manager sends to `npm start` reaches it (package.json execs node).
// TRELLIS_BUILD_DIR puts the build elsewhere inside the repository (the start tests use their own).
import { dirname, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_OUT_DIR, ROOT, ensureServerBuilt } from './build-server.mjs';
import { mapStacksLazilyIn } from './lazy-source-map.mjs';

const dir = process.env.TRELLIS_BUILD_DIR;
const outDir = dir ? (isAbsolute(dir) ? dir : join(ROOT, dir)) : DEFAULT_OUT_DIR;
const main = await ensureServerBuilt({ outDir });
// Stack traces name the TypeScript sources (main.js.map and the chunks' maps, each read when a
// first trace through that file is formatted).
mapStacksLazilyIn(dirname(main));
await import(pathToFileURL(main).href);
