// In-app notifications, one row per receiver.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { authorship, authorshipIndexes, id, softDelete, timestamps, timestampTz, version } from './columns';
import { projects } from './project';
import { users } from './user';
import { workspaces } from './workspace';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triggeredById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Id of the entity the notification is about (usually an issue). No FK: it may point into several tables. */
    entityIdentifier: uuid(),
    entityName: text().notNull().default('issue'),
    title: text().notNull().default(''),
    data: jsonb(),
    messageHtml: text().notNull().default('<p></p>'),
    message: jsonb(),
    messageStripped: text(),
    sender: text().notNull().default(''),
    readAt: timestampTz(),
    archivedAt: timestampTz(),
    snoozedTill: timestampTz(),
    version,
    ...timestamps,
    ...authorship,
    ...softDelete,
  },
  (t) => [
    index().on(t.receiverId, t.workspaceId, t.createdAt),
    index().on(t.receiverId, t.readAt),
    index().on(t.workspaceId),
    index().on(t.projectId),
    index().on(t.triggeredById),
    index().on(t.entityIdentifier),
    index().on(t.archivedAt),
    index().on(t.snoozedTill),
    ...authorshipIndexes(t),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
