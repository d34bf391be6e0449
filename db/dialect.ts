// The SQL dialect our drizzle databases are opened with (snake_case names), for code that renders
// statements itself: the pool's prepared path (db/client.ts), our write transactions
// (db/transaction.ts) and fragments rendered once.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

export const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * `build()`'s fragment rendered to its text on first use, then spliced as that text: drizzle renders
 * a statement by walking every chunk of every fragment and checking each one's class, and a long
 * fragment that never changes paid that on every request (an issue list item's JSON expression was
 * a third of a list statement's rendering). Only for fragments without values: a value in one would
 * be frozen into the text, so that throws.
 */
export function renderedOnce(build: () => SQL): () => SQL {
  let rendered: SQL | null = null;
  return () => {
    if (rendered) return rendered;
    const query = dialect.sqlToQuery(build());
    if (query.params.length > 0) throw new Error(`renderedOnce: the fragment holds ${query.params.length} value(s); pass them as parameters`);
    rendered = sql.raw(query.sql);
    return rendered;
  };
}
