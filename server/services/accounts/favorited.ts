// Which of some entities a user favourited: the flag every project, module, page and view read
// carries (`is_favorite`). One statement for all of them, built once, with the ids as one array.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { anyOfSlot, reusableStatement } from '../../../db/reusable-statement';
import { favorites } from '../../../db/schema/index';

const favoritedAmongStatement = reusableStatement((db) =>
  db
    .select({ id: favorites.entityIdentifier })
    .from(favorites)
    .where(and(eq(favorites.entityType, sql.placeholder('entityType')), eq(favorites.userId, sql.placeholder('userId')), anyOfSlot(favorites.entityIdentifier, 'ids')))
    .prepare('favorited_among'),
);

/** The ids among `ids` (of `entityType`: project, module, page, view…) that `userId` favourited. */
export async function favoritedAmong(db: Db, userId: string, entityType: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await favoritedAmongStatement(db, { entityType, userId, ids });
  return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
}
