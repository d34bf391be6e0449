// Notifications (reference §7, API.md): the caller's own in-app notifications, their filters,
// counts and the read / archive / snooze switches.
import { z } from 'zod';
import { boundedString, datetimeSchema, uuidSchema } from './common';
import { nullableInstant, paginated, userLite } from './responses';

/** Kinds of the `type` filter; `watching` is another name for `subscribed` (API.md). */
const NOTIFICATION_TYPES = ['subscribed', 'watching', 'assigned', 'created', 'all'] as const;

/** The `sender` of each kind (reference §7.2). */
export const NotificationSender = {
  CREATED: 'in_app:issue_activities:created',
  ASSIGNED: 'in_app:issue_activities:assigned',
  SUBSCRIBED: 'in_app:issue_activities:subscribed',
  MENTIONED: 'in_app:issue_activities:mentioned',
} as const;

const typeList = z
  .string()
  .max(200)
  .regex(/^(subscribed|watching|assigned|created|all)(,(subscribed|watching|assigned|created|all))*$/, 'Must be a comma list of subscribed, watching, assigned, created or all.');
const flag = z.enum(['true', 'false']);

export const notificationParams = z.object({ slug: z.string(), notificationId: uuidSchema });
export const workspaceSlugParams = z.object({ slug: z.string() });

/** GET `users/notifications/`. Paged only when both `cursor` and `per_page` are sent. */
export const notificationListQuery = z.object({
  type: typeList.optional(),
  snoozed: flag.optional(),
  archived: flag.optional(),
  read: flag.optional(),
  mentioned: boundedString(20).optional(),
  cursor: boundedString(40).optional(),
  per_page: boundedString(10).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** PATCH: `snoozed_till` is the only field (absent ⇒ null). */
export const updateNotificationBody = z.object({ snoozed_till: datetimeSchema.nullable().optional() });
export type UpdateNotificationBody = z.infer<typeof updateNotificationBody>;

/** POST `mark-all-read/`. */
export const markAllReadBody = z
  .object({
    snoozed: z.boolean().optional(),
    archived: z.boolean().optional(),
    type: z.enum(NOTIFICATION_TYPES).optional(),
  })
  .optional();
export type MarkAllReadBody = z.infer<typeof markAllReadBody>;

/** Notification (reference §9). */
export const notification = z.strictObject({
  id: z.string(),
  created_at: nullableInstant,
  updated_at: nullableInstant,
  deleted_at: nullableInstant,
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  workspace: z.string(),
  project: z.string().nullable(),
  data: z.unknown(),
  entity_identifier: z.string().nullable(),
  entity_name: z.string(),
  title: z.string(),
  message: z.unknown(),
  message_html: z.string(),
  message_stripped: z.string().nullable(),
  sender: z.string(),
  triggered_by: z.string().nullable(),
  receiver: z.string(),
  read_at: nullableInstant,
  snoozed_till: nullableInstant,
  archived_at: nullableInstant,
  triggered_by_details: userLite.nullable(),
  is_inbox_issue: z.boolean(),
  is_intake_issue: z.boolean(),
  is_mentioned_notification: z.boolean(),
  version: z.number().int(),
});
export type NotificationWire = z.infer<typeof notification>;

/** A page of notifications: the answer when the query names a `cursor` and a `per_page` (as the client always does). */
export const notificationPage = paginated(z.array(notification));
/** GET `notifications/`: every match (up to 1000) without a cursor, else one page. */
export const notificationListResponse = z.union([z.array(notification), notificationPage]);

export const unreadCountsResponse = z.strictObject({
  total_unread_notifications_count: z.number().int(),
  mention_unread_notifications_count: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsResponse>;
