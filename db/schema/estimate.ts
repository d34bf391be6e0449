// Estimate systems of a project (points, categories, time) and their ordered points.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditAndSoftDeleteIndexes, cascadeRef, id, syncedEntity } from './columns';
import { projectScopeColumns, projectScopeIndexes } from './project-scope';

export const estimates = pgTable(
  'estimates',
  {
    id: id(),
    ...projectScopeColumns(),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text().notNull().default('categories'),
    lastUsed: boolean().notNull().default(false),
    ...syncedEntity,
  },
  (t) => [...projectScopeIndexes(t), ...auditAndSoftDeleteIndexes(t)],
);

export const estimatePoints = pgTable(
  'estimate_points',
  {
    id: id(),
    estimateId: cascadeRef(() => estimates.id),
    ...projectScopeColumns(),
    key: integer().notNull().default(0),
    value: text().notNull(),
    description: text().notNull().default(''),
    ...syncedEntity,
  },
  (t) => [
    index().on(t.estimateId),
    ...projectScopeIndexes(t),
    ...auditAndSoftDeleteIndexes(t),
  ],
);

export type Estimate = typeof estimates.$inferSelect;
export type EstimatePoint = typeof estimatePoints.$inferSelect;
