// The caller's own notifications (reference §7.1, with the quirks of §10.3 fixed): list with
// filters and optional paging, unread counts, read/unread, archive/unarchive, snooze, delete and
// mark-all-read. Every query is scoped to `receiver = caller`: another user's notification is a 404.
// Each write records the notification's change for its receiver only.
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueAssignees, issueSubscribers, issues, notifications, type Notification } from '../../../db/schema/index';
import { offsetPage } from '../../../shared/cursor';
import { Role } from '../../../shared/roles';
import { NotificationSender, type MarkAllReadBody, type NotificationListQuery, type UpdateNotificationBody } from '../../../shared/schemas/notification';
import type { ServerContext } from '../../context';
import { resolvePageOrBadRequest } from '../../validation';
import { NotFoundError } from '../../errors';
import type { WorkspaceActor } from '../../actor';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { presentNotification } from './presenters/notification';
import { loadUserLites } from '../work-items/issue-read';
import { issueInIntake, recordNotificationChange } from './notification-fanout';

const mine = (actor: WorkspaceActor) =>
  and(eq(notifications.receiverId, actor.userId), eq(notifications.workspaceId, actor.workspace.id), isNull(notifications.deletedAt), eq(notifications.entityName, 'issue'));

/** Not snoozed, or the snooze has passed. */
const awake = (now: Date) => or(isNull(notifications.snoozedTill), lte(notifications.snoozedTill, now));

/** Presents rows with their triggering users and intake flags (two queries for any number of rows). */
async function presentRows(db: Db, rows: Notification[]) {
  const [lites, inIntake] = await Promise.all([
    loadUserLites(db, rows.map((row) => row.triggeredById)),
    issueInIntake(db, [...new Set(rows.map((row) => row.entityIdentifier).filter((id): id is string => Boolean(id)))]),
  ]);
  return rows.map((row) =>
    presentNotification(row, { triggeredBy: (row.triggeredById && lites.get(row.triggeredById)) || null, inIntake: Boolean(row.entityIdentifier && inIntake.has(row.entityIdentifier)) }),
  );
}

/** The `type` filter: the ORed sets of issues I'm assigned to, created, or only subscribed to. */
function typeCondition(actor: WorkspaceActor, raw: string | undefined): SQL | undefined {
  const kinds = new Set((raw ?? '').split(',').map((kind) => (kind === 'watching' ? 'subscribed' : kind)).filter(Boolean));
  if (kinds.size === 0 || kinds.has('all')) return undefined;
  const assigned = sql`select ${issueAssignees.issueId} from ${issueAssignees} where ${issueAssignees.assigneeId} = ${actor.userId} and ${issueAssignees.deletedAt} is null`;
  const created = sql`select ${issues.id} from ${issues} where ${issues.createdBy} = ${actor.userId}`;
  const subscribed = sql`select ${issueSubscribers.issueId} from ${issueSubscribers} where ${issueSubscribers.subscriberId} = ${actor.userId} and ${issueSubscribers.deletedAt} is null`;
  const sets: SQL[] = [];
  if (kinds.has('assigned')) sets.push(sql`${notifications.entityIdentifier} in (${assigned})`);
  // Workspace guests get nothing for "created" (reference §7.1).
  if (kinds.has('created') && actor.workspaceRole > Role.GUEST) sets.push(sql`${notifications.entityIdentifier} in (${created})`);
  if (kinds.has('subscribed')) {
    sets.push(sql`(${notifications.entityIdentifier} in (${subscribed}) and ${notifications.entityIdentifier} not in (${assigned}) and ${notifications.entityIdentifier} not in (${created}))`);
  }
  return sets.length ? or(...sets) : sql`false`;
}

/**
 * The mention switch: `all` → mentions and the rest (the web's All tab: its count is the bell's, so
 * its list holds what the bell counts); any other value but "false" → mentions only; absent or
 * "false" → mentions left out (reference §7.1).
 */
function mentionCondition(mentioned: string | undefined): SQL | undefined {
  if (mentioned === 'all') return undefined;
  return mentioned && mentioned !== 'false' ? eq(notifications.sender, NotificationSender.MENTIONED) : ne(notifications.sender, NotificationSender.MENTIONED);
}

function listConditions(actor: WorkspaceActor, query: NotificationListQuery, now: Date): SQL | undefined {
  return and(
    mine(actor),
    query.snoozed === 'true' ? and(isNotNull(notifications.snoozedTill), gt(notifications.snoozedTill, now)) : awake(now),
    query.archived === 'true' ? isNotNull(notifications.archivedAt) : isNull(notifications.archivedAt),
    query.read === 'true' ? isNotNull(notifications.readAt) : query.read === 'false' ? isNull(notifications.readAt) : undefined,
    mentionCondition(query.mentioned),
    typeCondition(actor, query.type),
  );
}

/**
 * GET `users/notifications/`: newest first (snoozed ones by their date first). Paged (offset
 * paginator) only when both `cursor` and `per_page` are sent; otherwise a plain array.
 * @throws BadRequestError for a malformed cursor or per_page.
 */
