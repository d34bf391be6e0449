// The signed-in user's own account (reference §3): profile, settings, onboarding flags, notification
// preferences, linked accounts and deactivation (the activity feed is work-items/issue-activity-feed.ts).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accounts,
  instanceAdmins,
  profiles,
  projectMembers,
  sessions,
  userNotificationPreferences,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type Account,
  type Profile,
  type User,
} from '../../../db/schema/index';
import type { UpdateMeBody, UpdateNotificationPreferencesBody, UpdateProfileBody } from '../../../shared/schemas/user';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { soleAdminProjects, soleAdminWorkspaces } from './policies/workspace-member';
import { presentNotificationPreferences, presentProfile } from './presenters/profile';
import { presentUser } from './presenters/user';
import { presentWorkspaceMember } from './presenters/workspace-member';
import { randomToken } from '../../security';
import { hashPassword } from './password';
import { countMyInvitations } from './workspace-invitation';

/** Updates names, avatar, cover image and timezone; answers the full user object. */
export async function updateMe(db: Db, user: User, body: UpdateMeBody) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.first_name !== undefined) patch.firstName = body.first_name;
  if (body.last_name !== undefined) patch.lastName = body.last_name;
  if (body.display_name !== undefined) {
    if (!body.display_name.trim()) throw ValidationError.field('display_name', 'This field may not be blank.');
    patch.displayName = body.display_name.trim();
  }
  if (body.avatar !== undefined) patch.avatar = body.avatar;
  if (body.cover_image !== undefined) patch.coverImage = body.cover_image;
  if (body.user_timezone !== undefined) patch.userTimezone = body.user_timezone;
  const [row] = await db.update(users).set(patch).where(eq(users.id, user.id)).returning();
  return presentUser(row);
}

/** The user's profile, created with defaults if it is missing (users made before profiles existed). */
async function loadProfile(db: Db, userId: string): Promise<Profile> {
  // Read first: every page load reads the profile (and the settings, which read it too), and an
  // insert-if-missing on each read was a write and an extra round trip on the start path.
  const [held] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (held) return held;
  await db.insert(profiles).values({ userId }).onConflictDoNothing({ target: profiles.userId });
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

export async function getProfile(db: Db, userId: string) {
  return presentProfile(await loadProfile(db, userId));
}

/** `last_workspace_id` names a workspace the user is an active member of (it has no foreign key). @throws ValidationError */
async function assertWorkspaceMember(db: Db, userId: string, workspaceId: string): Promise<void> {
  const [membership] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)));
  if (!membership) throw ValidationError.field('last_workspace_id', 'You are not a member of this workspace.');
}

/** Updates profile fields; `onboarding_step` and `product_tour` are merged into the stored objects. */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody) {
  const current = await loadProfile(db, userId);
  if (body.last_workspace_id) await assertWorkspaceMember(db, userId, body.last_workspace_id);
  const patch: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  const direct: Array<[keyof UpdateProfileBody, keyof typeof profiles.$inferInsert]> = [
    ['theme', 'theme'], ['is_app_rail_docked', 'isAppRailDocked'], ['is_tour_completed', 'isTourCompleted'],
    ['use_case', 'useCase'], ['role', 'role'], ['is_onboarded', 'isOnboarded'], ['last_workspace_id', 'lastWorkspaceId'],
    ['billing_address_country', 'billingAddressCountry'], ['billing_address', 'billingAddress'],
    ['has_billing_address', 'hasBillingAddress'], ['company_name', 'companyName'], ['notification_view_mode', 'notificationViewMode'],
    ['is_smooth_cursor_enabled', 'isSmoothCursorEnabled'], ['language', 'language'], ['start_of_the_week', 'startOfTheWeek'],
    ['goals', 'goals'], ['background_color', 'backgroundColor'], ['is_navigation_tour_completed', 'isNavigationTourCompleted'],
    ['has_marketing_email_consent', 'hasMarketingEmailConsent'], ['is_subscribed_to_changelog', 'isSubscribedToChangelog'],
  ];
  for (const [wire, column] of direct) {
    if (body[wire] !== undefined) (patch as Record<string, unknown>)[column] = body[wire];
  }
  if (body.onboarding_step) patch.onboardingStep = { ...(current.onboardingStep as object), ...body.onboarding_step };
  if (body.product_tour) patch.productTour = { ...(current.productTour as object), ...body.product_tour };
  const [row] = await db.update(profiles).set(patch).where(eq(profiles.id, current.id)).returning();
  return presentProfile(row);
}

