// What a database error means for the caller, for both drivers (postgres-js and PGlite), so the
// error plugin can answer bad input that slipped past validation with a 400 and an unreachable
// database with a 503 instead of a 500. Drizzle wraps driver errors (DrizzleQueryError.cause), so
// the chain of causes is searched.

/** `bad-input`: the data broke a constraint or a type; `unavailable`: the database cannot be reached. */
export type DatabaseFailure = 'bad-input' | 'conflict' | 'unavailable';

/**
 * SQLSTATEs a request's own data causes: foreign key (23503), check (23514), not null (23502),
 * invalid text representation (22P02), too long (22001), numeric out of range (22003), bad datetime
 * (22007, 22008), untranslatable or invalid character (22P05, 22021), invalid JSON (22032),
 * exclusion (23P01), an index row or value too large (54000).
 */
const BAD_INPUT_CODES = new Set(['23503', '23514', '23502', '22P02', '22001', '22003', '22007', '22008', '22P05', '22021', '22032', '23P01', '54000']);

/** postgres-js and Node socket errors that mean "no connection", whatever the query was. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // Server side: shutdown (57P01-57P03), too many connections (53300), database gone (3D000).
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
]);

/** Classifies a thrown error, or null when it is not a database error we can name. */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, severity, message } = current as { code?: unknown; severity?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (BAD_INPUT_CODES.has(code)) return 'bad-input';
      if (code === '23505') return 'conflict';
      // Class 08: connection exception. A FATAL error ends the session (e.g. "database is not
      // currently accepting connections", 55000 at connect time).
      if (CONNECTION_CODES.has(code) || code.startsWith('08') || severity === 'FATAL' || severity === 'PANIC') return 'unavailable';
    }
    // PGlite after close(): a plain Error, no code.
    if (typeof message === 'string' && message === 'PGlite is closed') return 'unavailable';
    // AggregateError (a dual-stack connect refused on ::1 and 127.0.0.1) keeps its parts in `errors`.
    const parts = (current as { errors?: unknown }).errors;
    if (Array.isArray(parts) && parts.length > 0 && parts.every((part) => classifyDatabaseError(part) === 'unavailable')) return 'unavailable';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
