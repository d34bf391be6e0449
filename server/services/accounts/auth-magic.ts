// Email-first sign-in (reference §1.2, §1.4): the email check that picks password or code, code
// generation (mailed after the code is stored), and sign-in / sign-up with a code.
import type { User } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { magicCodeMail } from '../../mail/templates';
import { sendMailInBackground } from '../../mail/mailer';
import { getInstanceSettings, type InstanceSettings } from '../ops/instance';
import { generateMagicCode, verifyMagicCode } from './magic-code';
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

type EmailCheckStatus = 'MAGIC_CODE' | 'CREDENTIAL';

function canSendCodes(settings: InstanceSettings): boolean {
  return settings.isSmtpConfigured && settings.isMagicLoginEnabled;
}

/** Both code flows need mail and the method switched on. @throws CodedError 5025, 5016. */
function requireMagicLogin(settings: InstanceSettings): void {
  if (!settings.isSmtpConfigured) throw authError('SMTP_NOT_CONFIGURED');
  if (!settings.isMagicLoginEnabled) throw authError('MAGIC_LINK_LOGIN_DISABLED');
}

/**
 * Whether the email has an account and which credential the client should ask for: a code when
 * codes can be sent and the user has no password of their own (or passwords are switched off).
 * @throws CodedError 5000, 5010, 5005.
 */
export async function checkEmail(ctx: ServerContext, fields: Record<string, unknown>): Promise<{ existing: boolean; status: EmailCheckStatus }> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const email = normalizeEmail(fields.email);
  if (!email) throw authError('EMAIL_REQUIRED');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
  const user = await findUserByEmail(ctx.db, email);
  const wantsCode = !user || user.isPasswordAutoset || !settings.isEmailPasswordEnabled;
  return { existing: Boolean(user), status: canSendCodes(settings) && wantsCode ? 'MAGIC_CODE' : 'CREDENTIAL' };
}

/**
 * Stores a fresh code and mails it (after the commit, without waiting for the SMTP server).
 * @throws CodedError 5000, 5010, 5005, 5025, 5016, 5100 / 5102 (codes of this window used up).
 */
export async function sendMagicCode(ctx: ServerContext, fields: Record<string, unknown>, info: RequestInfo): Promise<{ key: string }> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const email = normalizeEmail(fields.email);
  if (!email) throw authError('EMAIL_REQUIRED');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
  requireMagicLogin(settings);
  const result = await generateMagicCode(ctx, email);
  if (!result.ok) {
    const existing = await findUserByEmail(ctx.db, email);
    throw authError(existing ? 'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN' : 'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP');
  }
  sendMailInBackground(ctx, info.log, magicCodeMail(email, result.code));
  return { key: `magic_${email}` };
}

function readCode(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Signs an existing user in with a code.
 * @throws CodedError 5000, 5085, 5080, 5025, 5016, 5060, 5095, 5090, 5019.
 */
export async function signInWithMagicCode(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const email = normalizeEmail(fields.email);
  const code = readCode(fields.code);
  if (!email || !code) throw authError('MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL_MAGIC_SIGN_IN');
  requireMagicLogin(settings);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw authError('USER_DOES_NOT_EXIST');
  const result = await verifyMagicCode(ctx, email, code);
  if (!result.ok) throw authError(result.reason === 'invalid' ? 'INVALID_MAGIC_CODE_SIGN_IN' : 'EXPIRED_MAGIC_CODE_SIGN_IN');
  if (!user.isActive) throw authError('USER_ACCOUNT_DEACTIVATED');
  return user;
}

/**
 * Creates an account from a code; its password is marked auto-set (the user may set one later).
 * @throws CodedError 5000, 5055, 5050, 5025, 5016, 5030, 5015, 5097, 5092.
 */
export async function signUpWithMagicCode(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  requireSetUp(settings);
  const email = normalizeEmail(fields.email);
  const code = readCode(fields.code);
  if (!email || !code) throw authError('MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED');
  if (!isValidEmail(email)) throw authError('INVALID_EMAIL_MAGIC_SIGN_UP');
  requireMagicLogin(settings);
  if (await findUserByEmail(ctx.db, email)) throw authError('USER_ALREADY_EXIST');
  await requireSignupAllowed(ctx, settings, email);
  const result = await verifyMagicCode(ctx, email, code);
  if (!result.ok) throw authError(result.reason === 'invalid' ? 'INVALID_MAGIC_CODE_SIGN_UP' : 'EXPIRED_MAGIC_CODE_SIGN_UP');
  return ctx.db.transaction((tx) => createUser(tx as unknown as Db, { email, passwordHash: null, isPasswordAutoset: true, isEmailVerified: true }));
}
