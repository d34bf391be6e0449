// Notification emails (reference app-api-work-items.md §7.2 "Email"; issue #14 "Email"): batched per
// recipient through the job queue (server/job-queue.ts).
//
// In the transaction that writes the notifications (notification-fanout.ts):
//   markMailWanted      sets `mail_wanted` on each new notification whose kind the receiver's email
//                       preferences allow (state change, comment, mention, completed, anything else =
//                       property change; no preference row = all on);
//   scheduleNotificationMails  makes sure each such receiver has ONE pending `notification-mail` job,
//                       due NOTIFICATION_MAIL_DELAY_MS later: an existing pending job is reused (and
//                       locked FOR UPDATE until COMMIT, so the worker cannot start it before these rows
//                       are visible), else one is enqueued. Everything a receiver gets inside the window
//                       goes out in one mail.
// The job (deliverNotificationMail):
//   1. claims the receiver's unmailed wanted notifications by writing its job id into `mail_job_id`
//      (rows held by another job that is still pending/running are left to it; rows of a job that is
//      done/failed or gone are taken over) — so two jobs never mail the same notification;
//   2. sends one mail (text + HTML, links to the issues, unsubscribe link to the preferences screen);
//      an SMTP failure throws → the queue retries with backoff (NOTIFICATION_MAIL_RETRY_BASE_MS), and
//      the retry (same job id) finds the same claimed rows again;
//   3. sets `mailed_at` on what it sent; a later attempt or job finds nothing left to send.
// A crash between a successful SMTP hand-over and step 3 resends that batch once (at-least-once).
// No SMTP server configured: the claimed rows are marked mailed without sending (no flood of old
// notifications once one is configured).
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { jobs, notifications, userNotificationPreferences, users, workspaces, type Notification } from '../../../db/schema/index';
import { NotificationSender } from '../../../shared/schemas/notification';
import type { ServerContext } from '../../context';
import { enqueueJobs, type JobQueue, type JobRun } from '../../job-queue';
import { sendMail } from '../../mail/mailer';
import { notificationDigestMail, type DigestItem } from '../../mail/templates';
import { getInstanceSettings } from '../ops/instance';

export const NOTIFICATION_MAIL_QUEUE = 'notification-mail';

interface MailPayload {
  receiverId: string;
}

let mailDelayMs = 60_000;

/** Sets the gathering window (NOTIFICATION_MAIL_DELAY_MS) for this process; called when its context is made. */
export function configureNotificationMail(options: { delayMs: number }): void {
  mailDelayMs = options.delayMs;
}

type Preference = 'property_change' | 'state_change' | 'comment' | 'mention' | 'issue_completed';

interface NotificationData {
  issue?: { id?: string; name?: string; identifier?: string; sequence_id?: number; state_group?: string | null };
  issue_activity?: { field?: string | null; verb?: string | null };
}

/** The preferences that enable a mail of this notification (any of them suffices; reference §7.2 table). */
export function mailPreferencesFor(notification: Pick<Notification, 'sender' | 'data'>): Preference[] {
  if (notification.sender === NotificationSender.MENTIONED) return ['mention'];
  const data = (notification.data ?? {}) as NotificationData;
  const field = data.issue_activity?.field ?? '';
  if (field === 'state') return data.issue?.state_group === 'completed' ? ['state_change', 'issue_completed'] : ['state_change'];
  if (field === 'comment') return ['comment'];
  return ['property_change'];
}

/** Sets `mailWanted` on notifications about to be inserted, by their receivers' email preferences. */
export async function markMailWanted(tx: Db, values: Array<typeof notifications.$inferInsert>): Promise<void> {
  if (values.length === 0) return;
  const receivers = [...new Set(values.map((value) => value.receiverId))];
  const rows = await tx.select().from(userNotificationPreferences).where(inArray(userNotificationPreferences.userId, receivers));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  for (const value of values) {
    const preference = byUser.get(value.receiverId);
    const allowed: Record<Preference, boolean> = {
      property_change: preference?.propertyChange ?? true,
      state_change: preference?.stateChange ?? true,
      comment: preference?.comment ?? true,
      mention: preference?.mention ?? true,
      issue_completed: preference?.issueCompleted ?? true,
    };
    value.mailWanted = mailPreferencesFor({ sender: value.sender ?? '', data: value.data ?? null }).some((kind) => allowed[kind]);
  }
}

