import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  passwordResetTokens,
  profiles,
  sessions,
  userNotificationPreferences,
  users,
  workspaceInvitations,
  workspaceMembers,
} from '../../db/schema/index';
import type { TestServer } from '../../tests/support/server';
import { buildUser, buildWorkspace, TEST_PASSWORD } from '../../tests/support/factories';
import {
  APP_BASE_URL,
  cookieSet,
  createMailingServer,
  freshEmail,
  postForm,
  postJson,
  redirectOf,
  sessionHeaders,
  setSetupDone,
  withInstanceConfig,
} from '../../tests/support/auth';
import type { SmtpCapture } from '../../tests/support/smtp';
import { hashSecret } from '../security';

const STRONG = 'violet-Tractor-mirror-93';
const BASE = APP_BASE_URL;

let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  ({ server, smtp } = await createMailingServer());
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const withSetting = <T>(key: string, value: string, restore: string, run: () => Promise<T>) => withInstanceConfig(server, key, value, restore, run);

async function sessionExists(key: string): Promise<boolean> {
  const rows = await server.database.db.select().from(sessions).where(eq(sessions.id, hashSecret(key)));
  return rows.length === 1;
}

/** Asserts a coded failure in both styles: JSON 400 body and form 302 query. */
async function expectCode(url: string, fields: Record<string, string>, code: number, name: string) {
  const json = await postJson(server, url, fields);
  expect(json.statusCode, json.body).toBe(400);
  expect(json.json()).toMatchObject({ error_code: code, error_message: name });
  const form = await postForm(server, url, fields);
  expect(form.statusCode).toBe(302);
  const { url: target, query } = redirectOf(form);
  expect(`${target.origin}${target.pathname}`).toBe(`${BASE}/`);
  expect(query).toMatchObject({ error_code: String(code), error_message: name });
  if (fields.email) expect(query.email).toBe(fields.email);
  expect(cookieSet(form, 'session-id')).toBeUndefined();
}