export async function listNotifications(ctx: ServerContext, actor: WorkspaceActor, query: NotificationListQuery) {
  const now = new Date();
  const where = listConditions(actor, query, now);
  const order = [sql`${notifications.snoozedTill} asc nulls first`, desc(notifications.createdAt), asc(notifications.id)];
  if (!query.cursor || !query.per_page) {
    const rows = await ctx.db.select().from(notifications).where(where).orderBy(...order).limit(1000);
    return presentRows(ctx.db, rows);
  }
  const page = resolvePageOrBadRequest(query);
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where);
  const rows = await ctx.db.select().from(notifications).where(where).orderBy(...order).limit(page.perPage).offset(page.offset);
  return offsetPage(await presentRows(ctx.db, rows), Number(total), page);
}

/** GET `unread/`: unread, unarchived, awake notifications — mentions counted apart. */
export async function unreadCounts(ctx: ServerContext, actor: WorkspaceActor) {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${notifications.sender} <> ${NotificationSender.MENTIONED})::int`,
      mentions: sql<number>`count(*) filter (where ${notifications.sender} = ${NotificationSender.MENTIONED})::int`,
    })
    .from(notifications)
    .where(and(mine(actor), isNull(notifications.readAt), isNull(notifications.archivedAt), awake(new Date())));
  return { total_unread_notifications_count: Number(row?.total ?? 0), mention_unread_notifications_count: Number(row?.mentions ?? 0) };
}

async function loadMine(db: Db, actor: WorkspaceActor, id: string): Promise<Notification> {
  const [row] = await db.select().from(notifications).where(and(mine(actor), eq(notifications.id, id)));
  if (!row) throw new NotFoundError();
  return row;
}

/** GET `{id}/`. @throws NotFoundError (also for someone else's notification). */
export async function getNotification(ctx: ServerContext, actor: WorkspaceActor, id: string) {
  const [wire] = await presentRows(ctx.db, [await loadMine(ctx.db, actor, id)]);
  return wire;
}

type NotificationPatch = Partial<Pick<Notification, 'readAt' | 'archivedAt' | 'snoozedTill'>>;

/** Applies a patch to one of my notifications and records its change. @throws NotFoundError */
async function patchMine(ctx: ServerContext, actor: WorkspaceActor, id: string, patch: NotificationPatch, options: WriteOptions) {
  await loadMine(ctx.db, actor, id);
  const row = await withTransaction(ctx, options, async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ ...patch, version: sql`${notifications.version} + 1`, updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(mine(actor), eq(notifications.id, id)))
      .returning();
    if (!updated) throw new NotFoundError();
    const [wire] = await presentRows(tx, [updated]);
    recordNotificationChange(tx, updated, 'update', wire.triggered_by_details, wire.is_intake_issue);
    return wire;
  });
  return row;
}

/** PATCH `{id}/`: `snoozed_till` only (absent ⇒ null). */
export function updateNotification(ctx: ServerContext, actor: WorkspaceActor, id: string, body: UpdateNotificationBody, options: WriteOptions) {
  return patchMine(ctx, actor, id, { snoozedTill: body.snoozed_till ? new Date(body.snoozed_till) : null }, options);
}

/** POST / DELETE `{id}/read/`. */
export function setRead(ctx: ServerContext, actor: WorkspaceActor, id: string, read: boolean, options: WriteOptions) {
  return patchMine(ctx, actor, id, { readAt: read ? new Date() : null }, options);
}

/** POST / DELETE `{id}/archive/`. */
export function setArchived(ctx: ServerContext, actor: WorkspaceActor, id: string, archived: boolean, options: WriteOptions) {
  return patchMine(ctx, actor, id, { archivedAt: archived ? new Date() : null }, options);
}

/** DELETE `{id}/`: soft delete. @throws NotFoundError */
export async function deleteNotification(ctx: ServerContext, actor: WorkspaceActor, id: string, options: WriteOptions): Promise<void> {
  await loadMine(ctx.db, actor, id);
  await withTransaction(ctx, options, async (tx) => {
    const [deleted] = await tx
      .update(notifications)
      .set({ deletedAt: new Date(), version: sql`${notifications.version} + 1`, updatedBy: actor.userId })
      .where(and(mine(actor), eq(notifications.id, id)))
      .returning();
    if (deleted) recordNotificationChange(tx, deleted, 'delete', null, false);
  });
}

/**
 * POST `mark-all-read/`: marks my unread notifications read — all of them, or those of a `type`,
 * snoozed or archived set — so both unread counts of that set drop to 0.
 */
export async function markAllRead(ctx: ServerContext, actor: WorkspaceActor, body: MarkAllReadBody, options: WriteOptions) {
  const now = new Date();
  const where = and(
    mine(actor),
    isNull(notifications.readAt),
    body?.snoozed === true ? and(isNotNull(notifications.snoozedTill), gt(notifications.snoozedTill, now)) : body?.snoozed === false ? awake(now) : undefined,
    body?.archived === true ? isNotNull(notifications.archivedAt) : body?.archived === false ? isNull(notifications.archivedAt) : undefined,
    typeCondition(actor, body?.type),
  );
  await withTransaction(ctx, options, async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: now, version: sql`${notifications.version} + 1`, updatedAt: now, updatedBy: actor.userId })
      .where(where)
      .returning();
    const wires = await presentRows(tx, updated);
    updated.forEach((row, index) => recordNotificationChange(tx, row, 'update', wires[index].triggered_by_details, wires[index].is_intake_issue));
  });
  return { message: 'Successful' };
}
