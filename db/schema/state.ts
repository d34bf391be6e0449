// Workflow states of a project (backlog, unstarted, started, completed, cancelled, triage groups).
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditAndSoftDeleteIndexes, id, importedFrom, syncedEntity } from './columns';
import { projectScopeColumns } from './project-scope';

export const states = pgTable(
  'states',
  {
    id: id(),
    ...projectScopeColumns(),
    name: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull(),
    slug: text().notNull().default(''),
    sequence: doublePrecision().notNull().default(65535),
    group: text().notNull().default('backlog'),
    isTriage: boolean().notNull().default(false),
    /** The API's `default` field. */
    isDefault: boolean().notNull().default(false),
    ...importedFrom,
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.name).where(sql`deleted_at is null`),
    index().on(t.workspaceId),
    index().on(t.group),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export type State = typeof states.$inferSelect;
export type NewState = typeof states.$inferInsert;
