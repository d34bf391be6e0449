// Saved issue views: project views (projectId set) and workspace-wide (global) views.
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditAndSoftDeleteIndexes, cascadeRef, id, savedFilterColumns, syncedEntity, timestampTz } from './columns';
import { projects } from './project';
import { users } from './user';
import { workspaces } from './workspace';
import { ViewAccess } from '../../shared/visibility';

export const views = pgTable(
  'views',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    /** Null for a workspace (global) view. */
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    query: jsonb().notNull().default({}),
    ...savedFilterColumns(),
    access: integer().notNull().default(ViewAccess.PUBLIC),
    isLocked: boolean().notNull().default(false),
    ownedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    sortOrder: doublePrecision().notNull().default(65535),
    logoProps: jsonb().notNull().default({}),
    anchor: text(),
    archivedAt: timestampTz(),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.workspaceId),
    index().on(t.projectId),
    index().on(t.ownedById),
    index().on(t.access),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export type View = typeof views.$inferSelect;
export type NewView = typeof views.$inferInsert;
