// Pages (collaborative documents): the page row, its projects and labels, saved versions and the Yjs update log.
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, bytea, cascadeRef, id, importedFrom, softDelete, syncedEntity, timestampTz, tsvector } from './columns';
import { labels } from './label';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';
import { users } from './user';
import { workspaces } from './workspace';
import { PageAccess } from '../../shared/visibility';

export const pages = pgTable(
  'pages',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    name: text().notNull().default(''),
    /** Compacted Yjs state; the source of truth for the body (html/stripped are derived from it). */
    descriptionBinary: bytea(),
    descriptionHtml: text().notNull().default('<p></p>'),
    descriptionStripped: text(),
    descriptionJson: jsonb().notNull().default({}),
    ownedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    access: integer().notNull().default(PageAccess.PUBLIC),
    color: text().notNull().default(''),
    parentId: uuid().references((): AnyPgColumn => pages.id, { onDelete: 'cascade' }),
    archivedAt: timestampTz(),
    isLocked: boolean().notNull().default(false),
    viewProps: jsonb().notNull().default({}),
    logoProps: jsonb().notNull().default({}),
    isGlobal: boolean().notNull().default(false),
    sortOrder: doublePrecision().notNull().default(65535),
    ...importedFrom,
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(description_stripped, ''))`,
    ),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.workspaceId),
    index().on(t.ownedById),
    index().on(t.parentId),
    index().on(t.access),
    index().on(t.archivedAt),
    index().on(t.deletedAt),
    index().using('gin', t.searchVector),
    ...authorshipIndexes(t),
  ],
);

export const pageProjects = pgTable(
  'page_projects',
  {
    id: id(),
    pageId: cascadeRef(() => pages.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.pageId, t.projectId).where(sql`deleted_at is null`),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const pageLabels = pgTable(
  'page_labels',
  {
    id: id(),
    pageId: cascadeRef(() => pages.id),
    labelId: cascadeRef(() => labels.id),
    workspaceId: cascadeRef(() => workspaces.id),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.pageId, t.labelId).where(sql`deleted_at is null`),
    index().on(t.labelId),
    index().on(t.workspaceId),
    ...authorshipIndexes(t),
  ],
);

export const pageVersions = pgTable(
  'page_versions',
  {
    id: id(),
    pageId: cascadeRef(() => pages.id),
    workspaceId: cascadeRef(() => workspaces.id),
    ownedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    lastSavedAt: timestampTz().notNull().defaultNow(),
    descriptionBinary: bytea(),
    descriptionHtml: text().notNull().default('<p></p>'),
    descriptionStripped: text(),
    descriptionJson: jsonb().notNull().default({}),
    ...audit,
  },
  (t) => [
    index().on(t.pageId, t.lastSavedAt),
    index().on(t.workspaceId),
    index().on(t.ownedById),
    ...authorshipIndexes(t),
  ],
);

/** Durable Yjs update log, appended before Hocuspocus' debounced store; compacted into pages.descriptionBinary. */
export const pageUpdates = pgTable(
  'page_updates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: cascadeRef(() => pages.id),
    update: bytea().notNull(),
    createdAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [index().on(t.pageId, t.id)],
);

export type Page = typeof pages.$inferSelect;
export type NewPage = typeof pages.$inferInsert;
export type PageProject = typeof pageProjects.$inferSelect;
export type PageLabel = typeof pageLabels.$inferSelect;
export type PageVersion = typeof pageVersions.$inferSelect;
export type PageUpdate = typeof pageUpdates.$inferSelect;
