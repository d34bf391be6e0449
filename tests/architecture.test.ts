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
 * The service domains of server/services/ (issue #25 item 4) and the domains each may import: a
 * domain imports only those below it, so no two domains import each other. ops (the instance) is
 * the ground; accounts (people, workspaces, memberships) stand on it; work-items (projects and their
 * issues) on both; planning, inbox and pages on work-items; integrations on all of them.
 */
const SERVICES = 'server/services/';
const SERVICE_DOMAINS: Record<string, string[]> = {
  ops: [],
  accounts: ['ops'],
  'work-items': ['accounts', 'ops'],
  planning: ['work-items', 'accounts', 'ops'],
  inbox: ['work-items', 'accounts', 'ops'],
  pages: ['work-items', 'accounts', 'ops'],
  integrations: ['planning', 'inbox', 'pages', 'work-items', 'accounts', 'ops'],
};

/**
 * A domain holds its presenters and policies (server/services/<domain>/presenters/, policies/). What
 * every domain uses stays below them all, in server/presenters/ and server/policies/ (their READMEs
 * say why); it imports no domain, and nothing else may live there or in another presenters/ or
 * policies/ folder of the server.
 */
const CROSS_DOMAIN = ['server/policies/row-access.ts', 'server/presenters/dates.ts'];
const CROSS_DOMAIN_FOLDERS = /^server\/(presenters|policies)\//;

/**
 * Edges that break the layering and are tolerated for now. The top-level folders have none since
 * the composition root (#11); notifications and progress left the issue writer for the reactions
 * registry (server/reactions/, #25 item 3); the bulk update, which moves issues between cycles,
 * went up to planning (services/planning/issue-bulk-update.ts). None is left. It is a ratchet — a
 * new violation fails, and so does an entry that no longer exists — so an entry may only ever be
 * removed.
 */
const KNOWN_VIOLATIONS = new Set<string>([]);

interface ImportEdge {
  /** Repository-relative path of the importing file. */
  from: string;
  /** Repository-relative path the specifier resolves to (a file when one exists). */
  to: string;
  /** Named bindings imported (or re-exported) through this specifier. */
  names: string[];
  /** True when the import is erased at compile time (`import type`, `export type`, `import('x').T`). */
  typeOnly?: boolean;
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
  if (isProduction(edge.from)) messages.push(...domainViolationsOf(edge));
  return messages;
}

/** The service domain of a path (`work-items` of server/services/work-items/issue.ts), or null. */
function serviceDomainOf(file: string): string | null {
  if (!file.startsWith(SERVICES)) return null;
  const rest = file.slice(SERVICES.length).split('/');
  return rest.length > 1 ? rest[0] : null;
}

/** The rules inside the server and the client: service domains, services below routes, stores below components. */
function domainViolationsOf(edge: ImportEdge): string[] {
  const messages: string[] = [];
  const from = serviceDomainOf(edge.from);
  const to = serviceDomainOf(edge.to);
  if (from && to && from !== to && !SERVICE_DOMAINS[from]?.includes(to)) {
    messages.push(`services/${from} may import only the domains below it (${SERVICE_DOMAINS[from]?.join(', ') || 'none'})`);
  }
  if (edge.from.startsWith(SERVICES) && edge.to.startsWith('server/routes/')) messages.push('a service never imports a route');
  if (CROSS_DOMAIN_FOLDERS.test(edge.from) && to) messages.push('server/presenters/ and server/policies/ serve every domain and import none');
  if (edge.from.startsWith('client/stores/') && (/^client\/(components|routes)\//.test(edge.to) || edge.to.endsWith('.tsx'))) {
    messages.push('client stores never import components, routes or .tsx');
  }
  return messages;
}

/** The loops of a graph (file -> the files it imports): each as its files, sorted. */
function loopsOf(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return loops;
}

/** The loops of runtime imports (type-only ones left out) among `files`. */
function runtimeLoops(files: string[]): string[][] {
  return loopsOf(new Map(files.map((file) => [file, edgesOf(file).filter((edge) => !edge.typeOnly).map((edge) => edge.to)])));
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
  const add = (specifier: string, names: string[], typeOnly = false) => {
    if (specifier.startsWith('.')) edges.push({ from: file, to: resolveSpecifier(file, specifier), names, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      let everyNameIsType = false;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
        everyNameIsType = bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
      }
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const declaredType = ts.isImportDeclaration(node) ? Boolean(clause?.isTypeOnly) : node.isTypeOnly;
      add(node.moduleSpecifier.text, names, declaredType || (everyNameIsType && !clause?.name));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) add(expression.text, []);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isDynamicImport || isRequire) add(node.arguments[0].text, []);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, [], true);
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
    // Service domains import only those below them; services never import routes.
    expect(edge('server/services/planning/cycle.ts', 'server/services/work-items/issue-read.ts')).toEqual([]);
    expect(edge('server/services/work-items/issue-read.ts', 'server/services/planning/cycle.ts')).not.toEqual([]);
    expect(edge('server/services/ops/instance.ts', 'server/services/accounts/user.ts')).not.toEqual([]);
    expect(edge('server/services/integrations/export.ts', 'server/services/inbox/notification.ts')).toEqual([]);
    expect(edge('server/services/pages/page.ts', 'server/routes/pages.ts')).not.toEqual([]);
    expect(edge('server/services/pages/page.test.ts', 'server/services/integrations/export.ts')).toEqual([]);
    expect(edge('server/services/planning/cycle.ts', 'server/presenters/dates.ts')).toEqual([]);
    expect(edge('server/presenters/dates.ts', 'server/services/work-items/presenters/issue.ts')).not.toEqual([]);
    expect(edge('server/policies/row-access.ts', 'server/services/accounts/policies/workspace-member.ts')).not.toEqual([]);
    // Client stores sit below components and routes.
    expect(edge('client/stores/issue-store.ts', 'client/components/issues/issue-row.tsx')).not.toEqual([]);
    expect(edge('client/stores/issue-store.ts', 'client/routes/router.tsx')).not.toEqual([]);
    expect(edge('client/stores/issue-store.ts', 'client/api/http.ts')).toEqual([]);
    expect(edge('client/components/issues/issue-row.tsx', 'client/stores/issue-store.ts')).toEqual([]);
  });

  test('the service domains form no loop, and every service lives in a domain', () => {
    const lowerThan = (domain: string, seen = new Set<string>()): Set<string> => {
      for (const below of SERVICE_DOMAINS[domain]) if (!seen.has(below)) lowerThan(below, seen.add(below));
      return seen;
    };
    for (const domain of Object.keys(SERVICE_DOMAINS)) expect(lowerThan(domain).has(domain), domain).toBe(false);
    const services = listSources(ROOT).filter((file) => file.startsWith(SERVICES) && !isTestFile(file));
    expect(services.length).toBeGreaterThan(90);
    expect(services.filter((file) => !(serviceDomainOf(file)! in SERVICE_DOMAINS))).toEqual([]);
  });

  test('presenters and policies live in their domain, but for the few every domain shares', () => {
    const inFolder = (file: string) => /^server\/(.+\/)?(presenters|policies)\//.test(file);
    const server = listSources(ROOT).filter((file) => file.startsWith('server/') && !isTestFile(file));
    expect(server.filter((file) => inFolder(file) && serviceDomainOf(file)).length).toBeGreaterThan(30);
    expect(server.filter((file) => inFolder(file) && !serviceDomainOf(file)).sort()).toEqual(CROSS_DOMAIN);
  });

  test('no runtime import loop among the server\'s files', () => {
    const loops = runtimeLoops(listSources(ROOT).filter((file) => file.startsWith('server/') && !isTestFile(file)));
    expect(loops).toEqual([]);
    // The search finds a loop where there is one, and only that one.
    expect(loopsOf(new Map([['a', ['b']], ['b', ['c', 'a']], ['c', []], ['d', ['a']]]))).toEqual([['a', 'b']]);
    expect(edgesOf('server/services/work-items/issue.ts').find((edge) => edge.to === 'server/actor.ts')?.typeOnly).toBe(true);
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

// One design system (issue #25 item 5): a screen's button is client/ui's Button, not a <button>
// dressed in the design system's classes by hand, so a variant or the busy state changes in one place.
describe('design system', () => {
  test('no <button> outside client/ui/ styles itself with the .btn classes', () => {
    const rawButton = /<button\b[^>]*\bclassName=["'{`][^>]*\bbtn\b/;
    const offenders = listSources(ROOT)
      .filter((file) => isProduction(file) && file.startsWith('client/') && !file.startsWith('client/ui/'))
      .filter((file) => rawButton.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

// Store types inferred from shared/schemas (issue #25 item 5): a store keeps a row as the server
// sends it, so its type is the wire type client/api/types.ts infers from the route's response
// schema (narrowed or made partial where a live or optimistic row carries less), never a copy
// written by hand that drifts from what the server sends.
describe('client wire types', () => {
  const WIRE_TYPES = 'client/api/types.ts';
  /**
   * Hand-written wire shapes not yet replaced, as `file: Name`. A ratchet like KNOWN_VIOLATIONS: a
   * new one fails, and so does an entry that no longer exists. RelationRow stays: the store makes
   * it (one row per relation of an issue), the server never sends it.
   */
  const KNOWN_HAND_WRITTEN = new Set<string>([
    'client/stores/issue-children.ts: RelationRow',
  ]);

  /** The names client/api/types.ts exports. */
  function wireTypeNames(): Set<string> {
    const source = ts.createSourceFile(WIRE_TYPES, readFileSync(path.join(ROOT, WIRE_TYPES), 'utf8'), ts.ScriptTarget.Latest, false);
    const names = new Set<string>();
    for (const node of source.statements) {
      if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) for (const element of node.exportClause.elements) names.add(element.name.text);
      else if ((ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) names.add(node.name.text);
    }
    return names;
  }

  /**
   * The types a file declares by hand as wire shapes: an interface or object type with an `id` (a
   * row) or `results` (a page of rows), or one named as a wire type and not built from api/types.
   */
  function handWrittenWireTypes(file: string, wireNames: Set<string>): string[] {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const fromWire = new Set<string>();
    for (const node of source.statements) {
      const bindings = ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.endsWith('api/types') ? node.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) fromWire.add(element.name.text);
    }
    const refersToWire = (node: ts.Node): boolean =>
      (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && fromWire.has(node.typeName.text)) || Boolean(ts.forEachChild(node, (child) => refersToWire(child) || undefined));
    const isRowShape = (members: ts.NodeArray<ts.TypeElement>) => members.some((member) => member.name && ts.isIdentifier(member.name) && ['id', 'results'].includes(member.name.text));
    const found: string[] = [];
    for (const node of source.statements) {
      if (ts.isInterfaceDeclaration(node) && (isRowShape(node.members) || wireNames.has(node.name.text))) found.push(node.name.text);
      else if (ts.isTypeAliasDeclaration(node)) {
        const literal = ts.isTypeLiteralNode(node.type) && isRowShape(node.type.members);
        if (literal || (wireNames.has(node.name.text) && !refersToWire(node.type))) found.push(node.name.text);
      }
    }
    return found;
  }

  test('the rule finds a hand-written row and lets a type built from the wire type pass', () => {
    const names = wireTypeNames();
    expect(names.has('Project')).toBe(true);
    expect(handWrittenWireTypes('client/stores/issue-children.ts', names)).toContain('RelationRow');
    expect(handWrittenWireTypes('client/stores/label-store.ts', names)).toEqual([]);
  });

  test('stores declare no wire type by hand', () => {
    const names = wireTypeNames();
    const found = listSources(ROOT)
      .filter((file) => file.startsWith('client/stores/') && isProduction(file))
      .flatMap((file) => handWrittenWireTypes(file, names).map((name) => `${file}: ${name}`));
    const failures = found.filter((entry) => !KNOWN_HAND_WRITTEN.has(entry));
    for (const entry of KNOWN_HAND_WRITTEN) if (!found.includes(entry)) failures.push(`${entry} is gone: remove it from KNOWN_HAND_WRITTEN`);
    expect(failures).toEqual([]);
  });
});

// One way to read on the client (issue #25 item 5): a screen's data comes from its route loader,
// anything else from useResource (client/api/use-resource.ts), so loading, error and retry behave
// the same everywhere. A component may still write through api/http in its handlers.
describe('client reads', () => {
  /** Effects that GET for a reason useResource does not cover: search as one types (debounced, aborted per keystroke). */
  const EFFECT_READS = new Set<string>(['client/components/issues/use-issue-search.ts']);

  /** True when a `useEffect(...)` of the file calls `http.get`. */
  function readsInEffect(file: string): boolean {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): boolean => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useEffect' && /\bhttp\s*\.\s*get\b/.test(node.arguments[0]?.getText(source) ?? '')) return true;
      return Boolean(ts.forEachChild(node, (child) => visit(child) || undefined));
    };
    return visit(source);
  }

  test('no component or route GETs in an effect', () => {
    const offenders = listSources(ROOT)
      .filter((file) => isProduction(file) && /^client\/(components|routes)\//.test(file))
      .filter((file) => readsInEffect(file));
    expect(offenders.sort()).toEqual([...EFFECT_READS].sort());
  });

  /**
   * Store reads an effect may still start, as `file: function`, each because it reacts to live
   * state rather than reading what a screen or widget shows (the comment at the call says more).
   */
  const EFFECT_STORE_READS: Record<string, string> = {
    'client/components/issues/issue-detail.tsx: refreshIssueSubscribed':
      'my own change subscribes me on the server and no live change says so: the flag is re-read after the issue moves under my hand',
  };

  /** A store's read: fetchX, loadX, refreshX, ensureX imported from client/stores/ or client/api/. */
  const STORE_READ = /^(fetch|load|refresh|ensure)[A-Z]/;

  /** The store reads (`file: function`) the file's `useEffect`/`useLayoutEffect` callbacks call. */
  function storeReadsInEffects(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const reads = new Set<string>();
    for (const node of source.statements) {
      const bindings = ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /\/(stores|api)\//.test(node.moduleSpecifier.text) ? node.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (STORE_READ.test(element.name.text)) reads.add(element.name.text);
    }
    const found = new Set<string>();
    const callsIn = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && reads.has(node.text)) found.add(`${file}: ${node.text}`);
      ts.forEachChild(node, callsIn);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^use(Layout)?Effect$/.test(node.expression.text) && node.arguments[0]) callsIn(node.arguments[0]);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return [...found];
  }

  test('the rule finds a store read started in an effect, and lets one through useResource pass', () => {
    const file = 'client/components/example.tsx';
    const inEffect = "import { fetchProjects } from '../stores/project-store';\nuseEffect(() => {\n  void toastOnFailure(fetchProjects(slug));\n}, [slug]);";
    const throughResource = "import { fetchProjects } from '../stores/project-store';\nuseResource(slug, () => fetchProjects(slug));\nuseEffect(() => setOpen(false), [slug]);";
    const local = "import { fetchProjects } from '../stores/project-store';\nconst fetchLater = () => 1;\nuseEffect(() => void fetchLater(), []);";
    expect(storeReadsInEffects(file, inEffect)).toEqual([`${file}: fetchProjects`]);
    expect(storeReadsInEffects(file, throughResource)).toEqual([]);
    expect(storeReadsInEffects(file, local)).toEqual([]);
  });

  // The third way of reading (issue #25 item 5): an effect that starts a store's fetch on mount
  // bypasses the route loader and useResource, so its loading, error and retry are its own.
  // client/editor/ is searched too: the page screen lives there.
  test('no component or route starts a store read in an effect', () => {
    const found = listSources(ROOT)
      .filter((file) => isProduction(file) && /^client\/(components|routes|editor)\//.test(file))
      .flatMap((file) => storeReadsInEffects(file));
    const failures = found.filter((entry) => !(entry in EFFECT_STORE_READS));
    for (const entry of Object.keys(EFFECT_STORE_READS)) if (!found.includes(entry)) failures.push(`${entry} is gone: remove it from EFFECT_STORE_READS`);
    expect(failures).toEqual([]);
  });
});
