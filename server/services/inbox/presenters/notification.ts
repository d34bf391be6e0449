// Notification rows → wire (reference §9 Notification).
import type { Notification } from '../../../../db/schema/index';
import type { UserLite } from '../../../../shared/schemas/responses';
import { NotificationSender } from '../../../../shared/schemas/notification';
import { isoDateTime, presentStampsWithDeletedAt } from '../../../presenters/dates';

interface NotificationExtras {
  triggeredBy: UserLite | null;
  /** The issue still waits in intake (pending, snoozed or duplicate). */
  inIntake: boolean;
}

export function presentNotification(row: Notification, extras: NotificationExtras) {
  return {
    id: row.id,
    ...presentStampsWithDeletedAt(row),
    workspace: row.workspaceId,
    project: row.projectId,
    data: row.data ?? null,
    entity_identifier: row.entityIdentifier,
    entity_name: row.entityName,
    title: row.title,
    message: row.message ?? null,
    message_html: row.messageHtml,
    message_stripped: row.messageStripped,
    sender: row.sender,
    triggered_by: row.triggeredById,
    receiver: row.receiverId,
    read_at: isoDateTime(row.readAt),
    snoozed_till: isoDateTime(row.snoozedTill),
    archived_at: isoDateTime(row.archivedAt),
    triggered_by_details: extras.triggeredBy,
    is_inbox_issue: extras.inIntake,
    is_intake_issue: extras.inIntake,
    is_mentioned_notification: row.sender === NotificationSender.MENTIONED,
    version: row.version,
  };
}
