// Modules (feature-sized groups of issues): members, issues, links and per-user module view settings.
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, cascadeRef, id, importedFrom, savedFilterColumns, softDelete, syncedEntity, timestampTz } from './columns';
import { issues } from './issue';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';
import { users } from './user';

const live = sql`deleted_at is null`;

export const modules = pgTable(
  'modules',
  {
    id: id(),
    ...projectScopeColumns(),
    name: text().notNull(),
    description: text().notNull().default(''),
    descriptionHtml: text().notNull().default('<p></p>'),
    startDate: date({ mode: 'string' }),
    targetDate: date({ mode: 'string' }),
    status: text().notNull().default('planned'),
    leadId: uuid().references(() => users.id, { onDelete: 'set null' }),
    sortOrder: doublePrecision().notNull().default(65535),
    viewProps: jsonb().notNull().default({}),
    logoProps: jsonb().notNull().default({}),
    archivedAt: timestampTz(),
    ...importedFrom,
    ...syncedEntity,
  },
  (t) => [
    uniqueIndex().on(t.projectId, t.name).where(live),
    index().on(t.workspaceId),
    index().on(t.leadId),
    index().on(t.status),
    index().on(t.archivedAt),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const moduleMembers = pgTable(
  'module_members',
  {
    id: id(),
    moduleId: cascadeRef(() => modules.id),
    memberId: cascadeRef(() => users.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.moduleId, t.memberId).where(live),
    index().on(t.memberId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const moduleIssues = pgTable(
  'module_issues',
  {
    id: id(),
    moduleId: cascadeRef(() => modules.id),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    uniqueIndex().on(t.moduleId, t.issueId).where(live),
    index().on(t.issueId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const moduleLinks = pgTable(
  'module_links',
  {
    id: id(),
    moduleId: cascadeRef(() => modules.id),
    title: text(),
    url: text().notNull(),
    metadata: jsonb().notNull().default({}),
    ...projectScopeColumns(),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.moduleId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const moduleUserProperties = pgTable(
  'module_user_properties',
  {
    id: id(),
    moduleId: cascadeRef(() => modules.id),
    ...projectScopeColumns(),
    userId: cascadeRef(() => users.id),
    ...savedFilterColumns(),
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.moduleId, t.userId),
    ...projectScopeIndexes(t),
    index().on(t.userId),
    ...authorshipIndexes(t),
  ],
);

export type Module = typeof modules.$inferSelect;
export type NewModule = typeof modules.$inferInsert;
export type ModuleMember = typeof moduleMembers.$inferSelect;
export type ModuleIssue = typeof moduleIssues.$inferSelect;
export type ModuleLink = typeof moduleLinks.$inferSelect;
export type ModuleUserProperty = typeof moduleUserProperties.$inferSelect;
