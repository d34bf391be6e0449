// Imports flow one way (STYLE §2, DESIGN "Folders"): this suite reads the import specifiers of every
// .ts/.tsx file in the repository and fails on any edge the layering forbids, so a wrong import is
// caught in CI rather than in review.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'migrations', 'data', 'test-results', 'coverage']);
const CHANGES_SCHEMA = 'db/schema/changes.ts';
const CHANGES_WRITER = 'server/live/record-change.ts';
/** Tables only the change writer may touch (they are exported by db/schema/changes.ts). */
const CHANGES_TABLES = new Set(['changes', 'changeRetention', 'mutationReceipts']);

/**
 * Which top-level folders each production folder may import (DESIGN "Folders"). server/ and collab/
 * are peers: neither imports the other. boot/ is the composition root (boot/services.ts): the one
 * folder that may see both, because one process may run REST and collab together and collab stores
 * through the REST domain's services; it builds the context, starts the services of TRELLIS_ROLE and
 * hands collab its writes as callbacks. No folder may import boot/ — it is where processes start.
 */
const ALLOWED: Record<string, string[]> = {
  shared: ['shared'],
  db: ['db', 'shared'],
  server: ['server', 'db', 'shared'],
  collab: ['collab', 'db', 'shared'],
  client: ['client', 'shared'],
  boot: ['boot', 'server', 'collab', 'db', 'shared'],
};

/**
 * Edges that break the layering and are tolerated for now. Empty since the composition root (#11):
 * keep it that way. It is a ratchet — a new violation fails, and so does an entry that no longer
 * exists — so an entry may only ever be removed.
 */
const KNOWN_VIOLATIONS = new Set<string>([]);

interface ImportEdge {
  /** Repository-relative path of the importing file. */
  from: string;
  /** Repository-relative path the specifier resolves to (a file when one exists). */
  to: string;
  /** Named bindings imported (or re-exported) through this specifier. */
  names: string[];
}

function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith('tests/');
}

/** Production code: the application folders of ALLOWED, test files excluded. */
function isProduction(file: string): boolean {
  return file.split('/')[0] in ALLOWED && !isTestFile(file);
}

/** Every rule an edge breaks, as human-readable messages (empty when it is allowed). */
function violationsOf(edge: ImportEdge): string[] {
  const messages: string[] = [];
  const fromTop = edge.from.split('/')[0];
  const toTop = edge.to.split('/')[0];
  if (isProduction(edge.from)) {
    if (toTop === 'tests') messages.push('production code imports tests/');
    else if (toTop !== fromTop && !ALLOWED[fromTop].includes(toTop)) messages.push(`${fromTop}/ may import only ${ALLOWED[fromTop].join(', ')}`);
  }
  if (edge.from !== CHANGES_WRITER && !isTestFile(edge.from)) {
    if (edge.to === CHANGES_SCHEMA && edge.from !== 'db/schema/index.ts') messages.push(`only ${CHANGES_WRITER} imports ${CHANGES_SCHEMA}`);
    const viaBarrel = edge.names.filter((name) => CHANGES_TABLES.has(name));
    if (edge.to.startsWith('db/schema/') && viaBarrel.length) messages.push(`only ${CHANGES_WRITER} imports ${viaBarrel.join(', ')}`);
  }
  return messages;
}

function listSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.') || SKIPPED_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) listSources(full, out);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path.relative(ROOT, full));
  }
  return out;
}

/** Resolves a relative specifier the way the bundler would (extensionless, `.js` → `.ts`, index). */
function resolveSpecifier(from: string, specifier: string): string {
  const base = path.normalize(path.join(path.dirname(from), specifier)).replace(/\.(m|c)?js$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((candidate) => {
    try {
      return statSync(path.join(ROOT, candidate)).isFile();
    } catch {
      return false;
    }
  });
  return (found ?? base).split(path.sep).join('/');
}

/** The relative import edges of one file: import/export declarations, `import()` and `require()`. */
function edgesOf(file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, names: string[]) => {
    if (specifier.startsWith('.')) edges.push({ from: file, to: resolveSpecifier(file, specifier), names });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      add(node.moduleSpecifier.text, names);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) add(expression.text, []);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isDynamicImport || isRequire) add(node.arguments[0].text, []);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