describe('POST /auth/sign-in/', () => {
  test('JSON sign-in trims and lower-cases the email, starts a session and answers UserMe', async () => {
    const user = await buildUser(server);
    const response = await postJson(server, '/auth/sign-in/', { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, last_login_medium: 'email', is_password_autoset: false });
    expect(body.user.password).toBeUndefined();
    expect(body.next_path).toBe('/create-workspace');
    const key = cookieSet(response, 'session-id')!;
    expect(await sessionExists(key)).toBe(true);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLoginTime).not.toBeNull();
    expect(row.lastLoginIp).toBeTruthy();
  });

  test('sign-in rotates the session: the previous session id stops working', async () => {
    const user = await buildUser(server);
    const response = await postJson(server, '/auth/sign-in/', { email: user.email, password: user.password }, sessionHeaders(user.sessionKey));
    expect(response.statusCode).toBe(200);
    expect(await sessionExists(user.sessionKey)).toBe(false);
    expect(await sessionExists(cookieSet(response, 'session-id')!)).toBe(true);
  });

  test('JSON next_path: the asked path when safe, else the landing page', async () => {
    const user = await buildUser(server);
    const workspace = await buildWorkspace(server, user);
    const asked = await postJson(server, '/auth/sign-in/', { email: user.email, password: user.password, next_path: '/ws/projects' });
    expect(asked.json().next_path).toBe('/ws/projects');
    const unsafe = await postJson(server, '/auth/sign-in/', { email: user.email, password: user.password, next_path: 'javascript:alert(1)' });
    expect(unsafe.json().next_path).toBe(`/${workspace.slug}`);
  });

  test('form sign-in redirects to the app root, or to /?next_path= when one is given', async () => {
    const user = await buildUser(server);
    const plain = await postForm(server, '/auth/sign-in/', { email: user.email, password: user.password });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(BASE);
    expect(cookieSet(plain, 'session-id')).toBeTruthy();
    const withNext = await postForm(server, '/auth/sign-in/', { email: user.email, password: user.password, next_path: '/acme/issues' });
    expect(withNext.headers.location).toBe(`${BASE}/?next_path=%2Facme%2Fissues`);
  });

  test('a form error keeps a valid next_path and echoes the email', async () => {
    const response = await postForm(server, '/auth/sign-in/', { email: 'nobody@example.com', password: 'x', next_path: '/acme' });
    expect(response.headers.location).toBe(
      `${BASE}/?next_path=%2Facme&error_code=5060&error_message=USER_DOES_NOT_EXIST&email=nobody%40example.com`,
    );
  });

  test('form posts need the CSRF token', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/auth/sign-in/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co&password=x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'CSRF token missing or incorrect' });
  });

  test.each([
    ['5070 when the password is missing', { email: 'a@example.com' }, 5070, 'REQUIRED_EMAIL_PASSWORD_SIGN_IN'],
    ['5070 when the email is missing', { password: 'x' }, 5070, 'REQUIRED_EMAIL_PASSWORD_SIGN_IN'],
    ['5075 for an invalid email', { email: 'not-an-email', password: 'x' }, 5075, 'INVALID_EMAIL_SIGN_IN'],
    ['5060 for an unknown user', { email: 'ghost@example.com', password: 'x' }, 5060, 'USER_DOES_NOT_EXIST'],
  ])('%s', async (_name, fields, code, name) => {
    await expectCode('/auth/sign-in/', fields as Record<string, string>, code, name);
  });

  test('5065 for a wrong password (and for a 100 kB one)', async () => {
    const user = await buildUser(server);
    await expectCode('/auth/sign-in/', { email: user.email, password: 'wrong-password-1' }, 5065, 'AUTHENTICATION_FAILED_SIGN_IN');
    await expectCode('/auth/sign-in/', { email: user.email, password: 'x'.repeat(100_000) }, 5065, 'AUTHENTICATION_FAILED_SIGN_IN');
  });

  test('5019 for a deactivated account, which stays deactivated', async () => {
    const user = await buildUser(server, { isActive: false });
    await expectCode('/auth/sign-in/', { email: user.email, password: user.password }, 5019, 'USER_ACCOUNT_DEACTIVATED');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isActive).toBe(false);
  });

  test('5019, not 5065, after the user deactivated the account themselves (its password is replaced then)', async () => {
    const user = await buildUser(server);
    const deactivated = await server.inject({ method: 'DELETE', url: '/api/users/me/', headers: user.headers });
    expect(deactivated.statusCode, deactivated.body).toBe(204);
    await expectCode('/auth/sign-in/', { email: user.email, password: user.password }, 5019, 'USER_ACCOUNT_DEACTIVATED');
    await expectCode('/auth/sign-in/', { email: user.email, password: 'wrong-password-1' }, 5019, 'USER_ACCOUNT_DEACTIVATED');
  });

  test('5018 while the instance has password sign-in off', async () => {
    const user = await buildUser(server);
    await withSetting('ENABLE_EMAIL_PASSWORD', '0', '1', () =>
      expectCode('/auth/sign-in/', { email: user.email, password: user.password }, 5018, 'PASSWORD_LOGIN_DISABLED'),
    );
  });

  test('5000 until the first admin exists', async () => {
    const user = await buildUser(server);
    await setSetupDone(server, false);
    try {
      await expectCode('/auth/sign-in/', { email: user.email, password: user.password }, 5000, 'INSTANCE_NOT_CONFIGURED');
      await expectCode('/auth/sign-up/', { email: freshEmail('pw'), password: STRONG }, 5000, 'INSTANCE_NOT_CONFIGURED');
    } finally {
      await setSetupDone(server, true);
    }
  });

  test('wrong types in a JSON body are coded errors, not 500s', async () => {
    const response = await postJson(server, '/auth/sign-in/', { email: ['a@b.co'], password: { x: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(5070);
  });
});

describe('POST /auth/sign-up/', () => {
  test('JSON sign-up creates the user with profile and notification preferences, signed in', async () => {
    const email = freshEmail('pw');
    const response = await postJson(server, '/auth/sign-up/', { email: email.toUpperCase(), password: STRONG, confirm_password: STRONG });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email, display_name: email.split('@')[0], is_password_autoset: false });
    expect(body.next_path).toBe('/onboarding');
    expect(await sessionExists(cookieSet(response, 'session-id')!)).toBe(true);
    const { db } = server.database;
    expect(await db.select().from(profiles).where(eq(profiles.userId, body.user.id))).toHaveLength(1);
    expect(await db.select().from(userNotificationPreferences).where(eq(userNotificationPreferences.userId, body.user.id))).toHaveLength(1);
  });

  test('form sign-up redirects into the app', async () => {
    const response = await postForm(server, '/auth/sign-up/', { email: freshEmail('pw'), password: STRONG });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(BASE);
    expect(cookieSet(response, 'session-id')).toBeTruthy();
  });

  test('accepted workspace invitations become memberships at sign-up', async () => {
    const owner = await buildUser(server);
    const workspace = await buildWorkspace(server, owner);
    const email = freshEmail('pw');
    const { db } = server.database;
    await db.insert(workspaceInvitations).values({ workspaceId: workspace.id, email, role: 15, token: hashSecret(email), accepted: true });
    const response = await postJson(server, '/auth/sign-up/', { email, password: STRONG });
    expect(response.statusCode).toBe(200);
    const members = await db.select().from(workspaceMembers).where(eq(workspaceMembers.memberId, response.json().user.id));
    expect(members).toMatchObject([{ workspaceId: workspace.id, role: 15, isActive: true }]);
    const live = await db
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.email, email), isNull(workspaceInvitations.deletedAt)));
    expect(live).toHaveLength(0);
  });

  test.each([
    ['5040 without a password', { email: 'new@example.com' }, 5040, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
    ['5040 without an email', { password: STRONG }, 5040, 'REQUIRED_EMAIL_PASSWORD_SIGN_UP'],
    ['5045 for an invalid email', { email: 'bad@', password: STRONG }, 5045, 'INVALID_EMAIL_SIGN_UP'],
    ['5020 for a weak password', { email: 'weak-pw@example.com', password: 'password1' }, 5020, 'INVALID_PASSWORD'],
    ['5020 for a too long password', { email: 'long-pw@example.com', password: `${STRONG}${'x'.repeat(200)}` }, 5020, 'INVALID_PASSWORD'],
  ])('%s', async (_name, fields, code, name) => {
    await expectCode('/auth/sign-up/', fields as Record<string, string>, code, name);
  });

  test('5030 when the email already has an account', async () => {
    const user = await buildUser(server);
    await expectCode('/auth/sign-up/', { email: user.email, password: STRONG }, 5030, 'USER_ALREADY_EXIST');
  });

  test('5015 with sign-up off, unless the email was invited', async () => {
    await withSetting('ENABLE_SIGNUP', '0', '1', async () => {
      await expectCode('/auth/sign-up/', { email: freshEmail('pw'), password: STRONG }, 5015, 'SIGNUP_DISABLED');
      const owner = await buildUser(server);
      const workspace = await buildWorkspace(server, owner);
      const invited = freshEmail('pw');
      await server.database.db.insert(workspaceInvitations).values({ workspaceId: workspace.id, email: invited, token: hashSecret(invited) });
      expect((await postJson(server, '/auth/sign-up/', { email: invited, password: STRONG })).statusCode).toBe(200);
    });
  });

  test('5018 while password sign-in is off', async () => {
    await withSetting('ENABLE_EMAIL_PASSWORD', '0', '1', () =>
      expectCode('/auth/sign-up/', { email: freshEmail('pw'), password: STRONG }, 5018, 'PASSWORD_LOGIN_DISABLED'),
    );
  });
});

