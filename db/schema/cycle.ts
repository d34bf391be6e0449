// Cycles (time-boxed iterations), the issues in them and per-user cycle view settings.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, authorshipIndexes, cascadeRef, id, importedFrom, savedFilterColumns, softDelete, syncedEntity, timestampTz } from './columns';
import { issues } from './issue';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';
import { users } from './user';

export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    ...projectScopeColumns(),
    name: text().notNull(),
    description: text().notNull().default(''),
    startDate: timestampTz(),
    endDate: timestampTz(),
    ownedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    sortOrder: doublePrecision().notNull().default(65535),
    viewProps: jsonb().notNull().default({}),
    logoProps: jsonb().notNull().default({}),
    progressSnapshot: jsonb().notNull().default({}),
    archivedAt: timestampTz(),
    timezone: text().notNull().default('UTC'),
    ...importedFrom,
    ...syncedEntity,
  },
  (t) => [
    ...projectScopeIndexes(t),
    index().on(t.ownedById),
    index().on(t.startDate),
    index().on(t.endDate),
    index().on(t.archivedAt),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const cycleIssues = pgTable(
  'cycle_issues',
  {
    id: id(),
    cycleId: cascadeRef(() => cycles.id),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    ...audit,
    ...softDelete,
  },
  (t) => [
    // An issue is in at most one (live) cycle.
    uniqueIndex().on(t.issueId).where(sql`deleted_at is null`),
    index().on(t.cycleId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export const cycleUserProperties = pgTable(
  'cycle_user_properties',
  {
    id: id(),
    cycleId: cascadeRef(() => cycles.id),
    ...projectScopeColumns(),
    userId: cascadeRef(() => users.id),
    ...savedFilterColumns(),
    ...audit,
  },
  (t) => [
    uniqueIndex().on(t.cycleId, t.userId),
    ...projectScopeIndexes(t),
    index().on(t.userId),
    ...authorshipIndexes(t),
  ],
);

export type Cycle = typeof cycles.$inferSelect;
export type NewCycle = typeof cycles.$inferInsert;
export type CycleIssue = typeof cycleIssues.$inferSelect;
export type CycleUserProperty = typeof cycleUserProperties.$inferSelect;
