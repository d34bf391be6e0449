// A list page's statement, rendered once per fingerprint of what it is built from. Building the
// statement (the scope, the filters, the page's window) and rendering it to text cost a list
// request ~0.2 ms of the server's CPU — more than all its HTTP and JSON work — every time, although
// everyone on a project asks for the same few pages with the same few filters. The fingerprint is
// exact: the scope's fragments as they render (their text and values) and the parsed request, which
// is plain data; a statement is a function of these alone (list-issues.ts builds it from nothing else).
import { is, SQL } from 'drizzle-orm';
import type { RenderedStatement } from '../../db/client';
import { dialect } from '../../db/dialect';
import type { ListScope } from './list-issues';
import type { ListRequest } from './params';

/** How many rendered statements are kept (least recently used dropped first); a few KB each. */
export const RENDERED_LISTS_KEPT = 256;

const kept = new Map<string, RenderedStatement>();

/**
 * The rendered statement of `build(scope, request)` — `kind` names the builder — from the cache
 * when the same inputs were seen.
 */
export function renderedListStatement(kind: 'ungrouped' | 'grouped', build: (scope: ListScope, request: ListRequest) => SQL, scope: ListScope, request: ListRequest): RenderedStatement {
  const key = JSON.stringify([kind, asData(scope), request]);
  const found = kept.get(key);
  if (found) {
    // Most recently used last: Map keeps insertion order.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const rendered = dialect.sqlToQuery(build(scope, request));
  kept.set(key, rendered);
  if (kept.size > RENDERED_LISTS_KEPT) kept.delete(kept.keys().next().value!);
  return rendered;
}

/** The scope as plain data: every field, with each SQL fragment as its rendered text and values. */
function asData(value: unknown): unknown {
  if (is(value, SQL)) return dialect.sqlToQuery(value);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, asData(field)]));
}
