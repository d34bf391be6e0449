// Notification emails (server/services/notification-mail.ts), after the notifications reaction
// wrote them: each new notification the receiver's email preferences allow is marked wanted, and its
// receiver gets one pending mail job (batched per receiver through the job queue).
import { inArray } from 'drizzle-orm';
import { notifications } from '../../db/schema/index';
import { markMailWanted, scheduleNotificationMails } from '../services/inbox/notification-mail';
import type { Reaction } from './reaction';

export const notificationMail: Reaction = {
  name: 'notification-mail',
  runs: 'after-commit',
  applicableEvents: [{ entity: 'notification', ops: ['create'] }],
  async perform(tx, changes) {
    const rows = await tx.select().from(notifications).where(inArray(notifications.id, changes.map((change) => change.entityId)));
    await markMailWanted(tx, rows);
    const wanted = rows.filter((row) => row.mailWanted && !row.mailedAt && !row.deletedAt);
    if (wanted.length === 0) return;
    await tx.update(notifications).set({ mailWanted: true }).where(inArray(notifications.id, wanted.map((row) => row.id)));
    await scheduleNotificationMails(tx, wanted);
  },
};