/** Sets `is_onboarded` (a missing flag means false). */
export async function setOnboarded(db: Db, userId: string, isOnboarded: boolean) {
  const profile = await loadProfile(db, userId);
  await db.update(profiles).set({ isOnboarded, updatedAt: new Date() }).where(eq(profiles.id, profile.id));
  return { message: 'Updated successfully' };
}

/**
 * Marks the product tour completed. It cannot be un-completed (API.md).
 * @throws ValidationError when `is_tour_completed` is false.
 */
export async function completeTour(db: Db, userId: string, isTourCompleted: boolean) {
  if (!isTourCompleted) throw ValidationError.field('is_tour_completed', 'The tour can only be marked as completed.');
  const profile = await loadProfile(db, userId);
  await db.update(profiles).set({ isTourCompleted: true, updatedAt: new Date() }).where(eq(profiles.id, profile.id));
  return { message: 'Updated successfully' };
}

/** `{is_instance_admin}` for the caller. */
export async function isInstanceAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: instanceAdmins.id }).from(instanceAdmins).where(eq(instanceAdmins.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * The settings the client boots with: the last workspace when it is still an active membership,
 * otherwise only the fallback (the oldest active membership), and the count of open invites.
 */
export async function getSettings(db: Db, user: User) {
  // Three independent reads at once: the guard of every page load waits for this answer.
  const [profile, memberships, invites] = await Promise.all([
    loadProfile(db, user.id),
    db
      .select({ workspace: workspaces })
      .from(workspaceMembers)
      .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)))
      .where(and(eq(workspaceMembers.memberId, user.id), eq(workspaceMembers.isActive, true)))
      .orderBy(asc(workspaceMembers.createdAt)),
    countMyInvitations(db, user.email),
  ]);
  const fallback = memberships[0]?.workspace ?? null;
  const last = memberships.find((row) => row.workspace.id === profile.lastWorkspaceId)?.workspace ?? null;
  const common = { fallback_workspace_id: fallback?.id ?? null, fallback_workspace_slug: fallback?.slug ?? null, invites };
  const workspace = last
    ? { last_workspace_id: last.id, last_workspace_slug: last.slug, last_workspace_name: last.name, last_workspace_logo: last.logo, ...common }
    : { last_workspace_id: null, last_workspace_slug: null, ...common };
  return { id: user.id, email: user.email, workspace };
}

/** The user-wide notification preferences, created with everything on if missing. */
async function loadPreferences(db: Db, userId: string) {
  await db.insert(userNotificationPreferences).values({ userId }).onConflictDoNothing({ target: userNotificationPreferences.userId });
  const [row] = await db.select().from(userNotificationPreferences).where(eq(userNotificationPreferences.userId, userId)).limit(1);
  return row;
}

export async function getNotificationPreferences(db: Db, userId: string) {
  return presentNotificationPreferences(await loadPreferences(db, userId));
}

export async function updateNotificationPreferences(db: Db, userId: string, body: UpdateNotificationPreferencesBody) {
  const current = await loadPreferences(db, userId);
  const [row] = await db
    .update(userNotificationPreferences)
    .set({
      propertyChange: body.property_change ?? current.propertyChange,
      stateChange: body.state_change ?? current.stateChange,
      comment: body.comment ?? current.comment,
      mention: body.mention ?? current.mention,
      issueCompleted: body.issue_completed ?? current.issueCompleted,
      updatedAt: new Date(),
    })
    .where(eq(userNotificationPreferences.id, current.id))
    .returning();
  return presentNotificationPreferences(row);
}

