// Saved analytic views of a workspace (reference §8.2 `analytic-view/`): a named chart query —
// `query_dict` holds x_axis, y_axis, segment and any legacy issue filters (project, …) as sent.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { audit, auditAndSoftDeleteIndexes, cascadeRef, id, softDelete } from './columns';
import { workspaces } from './workspace';

export const analyticViews = pgTable(
  'analytic_views',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** The issue filters of `queryDict` (derived on every save, as in the reference). */
    query: jsonb().notNull().default({}),
    queryDict: jsonb().notNull().default({}),
    ...audit,
    ...softDelete,
  },
  (t) => [index().on(t.workspaceId), ...auditAndSoftDeleteIndexes(t)],
);

export type AnalyticView = typeof analyticViews.$inferSelect;
