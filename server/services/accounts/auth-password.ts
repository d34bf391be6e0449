// Email + password accounts: sign-in, sign-up, forgot/reset, change and set password (reference
// §1.4 with API.md's codes). Reset tokens are random, stored hashed, valid one hour, used once, and
// voided by any password change.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users, type User } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { hashSecret, randomToken } from '../../security';
import { isUuid } from '../../validation';
import { resetPasswordMail } from '../../mail/templates';
import { sendMailInBackground } from '../../mail/mailer';
import { hashPassword, isStrongPassword, PASSWORD_MAX_LENGTH, verifyPassword } from './password';
import { getInstanceSettings } from '../ops/instance';
import { endAllSessions } from './session';
import {
  authError,
  createUser,
  findUserByEmail,
  isValidEmail,
  normalizeEmail,
  requireSetUp,
  requireSignupAllowed,
  type RequestInfo,
} from './auth';

const RESET_TOKEN_LIFETIME_MS = 3600 * 1000;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Checks email and password and returns the user (sessions are the route's job).
 * @throws CodedError 5000, 5018, 5070, 5075, 5060, 5065, 5019.
 */
export async function signInWithPassword(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  if (!settings.isEmailPasswordEnabled) throw authError('PASSWORD_LOGIN_DISABLED');
  const email = normalizeEmail(fields.email);
  const password = text(fields.password);
  if (!email || !password) throw authError('REQUIRED_EMAIL_PASSWORD_SIGN_IN');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL_SIGN_IN');
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw authError('USER_DOES_NOT_EXIST');
  // API.md: a deactivated account is refused with 5019, not silently reactivated (reference quirk 3).
  // Checked before the password: deactivating replaces it with a random one, so the owner's own
  // password no longer matches and would otherwise get 5065. (5060 already tells whether an
  // email has an account, so this reveals nothing new.)
  if (!user.isActive) throw authError('USER_ACCOUNT_DEACTIVATED');
  const matches = password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(user.passwordHash, password));
  if (!matches) throw authError('AUTHENTICATION_FAILED_SIGN_IN');
  return user;
}

/**
 * Creates a password account and returns it.
 * @throws CodedError 5000, 5018, 5040, 5045, 5030, 5015, 5020.
 */
export async function signUpWithPassword(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  if (!settings.isEmailPasswordEnabled) throw authError('PASSWORD_LOGIN_DISABLED');
  const email = normalizeEmail(fields.email);
  const password = text(fields.password);
  if (!email || !password) throw authError('REQUIRED_EMAIL_PASSWORD_SIGN_UP');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL_SIGN_UP');
  if (await findUserByEmail(ctx.db, email)) throw authError('USER_ALREADY_EXIST');
  await requireSignupAllowed(ctx, settings, email);
  if (!(await isStrongPassword(password, [email]))) throw authError('INVALID_PASSWORD');
  const passwordHash = await hashPassword(password);
  // createUser answers 5030 if a concurrent sign-up took the email since the check above.
  return ctx.db.transaction((tx) => createUser(tx as unknown as Db, { email, passwordHash, isPasswordAutoset: false, isEmailVerified: false }));
}

/**
 * Emails a reset link when the address has an active account. Answers the same either way, so
 * it does not reveal which addresses exist (reference quirk 4).
 * @throws CodedError 5000, 5010, 5005, 5025.
 */
export async function requestPasswordReset(ctx: ServerContext, fields: Record<string, unknown>, info: RequestInfo): Promise<void> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const email = normalizeEmail(fields.email);
  if (!email) throw authError('EMAIL_REQUIRED');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
  if (!settings.isSmtpConfigured) throw authError('SMTP_NOT_CONFIGURED');
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return;
  const token = randomToken(32);
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  const query = new URLSearchParams({ uidb64: encodeUid(user.id), token, email: user.email });
  const link = `${ctx.config.appBaseUrl}/accounts/reset-password/?${query}`;
  sendMailInBackground(ctx, info.log, resetPasswordMail(user.email, link));
}

/**
 * Sets a new password from a reset link; every session of the user ends.
 * @throws CodedError 5130 (undecodable uid or expired), 5125 (unknown or used token), 5020.
 */
export async function resetPassword(ctx: ServerContext, uidb64: string, token: string, fields: Record<string, unknown>): Promise<User> {
  const userId = decodeUid(uidb64);
  if (!userId) throw authError('EXPIRED_PASSWORD_TOKEN');
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashSecret(token)), eq(passwordResetTokens.userId, userId)))
    .limit(1);
  if (!row || row.usedAt) throw authError('INVALID_PASSWORD_TOKEN');
  if (row.expiresAt.getTime() <= Date.now()) throw authError('EXPIRED_PASSWORD_TOKEN');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !user.isActive) throw authError('INVALID_PASSWORD_TOKEN');
  const password = fields.password;
  if (typeof password !== 'string' || !(await isStrongPassword(password, [user.email]))) throw authError('INVALID_PASSWORD');
  const updated = await storePassword(ctx, user.id, password);
  await endAllSessions(ctx.db, user.id);
  return updated;
}

/**
 * Changes the caller's password (the old one is not needed when it was auto-set).
 * @throws CodedError 5138, 5135, 5140.
 */
export async function changePassword(ctx: ServerContext, user: User, fields: Record<string, unknown>): Promise<User> {
  const oldPassword = text(fields.old_password);
  const newPassword = text(fields.new_password);
  if (!user.isPasswordAutoset && !oldPassword) throw authError('MISSING_PASSWORD', { error: 'Old password is missing' });
  if (!newPassword) throw authError('MISSING_PASSWORD', { error: 'Old or new password is missing' });
  if (!user.isPasswordAutoset) {
    const matches = oldPassword!.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(user.passwordHash, oldPassword!));
    if (!matches) throw authError('INCORRECT_OLD_PASSWORD', { error: 'Old password is not correct' });
  }
  if (!(await isStrongPassword(newPassword, [user.email]))) throw authError('INVALID_NEW_PASSWORD');
  return storePassword(ctx, user.id, newPassword);
}

/**
 * Sets a first password for a user whose password was auto-set (magic code or OAuth sign-up).
 * @throws CodedError 5145, 5020.
 */
export async function setPassword(ctx: ServerContext, user: User, fields: Record<string, unknown>): Promise<User> {
  if (!user.isPasswordAutoset) {
    throw authError('PASSWORD_ALREADY_SET', { error: 'Your password is already set please change your password from profile' });
  }
  const password = fields.password;
  if (typeof password !== 'string' || !(await isStrongPassword(password, [user.email]))) throw authError('INVALID_PASSWORD');
  return storePassword(ctx, user.id, password);
}

/** Stores a new password hash, clears the auto-set flag and voids outstanding reset tokens. */
async function storePassword(ctx: ServerContext, userId: string, password: string): Promise<User> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, isPasswordAutoset: false, isPasswordResetRequired: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)));
    return user;
  });
}

/** The user id as it travels in reset links (base64url, like Django's uidb64). */
function encodeUid(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

function decodeUid(uidb64: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uidb64)) return null;
  const value = Buffer.from(uidb64, 'base64url').toString('utf8');
  return isUuid(value) ? value : null;
}
