// Rows and values as both drivers hand them over. postgres.js returns a statement's rows as an
// array and a json column as its text; PGlite returns `{ rows }` and the json already parsed. Code
// that runs raw SQL on a Db (the server's pool, a transaction, PGlite) reads through these two.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL in a db or transaction and returns plain rows on both drivers. */
export async function executeRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown;
  return Array.isArray(result) ? (Array.from(result) as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** A json column's value on both drivers: PGlite hands it over parsed, postgres.js as text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