describe('forgot and reset password', () => {
  async function requestLink(email: string) {
    const since = smtp.messages.length;
    const response = await postJson(server, '/auth/forgot-password/', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Check your email to reset your password' });
    const mail = await smtp.waitFor(email, { since });
    const match = /https?:\/\/\S+\/accounts\/reset-password\/\?\S+/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    const link = new URL(match![0]);
    return { link, uidb64: link.searchParams.get('uidb64')!, token: link.searchParams.get('token')! };
  }

  test('the emailed link resets the password once; old sessions end; the new password works', async () => {
    const user = await buildUser(server);
    const { link, uidb64, token } = await requestLink(user.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE}/accounts/reset-password/`);
    expect(link.searchParams.get('email')).toBe(user.email);
    const stored = await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored[0].tokenHash).not.toBe(token);

    const reset = await postJson(server, `/auth/reset-password/${uidb64}/${token}/`, { password: STRONG });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password updated successfully' });
    expect(await sessionExists(user.sessionKey)).toBe(false);
    expect((await postJson(server, '/auth/sign-in/', { email: user.email, password: STRONG })).statusCode).toBe(200);

    const again = await postJson(server, `/auth/reset-password/${uidb64}/${token}/`, { password: 'another-Strong-pass-77' });
    expect(again.json()).toMatchObject({ error_code: 5125, error_message: 'INVALID_PASSWORD_TOKEN' });
  });

  test('form style: success goes to sign-in, errors go back to the reset page with uid and token', async () => {
    const user = await buildUser(server);
    const { uidb64, token } = await requestLink(user.email);
    const weak = await postForm(server, `/auth/reset-password/${uidb64}/${token}/`, { password: 'abc' });
    const { url, query } = redirectOf(weak);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/accounts/reset-password/`);
    expect(query).toMatchObject({ uidb64, token, error_code: '5020', error_message: 'INVALID_PASSWORD' });
    const ok = await postForm(server, `/auth/reset-password/${uidb64}/${token}/`, { password: STRONG });
    expect(ok.headers.location).toBe(`${BASE}/sign-in?success=True`);
  });

  test('5130 for an expired token or an undecodable uid; 5125 for an unknown token; 5020 without a password', async () => {
    const user = await buildUser(server);
    const { uidb64, token } = await requestLink(user.email);
    const missing = await postJson(server, `/auth/reset-password/${uidb64}/${token}/`, {});
    expect(missing.json()).toMatchObject({ error_code: 5020, error_message: 'INVALID_PASSWORD' });
    const unknown = await postJson(server, `/auth/reset-password/${uidb64}/${'0'.repeat(64)}/`, { password: STRONG });
    expect(unknown.json()).toMatchObject({ error_code: 5125 });
    const badUid = await postJson(server, `/auth/reset-password/bm90LWEtdXVpZA/${token}/`, { password: STRONG });
    expect(badUid.json()).toMatchObject({ error_code: 5130, error_message: 'EXPIRED_PASSWORD_TOKEN' });
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await postJson(server, `/auth/reset-password/${uidb64}/${token}/`, { password: STRONG });
    expect(expired.json()).toMatchObject({ error_code: 5130, error_message: 'EXPIRED_PASSWORD_TOKEN' });
  });

  test('a password change voids an outstanding reset link', async () => {
    const user = await buildUser(server);
    const { uidb64, token } = await requestLink(user.email);
    const change = await postJson(server, '/auth/change-password/', { old_password: user.password, new_password: STRONG }, user.headers);
    expect(change.statusCode).toBe(200);
    const reset = await postJson(server, `/auth/reset-password/${uidb64}/${token}/`, { password: 'another-Strong-pass-77' });
    expect(reset.json()).toMatchObject({ error_code: 5125 });
  });

  test('an unknown email gets the same answer and no mail', async () => {
    const since = smtp.messages.length;
    const response = await postJson(server, '/auth/forgot-password/', { email: 'nobody-here@example.com' });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.slice(since).some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });

  test.each([
    ['5010 without an email', {}, 5010, 'EMAIL_REQUIRED'],
    ['5005 for an invalid email', { email: 'nope' }, 5005, 'INVALID_EMAIL'],
  ])('forgot-password: %s', async (_name, body, code, name) => {
    const response = await postJson(server, '/auth/forgot-password/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error_code: code, error_message: name });
  });

  test('forgot-password: 5025 when no SMTP host is configured', async () => {
    await withSetting('EMAIL_HOST', '', '127.0.0.1', async () => {
      const response = await postJson(server, '/auth/forgot-password/', { email: 'someone@example.com' });
      expect(response.json()).toEqual({ error_code: 5025, error_message: 'SMTP_NOT_CONFIGURED' });
    });
  });
});

describe('POST /auth/change-password/', () => {
  test('keeps the caller signed in under a new session id and ends every other session', async () => {
    const user = await buildUser(server);
    const other = await postJson(server, '/auth/sign-in/', { email: user.email, password: user.password });
    const otherKey = cookieSet(other, 'session-id')!;
    const response = await postJson(server, '/auth/change-password/', { old_password: user.password, new_password: STRONG }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated successfully' });
    const renewed = cookieSet(response, 'session-id')!;
    expect(renewed).not.toBe(user.sessionKey);
    expect(await sessionExists(renewed)).toBe(true);
    expect(await sessionExists(user.sessionKey)).toBe(false);
    expect(await sessionExists(otherKey)).toBe(false);
    expect((await postJson(server, '/auth/sign-in/', { email: user.email, password: STRONG })).statusCode).toBe(200);
  });

  test.each([
    ['5138 without the old password', { new_password: STRONG }, 5138, 'MISSING_PASSWORD'],
    ['5138 without the new password', { old_password: TEST_PASSWORD }, 5138, 'MISSING_PASSWORD'],
    ['5135 for a wrong old password', { old_password: 'not-it-at-all-9', new_password: STRONG }, 5135, 'INCORRECT_OLD_PASSWORD'],
    ['5140 for a weak new password', { old_password: TEST_PASSWORD, new_password: 'password' }, 5140, 'INVALID_NEW_PASSWORD'],
  ])('%s', async (_name, body, code, name) => {
    const user = await buildUser(server);
    const response = await postJson(server, '/auth/change-password/', body, user.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: code, error_message: name });
    expect(await sessionExists(user.sessionKey)).toBe(true);
  });

  test('401 when signed out, 403 without the CSRF token', async () => {
    const anonymous = await postJson(server, '/auth/change-password/', { old_password: 'a', new_password: STRONG });
    expect(anonymous.statusCode).toBe(401);
    const user = await buildUser(server);
    const noCsrf = await postJson(server, '/auth/change-password/', { old_password: user.password, new_password: STRONG }, {
      cookie: `session-id=${user.sessionKey}`,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ error: 'CSRF token missing or incorrect' });
  });
});

describe('POST /auth/set-password/', () => {
  test('an auto-set password can be replaced once; the answer is the full user', async () => {
    const user = await buildUser(server, { isPasswordAutoset: true, passwordHash: null });
    const response = await postJson(server, '/auth/set-password/', { password: STRONG }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, is_password_autoset: false, email: user.email });
    expect(response.json().password).toBeUndefined();
    expect(cookieSet(response, 'session-id')).toBeTruthy();
    const again = await postJson(server, '/auth/set-password/', { password: STRONG }, sessionHeaders(cookieSet(response, 'session-id')!));
    expect(again.json()).toMatchObject({ error_code: 5145, error_message: 'PASSWORD_ALREADY_SET' });
  });

  test('5145 for a user with a password, 5020 for a weak or missing one, 401 signed out', async () => {
    const user = await buildUser(server);
    expect((await postJson(server, '/auth/set-password/', { password: STRONG }, user.headers)).json().error_code).toBe(5145);
    const autoset = await buildUser(server, { isPasswordAutoset: true });
    expect((await postJson(server, '/auth/set-password/', { password: 'abc' }, autoset.headers)).json()).toMatchObject({ error_code: 5020 });
    expect((await postJson(server, '/auth/set-password/', {}, autoset.headers)).json()).toMatchObject({ error_code: 5020 });
    expect((await postJson(server, '/auth/set-password/', { password: STRONG })).statusCode).toBe(401);
  });
});

describe('POST /auth/sign-out/', () => {
  test('JSON: 200 and the session is gone', async () => {
    const user = await buildUser(server);
    const response = await postJson(server, '/auth/sign-out/', {}, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out' });
    expect(await sessionExists(user.sessionKey)).toBe(false);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLogoutTime).not.toBeNull();
  });

  test('form: 302 to the app root', async () => {
    const user = await buildUser(server);
    const response = await postForm(server, '/auth/sign-out/', {}, `session-id=${user.sessionKey}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(BASE);
    expect(await sessionExists(user.sessionKey)).toBe(false);
  });

  test('a signed-in sign-out without the CSRF token is refused', async () => {
    const user = await buildUser(server);
    const response = await postJson(server, '/auth/sign-out/', {}, { cookie: `session-id=${user.sessionKey}` });
    expect(response.statusCode).toBe(403);
    expect(await sessionExists(user.sessionKey)).toBe(true);
  });
});