describe('import layering', () => {
  test('the rules flag forbidden edges and allow the permitted ones', () => {
    const edge = (from: string, to: string, names: string[] = []) => violationsOf({ from, to, names });
    expect(edge('shared/roles.ts', 'db/client.ts')).not.toEqual([]);
    expect(edge('db/client.ts', 'server/config.ts')).not.toEqual([]);
    expect(edge('server/app.ts', 'collab/server.ts')).not.toEqual([]);
    expect(edge('collab/identity.ts', 'server/security.ts')).not.toEqual([]);
    expect(edge('server/app.ts', 'boot/services.ts')).not.toEqual([]);
    expect(edge('collab/server.ts', 'boot/collab-service.ts')).not.toEqual([]);
    expect(edge('db/page-storage.ts', 'boot/services.ts')).not.toEqual([]);
    expect(edge('boot/services.ts', 'server/app.ts')).toEqual([]);
    expect(edge('boot/collab-service.ts', 'collab/server.ts')).toEqual([]);
    expect(edge('boot/main.ts', 'client/main.tsx')).not.toEqual([]);
    expect(edge('client/main.tsx', 'server/errors.ts')).not.toEqual([]);
    expect(edge('server/app.ts', 'tests/support/world.ts')).not.toEqual([]);
    expect(edge('server/live/hub.ts', 'db/schema/changes.ts')).not.toEqual([]);
    expect(edge('server/live/hub.ts', 'db/schema/index.ts', ['issues', 'changes'])).not.toEqual([]);
    expect(edge('server/live/record-change.ts', 'db/schema/changes.ts')).toEqual([]);
    expect(edge('server/routes/issues.test.ts', 'db/schema/index.ts', ['changes'])).toEqual([]);
    expect(edge('collab/collab.test.ts', 'tests/support/server.ts')).toEqual([]);
    expect(edge('server/app.ts', 'db/client.ts')).toEqual([]);
    expect(edge('client/main.tsx', 'shared/roles.ts')).toEqual([]);
    expect(edge('bench/live.ts', 'tests/support/server.ts')).toEqual([]);
  });

  test('no file imports across a forbidden edge', () => {
    const files = listSources(ROOT);
    expect(files.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const seenKnown = new Set<string>();
    for (const file of files) {
      for (const edge of edgesOf(file)) {
        const messages = violationsOf(edge);
        if (!messages.length) continue;
        const key = `${edge.from} -> ${edge.to}`;
        if (KNOWN_VIOLATIONS.has(key)) seenKnown.add(key);
        else failures.push(`${key}: ${messages.join('; ')}`);
      }
    }
    for (const key of KNOWN_VIOLATIONS) if (!seenKnown.has(key)) failures.push(`${key} is fixed: remove it from KNOWN_VIOLATIONS`);
    expect(failures).toEqual([]);
  });

  // Issue #24: every server-side request to an address a user or admin supplied passes the one
  // outbound guard (server/outbound/). Only that folder may open a request: no `fetch(`, no
  // http(s).request/get, no undici elsewhere in the processes. The S3 store talks to the operator's
  // own storage endpoint (S3_ENDPOINT), set in the environment, never by a user.
  test('server-side requests go only through server/outbound/', () => {
    const OUTBOUND_OWNERS = ['server/outbound/', 'server/storage/s3.ts'];
    const opensRequest = /\bfetch\(|from 'node:https'|from 'undici'|import\s*\{[^}]*\b(request|get)\b[^}]*\}\s*from 'node:http'/;
    const offenders = listSources(ROOT)
      .filter((file) => isProduction(file) && ['server', 'collab', 'boot'].includes(file.split('/')[0]))
      .filter((file) => !OUTBOUND_OWNERS.some((owner) => file.startsWith(owner)))
      .filter((file) => opensRequest.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
