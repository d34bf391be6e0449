// Home dashboards and their widgets.
import { boolean, doublePrecision, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, authorshipIndexes, cascadeRef, id } from './columns';
import { users } from './user';
import { workspaces } from './workspace';

export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    ownedById: cascadeRef(() => users.id),
    name: text().notNull(),
    descriptionHtml: text().notNull().default('<p></p>'),
    identifier: uuid(),
    isDefault: boolean().notNull().default(false),
    typeIdentifier: text().notNull().default('home'),
    logoProps: jsonb().notNull().default({}),
    ...audit,
  },
  (t) => [index().on(t.workspaceId), index().on(t.ownedById), index().on(t.typeIdentifier), ...authorshipIndexes(t)],
);

export const widgets = pgTable(
  'widgets',
  {
    id: id(),
    key: text().notNull(),
    filters: jsonb().notNull().default({}),
    isVisible: boolean().notNull().default(true),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.key), ...authorshipIndexes(t)],
);

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    dashboardId: cascadeRef(() => dashboards.id),
    widgetId: cascadeRef(() => widgets.id),
    isVisible: boolean().notNull().default(true),
    sortOrder: doublePrecision().notNull().default(65535),
    filters: jsonb().notNull().default({}),
    properties: jsonb().notNull().default({}),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.dashboardId, t.widgetId), index().on(t.widgetId), ...authorshipIndexes(t)],
);

export type Dashboard = typeof dashboards.$inferSelect;
export type Widget = typeof widgets.$inferSelect;
export type DashboardWidget = typeof dashboardWidgets.$inferSelect;
