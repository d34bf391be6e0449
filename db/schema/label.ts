// Labels: project labels (projectId set) or workspace-wide ones, optionally nested under a parent label.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditAndSoftDeleteIndexes, cascadeRef, id, importedFrom, syncedEntity } from './columns';
import { projects } from './project';
import { workspaces } from './workspace';

export const labels = pgTable(
  'labels',
  {
    id: id(),
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    workspaceId: cascadeRef(() => workspaces.id),
    parentId: uuid().references((): AnyPgColumn => labels.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    color: text().notNull().default(''),
    sortOrder: doublePrecision().notNull().default(65535),
    ...importedFrom,
    ...syncedEntity,
  },
  (t) => [
    // Names are unique per project regardless of case ("Bug" and "bug" are one label); migration
    // 0005 renamed existing duplicates before this replaced the case-sensitive index.
    uniqueIndex('labels_project_id_lower_name_index').on(t.projectId, sql`lower(${t.name})`).where(sql`deleted_at is null and project_id is not null`),
    index().on(t.workspaceId),
    index().on(t.parentId),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export type Label = typeof labels.$inferSelect;
export type NewLabel = typeof labels.$inferInsert;
