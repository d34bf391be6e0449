// Tiny input guards shared by plugins and routes.
import { InvalidPaginationError, resolvePagination, type Pagination } from '../shared/cursor';
import { BadRequestError } from './errors';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** True when any string inside the value contains a NUL character (Postgres rejects them). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (a page's Yjs update) are bytes, not text: NUL is legitimate there.
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
  }
  return false;
}

/**
 * The first place in a parsed request part (body, query) holding text that is not valid Unicode — a
 * lone UTF-16 surrogate, which JSON can carry (`"\ud800"`) but Postgres text and jsonb cannot (it
 * would be stored as "\ufffd" or refused with a 500): the top-level field it sits under, or `''` when
 * a top-level key itself is ill-formed. Null when all text is well formed.
 */
export function findIllFormedText(value: unknown): string | null {
  if (typeof value === 'string') return isWellFormed(value) ? null : '';
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormed(key)) return '';
    if (!isWellFormedDeep(item, 1)) return Array.isArray(value) ? '' : key;
  }
  return null;
}

/** In a `u` regex a surrogate pair is one code point; only a lone surrogate is category Cs (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /\p{Cs}/u;
function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

function isWellFormedDeep(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  // Raw bodies (a page's Yjs update) are bytes, not text; nesting beyond 64 levels is left to zod.
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 64) return true;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormed(key) || !isWellFormedDeep(item, depth + 1)) return false;
  }
  return true;
}

/** The request body as a plain field map (empty for a missing or non-object body). */
export function bodyFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Resolves `per_page` and `cursor` (shared/cursor.ts) for a service.
 * @throws BadRequestError `{"error": "Invalid cursor parameter."}` (or the per_page message).
 */
export function resolvePageOrBadRequest(query: { per_page?: string | null; cursor?: string | null }): Pagination {
  try {
    return resolvePagination(query);
  } catch (error) {
    if (error instanceof InvalidPaginationError) throw new BadRequestError(error.message);
    throw error;
  }
}
