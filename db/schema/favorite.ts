// A user's favorites (projects, cycles, modules, views, pages) and the folders that group them.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, authorshipIndexes, cascadeRef, id, version } from './columns';
import { projects } from './project';
import { users } from './user';
import { workspaces } from './workspace';

export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    userId: cascadeRef(() => users.id),
    entityType: text().notNull(),
    /** The favorited row's id; null for a folder. No FK: it points into one of several tables. */
    entityIdentifier: uuid(),
    name: text(),
    isFolder: boolean().notNull().default(false),
    sequence: doublePrecision().notNull().default(65535),
    parentId: uuid().references((): AnyPgColumn => favorites.id, { onDelete: 'cascade' }),
    version,
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.entityType, t.entityIdentifier, t.userId).where(sql`entity_identifier is not null`),
    index().on(t.workspaceId, t.userId),
    index().on(t.projectId),
    index().on(t.userId),
    index().on(t.entityIdentifier),
    index().on(t.parentId),
    ...authorshipIndexes(t),
  ],
);

export type Favorite = typeof favorites.$inferSelect;
export type NewFavorite = typeof favorites.$inferInsert;
