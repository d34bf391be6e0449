// The instance admin's own sign-up and sign-in (reference §2.2): the first admin's sign-up creates
// the user and the admin row and marks the instance set up; only that one sign-up is ever allowed.
import { eq, sql } from 'drizzle-orm';
import { instanceAdmins, instances, type User } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { authError, createUser, findUserByEmail, isValidEmail, normalizeEmail } from './auth';
import { getInstance, getInstanceSettings } from '../ops/instance';
import { hashPassword, isStrongPassword, PASSWORD_MAX_LENGTH, verifyPassword } from './password';

const NAME_MAX_LENGTH = 255;

const text = (value: unknown, max = NAME_MAX_LENGTH) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const isTrue = (value: unknown) => value === true || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase()));

/** True when the user is an instance admin. */
export async function isInstanceAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: instanceAdmins.id }).from(instanceAdmins).where(eq(instanceAdmins.userId, userId)).limit(1);
  return Boolean(row);
}

async function hasAnyAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: instanceAdmins.id }).from(instanceAdmins).limit(1);
  return Boolean(row);
}

/**
 * Creates the first instance admin and finishes the instance set-up.
 * @throws CodedError 5150, 5155, 5160, 5180, 5165.
 */
export async function signUpFirstAdmin(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  if (await hasAnyAdmin(ctx.db)) throw authError('ADMIN_ALREADY_EXIST');
  const email = normalizeEmail(fields.email);
  const password = typeof fields.password === 'string' ? fields.password : '';
  const firstName = text(fields.first_name);
  if (!email || !password || !firstName) throw authError('REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME');
  if (!isValidEmail(email)) throw authError('INVALID_ADMIN_EMAIL');
  if (await findUserByEmail(ctx.db, email)) throw authError('ADMIN_USER_ALREADY_EXIST');
  if (!(await isStrongPassword(password, [email, firstName]))) throw authError('INVALID_ADMIN_PASSWORD');
  const passwordHash = await hashPassword(password);
  const companyName = text(fields.company_name);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two set-up forms submitted at once: the lock makes the second see the first admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('trellis:first-admin', 0))`);
    if (await hasAnyAdmin(tx)) throw authError('ADMIN_ALREADY_EXIST');
    const user = await createUser(tx, {
      email,
      passwordHash,
      isPasswordAutoset: false,
      isEmailVerified: true,
      firstName,
      lastName: text(fields.last_name),
      companyName,
    });
    const instance = await getInstance(tx);
    await tx.insert(instanceAdmins).values({ instanceId: instance.id, userId: user.id, role: 20, isVerified: true, createdBy: user.id });
    await tx
      .update(instances)
      .set({
        isSetupDone: true,
        isSignupScreenVisited: true,
        isTelemetryEnabled: isTrue(fields.is_telemetry_enabled),
        ...(companyName && { instanceName: companyName }),
        updatedBy: user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(instances.id, instance.id));
    return user;
  });
}

/**
 * Checks an instance admin's email and password.
 * @throws CodedError 5000, 5170, 5160, 5185, 5190, 5175 (wrong password or not an admin).
 */
export async function signInAdmin(ctx: ServerContext, fields: Record<string, unknown>): Promise<User> {
  const settings = await getInstanceSettings(ctx);
  if (!settings.isSetupDone) throw authError('INSTANCE_NOT_CONFIGURED');
  const email = normalizeEmail(fields.email);
  const password = typeof fields.password === 'string' ? fields.password : '';
  if (!email || !password) throw authError('REQUIRED_ADMIN_EMAIL_PASSWORD');
  if (!isValidEmail(email)) throw authError('INVALID_ADMIN_EMAIL');
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw authError('ADMIN_USER_DOES_NOT_EXIST');
  if (!user.isActive) throw authError('ADMIN_USER_DEACTIVATED');
  const matches = password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(user.passwordHash, password));
  if (!matches || !(await isInstanceAdmin(ctx.db, user.id))) throw authError('ADMIN_AUTHENTICATION_FAILED');
  return user;
}