/** A linked sign-in account; provider tokens are never returned (reference §14 spirit). */
function presentAccount(row: Account) {
  return {
    id: row.id,
    user: row.userId,
    provider: row.provider,
    provider_account_id: row.providerAccountId,
    last_connected_at: row.lastConnectedAt?.toISOString() ?? null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's linked sign-in accounts, oldest first. */
export async function listAccounts(db: Db, userId: string) {
  const rows = await db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt));
  return rows.map(presentAccount);
}

async function loadOwnAccount(db: Db, userId: string, accountId: string): Promise<Account> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.id, accountId), eq(accounts.userId, userId))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** One of the caller's linked accounts. @throws NotFoundError for another user's or an unknown id. */
export async function getAccount(db: Db, userId: string, accountId: string) {
  return presentAccount(await loadOwnAccount(db, userId, accountId));
}

/** Unlinks one of the caller's accounts (reference §3). @throws NotFoundError. */
export async function deleteAccount(db: Db, userId: string, accountId: string): Promise<void> {
  await loadOwnAccount(db, userId, accountId);
  await db.delete(accounts).where(eq(accounts.id, accountId));
}

/**
 * Deactivates the caller's account (reference §3): memberships become inactive, invitations to
 * the email are removed, every session ends, onboarding is reset and the password is replaced.
 * @throws BadRequestError for an instance admin, or the sole admin of a workspace or project that
 * still has other members.
 */
export async function deactivateMe(ctx: ServerContext, user: User, options: WriteOptions): Promise<void> {
  const { db } = ctx;
  if (await isInstanceAdmin(db, user.id)) {
    throw new BadRequestError('You cannot deactivate your account since you are an instance admin');
  }
  if ((await soleAdminProjects(db, user.id, { onlyWithOtherMembers: true })).length > 0) {
    throw new BadRequestError('You cannot deactivate account as you are the only admin in some projects.');
  }
  if ((await soleAdminWorkspaces(db, user.id, { onlyWithOtherMembers: true })).length > 0) {
    throw new BadRequestError('You cannot deactivate account as you are the only admin in some workspaces.');
  }
  const passwordHash = await hashPassword(randomToken(32));
  await withTransaction(ctx, options, async (tx) => {
    const now = new Date();
    const projectMemberships = await tx
      .update(projectMembers)
      .set({ isActive: false, updatedAt: now, version: sql`${projectMembers.version} + 1` })
      .where(and(eq(projectMembers.memberId, user.id), eq(projectMembers.isActive, true)))
      .returning();
    for (const row of projectMemberships) {
      recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'member', entityId: row.id, op: 'delete', version: row.version, data: deletion(row.id) });
    }
    const memberships = await tx
      .update(workspaceMembers)
      .set({ isActive: false, updatedAt: now, version: sql`${workspaceMembers.version} + 1` })
      .where(and(eq(workspaceMembers.memberId, user.id), eq(workspaceMembers.isActive, true)))
      .returning();
    for (const member of memberships) {
      recordChange(tx, { workspaceId: member.workspaceId, entity: 'member', entityId: member.id, op: 'update', version: member.version, data: presentWorkspaceMember(member, user) });
    }
    await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.email, user.email));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .update(profiles)
      .set({
        lastWorkspaceId: null,
        isTourCompleted: false,
        isOnboarded: false,
        onboardingStep: { workspace_join: false, profile_complete: false, workspace_create: false, workspace_invite: false },
        updatedAt: now,
      })
      .where(eq(profiles.userId, user.id));
    await tx.update(users).set({ isActive: false, passwordHash, isPasswordAutoset: true, updatedAt: now }).where(eq(users.id, user.id));
  });
}
