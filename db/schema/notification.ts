// In-app notifications, one row per receiver.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { authorshipIndexes, cascadeRef, id, syncedEntity, timestampTz } from './columns';
import { projects } from './project';
import { users } from './user';
import { workspaces } from './workspace';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: cascadeRef(() => workspaces.id),
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    receiverId: cascadeRef(() => users.id),
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
    /** The receiver's email preferences (user_notification_preferences) asked for a mail of this one. */
    mailWanted: boolean().notNull().default(false),
    /** The `notification-mail` job (jobs.id) that holds it for sending; no FK (done jobs are deleted). */
    mailJobId: bigint({ mode: 'number' }),
    /** When it went out in a mail (or was passed over because no SMTP server is configured). */
    mailedAt: timestampTz(),
    ...syncedEntity,
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
    index('notifications_unmailed_idx').on(t.receiverId).where(sql`mail_wanted and mailed_at is null`),
    ...authorshipIndexes(t),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
