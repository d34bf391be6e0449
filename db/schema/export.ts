// History of issue exports (CSV/JSON/XLSX) requested in a workspace.
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, authorshipIndexes, cascadeRef, id } from './columns';
import { users } from './user';
import { workspaces } from './workspace';

export const exporterHistory = pgTable(
  'exporter_history',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    projectIds: jsonb().notNull().default([]),
    provider: text().notNull(),
    /** 'queued' | 'processing' | 'completed' | 'failed' | 'expired' (shared/schemas/export.ts ExportStatus). */
    status: text().notNull().default('queued'),
    /** Progress while processing: issues written so far out of `totalCount` (counted when the job starts). */
    exportedCount: integer().notNull().default(0),
    totalCount: integer().notNull().default(0),
    reason: text().notNull().default(''),
    url: text(),
    /** Storage key of the finished file (server/storage); '' until completed. */
    key: text().notNull().default(''),
    token: text().notNull(),
    initiatedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...audit,
  },
  (t) => [index().on(t.workspaceId, t.createdAt), index().on(t.initiatedById), index().on(t.token), ...authorshipIndexes(t)],
);

export type ExporterHistory = typeof exporterHistory.$inferSelect;
