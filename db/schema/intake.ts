// Intake: a project's triage inbox and the issues submitted to it (pending, accepted, declined, snoozed, duplicate).
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, cascadeRef, id, importedFrom, softDelete, syncedEntity, timestampTz } from './columns';
import { issues } from './issue';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';

export const intakes = pgTable(
  'intakes',
  {
    id: id(),
    ...projectScopeColumns(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    viewProps: jsonb().notNull().default({}),
    logoProps: jsonb().notNull().default({}),
    ...audit,
    ...softDelete,
  },
  (t) => [...projectScopeIndexes(t), ...auditAndSoftDeleteIndexes(t)],
);

export const intakeIssues = pgTable(
  'intake_issues',
  {
    id: id(),
    intakeId: cascadeRef(() => intakes.id),
    issueId: cascadeRef(() => issues.id),
    ...projectScopeColumns(),
    /** -2 pending, -1 declined, 0 snoozed, 1 accepted, 2 duplicate. */
    status: integer().notNull().default(-2),
    snoozedTill: timestampTz(),
    duplicateToId: uuid().references(() => issues.id, { onDelete: 'set null' }),
    source: text().notNull().default('IN_APP'),
    sourceEmail: text(),
    ...importedFrom,
    extra: jsonb().notNull().default({}),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.intakeId),
    index().on(t.issueId),
    ...projectScopeIndexes(t),
    index().on(t.status),
    index().on(t.duplicateToId),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export type Intake = typeof intakes.$inferSelect;
export type IntakeIssue = typeof intakeIssues.$inferSelect;
export type NewIntakeIssue = typeof intakeIssues.$inferInsert;
