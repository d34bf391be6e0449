// What every sign-in method shares (reference §1.1): coded auth errors, email rules, the instance
// gate, creating a user with its profile rows, and the bookkeeping after a successful sign-in —
// last-login fields and turning accepted workspace invitations into memberships.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  profiles,
  userNotificationPreferences,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type User,
} from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import { AuthErrorCode, type AuthErrorName } from '../../../shared/error-codes';
import type { ServerContext } from '../../context';
import { CodedError } from '../../errors';
import { recordChange, withTransaction } from '../../live/record-change';
import { presentWorkspaceMember } from './presenters/workspace-member';
import type { InstanceSettings } from '../ops/instance';
import { recordWorkspaceStep } from './onboarding';

/** A coded auth failure (`{"error_code", "error_message"}`, 400 in the JSON style). */
export function authError(name: AuthErrorName, extra: Record<string, unknown> = {}): CodedError {
  return new CodedError(AuthErrorCode[name], name, 400, extra);
}

/** Who is signing in, for last-login fields and background work. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

/** How a user signed in (`last_login_medium`). */
export type LoginMedium = 'email' | 'magic-code' | 'google' | 'github' | 'gitlab';

const EMAIL_MAX_LENGTH = 255;
const emailFormat = z.email();

/** Trims and lower-cases an email field; null when absent or not a string. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email === '' ? null : email;
}

/** True for a syntactically valid email of at most 255 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(email).success;
}

/**
 * Reference §1.1 instance gate: nothing signs in until the first admin has signed up.
 * @throws CodedError 5000.
 */
export function requireSetUp(settings: InstanceSettings): void {
  if (!settings.isSetupDone) throw authError('INSTANCE_NOT_CONFIGURED');
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** True when a live workspace invitation exists for the email (it lets a user sign up anyway). */
async function hasInvitation(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, email), isNull(workspaceInvitations.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses a new account when the instance has sign-up off and nobody invited the email.
 * @throws CodedError 5015.
 */
export async function requireSignupAllowed(ctx: ServerContext, settings: InstanceSettings, email: string): Promise<void> {
  if (!settings.isSignupEnabled && !(await hasInvitation(ctx.db, email))) throw authError('SIGNUP_DISABLED');
}

interface NewUserInput {
  email: string;
  passwordHash: string | null;
  isPasswordAutoset: boolean;
  isEmailVerified: boolean;
  firstName?: string;
  lastName?: string;
  avatar?: string | null;
  companyName?: string;
}

/**
 * Inserts a user with its profile and notification preferences (inside the caller's transaction).
 * @throws CodedError 5030 when the email was taken meanwhile (unique index).
 */
export async function createUser(tx: Db, input: NewUserInput): Promise<User> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      username: randomUUID().replace(/-/g, ''),
      passwordHash: input.passwordHash,
      isPasswordAutoset: input.isPasswordAutoset,
      isEmailVerified: input.isEmailVerified,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      displayName: input.email.split('@')[0].slice(0, 255),
      avatar: input.avatar ?? null,
    })
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? authError('USER_ALREADY_EXIST') : error;
    });
  await ensureUserRows(tx, user.id, input.companyName);
  return user;
}

/** True for a Postgres unique violation (23505), whichever driver or wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Profile and notification-preference rows exist for every user (idempotent). */
async function ensureUserRows(tx: Db, userId: string, companyName = ''): Promise<void> {
  await tx.insert(profiles).values({ userId, companyName }).onConflictDoNothing({ target: profiles.userId });
  await tx.insert(userNotificationPreferences).values({ userId }).onConflictDoNothing({ target: userNotificationPreferences.userId });
}

/**
 * After a successful sign-in or sign-up: profile rows, last-login fields, and accepted workspace
 * invitations for the email become memberships (reference §1.1). Returns the updated user.
 */
export async function recordSignIn(ctx: ServerContext, user: User, medium: LoginMedium, info: RequestInfo): Promise<User> {
  return withTransaction(ctx, { actorId: user.id }, async (tx) => {
    await ensureUserRows(tx, user.id);
    const [updated] = await tx
      .update(users)
      .set({
        lastLoginMedium: medium,
        lastLoginTime: sql`now()`,
        lastActive: sql`now()`,
        lastLoginIp: info.ip,
        lastLoginUagent: info.userAgent?.slice(0, 512) ?? null,
        tokenUpdatedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await joinAcceptedInvitations(tx, updated);
    return updated;
  });
}

/** Accepted invitations for the user's email become (or reactivate) memberships; the invitations go. */
async function joinAcceptedInvitations(tx: Db, user: User): Promise<void> {
  const invitations = await tx
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, user.email), eq(workspaceInvitations.accepted, true), isNull(workspaceInvitations.deletedAt)));
  for (const invitation of invitations) {
    const [member] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, memberId: user.id, role: invitation.role, createdBy: invitation.createdBy })
      .onConflictDoUpdate({
        target: [workspaceMembers.workspaceId, workspaceMembers.memberId],
        set: { isActive: true, role: invitation.role, version: sql`${workspaceMembers.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    await tx.update(workspaceInvitations).set({ deletedAt: sql`now()` }).where(eq(workspaceInvitations.id, invitation.id));
    recordChange(tx, {
      workspaceId: invitation.workspaceId,
      entity: 'member',
      entityId: member.id,
      op: member.version > 1 ? 'update' : 'create',
      version: member.version,
      data: presentWorkspaceMember(member, user),
    });
    await recordWorkspaceStep(tx, user.id, 'workspace_join', invitation.workspaceId);
  }
}

/**
 * Where the client should go after signing in when no next_path was asked for (reference §1.1,
 * redirection_path.py): onboarding, the last or first workspace, pending invitations, or creation.
 */
export async function landingPath(db: Db, user: User): Promise<string> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
  if (!profile?.isOnboarded) return '/onboarding';
  const memberships = await db
    .select({ id: workspaces.id, slug: workspaces.slug })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.memberId, user.id), eq(workspaceMembers.isActive, true), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaceMembers.createdAt));
  const last = memberships.find((workspace) => workspace.id === profile.lastWorkspaceId) ?? memberships[0];
  if (last) return `/${last.slug}`;
  if (await hasInvitation(db, user.email)) return '/invitations';
  return '/create-workspace';
}