/** Gives every receiver of a wanted mail among `rows` one pending mail job (same transaction). */
export async function scheduleNotificationMails(tx: Db, rows: Notification[]): Promise<void> {
  const receivers = [...new Set(rows.filter((row) => row.mailWanted).map((row) => row.receiverId))].sort();
  if (receivers.length === 0) return;
  const receiverOf = sql<string>`${jobs.payload}->>'receiverId'`;
  // Locked until COMMIT: the worker's claim (SKIP LOCKED) cannot start a reused job before our rows exist.
  const pending = await tx
    .select({ receiverId: receiverOf })
    .from(jobs)
    .where(and(eq(jobs.queue, NOTIFICATION_MAIL_QUEUE), eq(jobs.status, 'pending'), inArray(receiverOf, receivers)))
    .orderBy(jobs.id)
    .for('update');
  const covered = new Set(pending.map((row) => row.receiverId));
  const missing = receivers.filter((id) => !covered.has(id));
  await enqueueJobs(
    tx,
    NOTIFICATION_MAIL_QUEUE,
    missing.map((receiverId): MailPayload => ({ receiverId })),
    { runAt: new Date(Date.now() + mailDelayMs), maxAttempts: 10 },
  );
}

/** Claims the receiver's unmailed notifications for `jobId` (see the header, step 1). */
async function claim(ctx: ServerContext, receiverId: string, jobId: number): Promise<Notification[]> {
  const holderActive = sql`exists (select 1 from ${jobs} where ${jobs.id} = ${notifications.mailJobId} and ${jobs.status} in ('pending', 'running'))`;
  return ctx.db
    .update(notifications)
    .set({ mailJobId: jobId })
    .where(
      and(
        eq(notifications.receiverId, receiverId),
        eq(notifications.mailWanted, true),
        isNull(notifications.mailedAt),
        isNull(notifications.deletedAt),
        or(isNull(notifications.mailJobId), eq(notifications.mailJobId, jobId), sql`not ${holderActive}`),
      ),
    )
    .returning();
}

async function markMailed(ctx: ServerContext, ids: string[], jobId: number): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ mailedAt: new Date() })
    .where(and(inArray(notifications.id, ids), eq(notifications.mailJobId, jobId)));
}

/** One attempt of a `notification-mail` job. */
async function deliverNotificationMail(ctx: ServerContext, job: JobRun<MailPayload>): Promise<void> {
  const { receiverId } = job.payload;
  const claimed = await claim(ctx, receiverId, job.id);
  if (claimed.length === 0) return;
  const ids = claimed.map((row) => row.id);
  const { smtp } = await getInstanceSettings(ctx);
  const [receiver] = await ctx.db.select().from(users).where(eq(users.id, receiverId));
  if (!smtp.host || !receiver || !receiver.isActive) {
    await markMailed(ctx, ids, job.id);
    return;
  }
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const workspaceIds = [...new Set(claimed.map((row) => row.workspaceId))];
  const actorIds = [...new Set(claimed.map((row) => row.triggeredById).filter((id): id is string => Boolean(id)))];
  const [spaces, actors] = await Promise.all([
    ctx.db.select({ id: workspaces.id, slug: workspaces.slug }).from(workspaces).where(inArray(workspaces.id, workspaceIds)),
    actorIds.length > 0 ? ctx.db.select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, actorIds)) : [],
  ]);
  const slugOf = new Map(spaces.map((row) => [row.id, row.slug]));
  const nameOf = new Map(actors.map((row) => [row.id, row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' ')]));
  const base = ctx.config.appBaseUrl;
  const items: DigestItem[] = [];
  for (const row of claimed) {
    const slug = slugOf.get(row.workspaceId);
    if (!slug) continue;
    const data = (row.data ?? {}) as NotificationData;
    const issueId = data.issue?.id ?? row.entityIdentifier;
    const mention = row.sender === NotificationSender.MENTIONED;
    items.push({
      issueKey: data.issue?.identifier && data.issue.sequence_id ? `${data.issue.identifier}-${data.issue.sequence_id}` : '',
      issueName: data.issue?.name ?? '',
      link: row.projectId && issueId ? `${base}/${slug}/projects/${row.projectId}/issues/${issueId}` : `${base}/${slug}/notifications`,
      actor: row.triggeredById ? (nameOf.get(row.triggeredById) ?? '') : '',
      text: mention ? (row.messageStripped ?? row.title) : row.title,
      mention,
    });
  }
  if (items.length > 0) {
    const slug = slugOf.get(claimed[0].workspaceId) ?? spaces[0]?.slug ?? '';
    const unsubscribe = `${base}/${slug}/settings/account/notifications`;
    // Throws when the SMTP server does not take the mail: the queue retries this job with backoff.
    await sendMail(ctx, notificationDigestMail(receiver.email, items, unsubscribe));
  }
  await markMailed(ctx, ids, job.id);
}

/** Registers the mail handler on the process's job queue. */
export function registerNotificationMail(ctx: ServerContext, queue: JobQueue): void {
  queue.register<MailPayload>(NOTIFICATION_MAIL_QUEUE, (job) => deliverNotificationMail(ctx, job), {
    backoffBaseMs: ctx.config.NOTIFICATION_MAIL_RETRY_BASE_MS,
    maxBackoffMs: 6 * 3_600_000,
  });
}
