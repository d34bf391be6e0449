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
