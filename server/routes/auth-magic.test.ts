import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { magicCodes, users } from '../../db/schema/index';
import type { TestServer } from '../../tests/support/server';
import { buildUser } from '../../tests/support/factories';
import { APP_BASE_URL, cookieSet, createMailingServer, freshEmail, postForm, postJson, redirectOf, setSetupDone, withInstanceConfig } from '../../tests/support/auth';
import type { SmtpCapture } from '../../tests/support/smtp';

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

/** Asks for a code and reads it from the email the server sent. */
async function mailedCode(email: string): Promise<string> {
  const since = smtp.messages.length;
  const response = await postJson(server, '/auth/magic-generate/', { email });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ key: `magic_${email.trim().toLowerCase()}` });
  const mail = await smtp.waitFor(email.trim().toLowerCase(), { since });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  expect(code, mail.subject).toBeDefined();
  expect(mail.text).toContain(code);
  return code!;
}

function wrongCode(code: string): string {
  return code === '123456' ? '654321' : '123456';
}

async function expectBothStyles(url: string, fields: Record<string, string>, code: number, name: string) {
  const json = await postJson(server, url, fields);
  expect(json.statusCode, json.body).toBe(400);
  expect(json.json()).toEqual({ error_code: code, error_message: name });
  const form = await postForm(server, url, fields);
  expect(form.statusCode).toBe(302);
  expect(redirectOf(form).query).toMatchObject({ error_code: String(code), error_message: name });
}

describe('POST /auth/email-check/', () => {
  test('a new email asks for a code; a password user for the password; an auto-set user for a code', async () => {
    expect((await postJson(server, '/auth/email-check/', { email: freshEmail('magic') })).json()).toEqual({ existing: false, status: 'MAGIC_CODE' });
    const withPassword = await buildUser(server);
    expect((await postJson(server, '/auth/email-check/', { email: ` ${withPassword.email.toUpperCase()}` })).json()).toEqual({
      existing: true,
      status: 'CREDENTIAL',
    });
    const autoset = await buildUser(server, { isPasswordAutoset: true });
    expect((await postJson(server, '/auth/email-check/', { email: autoset.email })).json()).toEqual({ existing: true, status: 'MAGIC_CODE' });
  });

  test('without SMTP or with codes switched off, everyone is asked for a password', async () => {
    await withSetting('EMAIL_HOST', '', '127.0.0.1', async () => {
      expect((await postJson(server, '/auth/email-check/', { email: freshEmail('magic') })).json().status).toBe('CREDENTIAL');
    });
    await withSetting('ENABLE_MAGIC_LINK_LOGIN', '0', '1', async () => {
      expect((await postJson(server, '/auth/email-check/', { email: freshEmail('magic') })).json().status).toBe('CREDENTIAL');
    });
  });

  test.each([
    ['5010 without an email', {}, 5010, 'EMAIL_REQUIRED'],
    ['5010 for a non-string email', { email: 42 }, 5010, 'EMAIL_REQUIRED'],
    ['5005 for an invalid email', { email: 'a@' }, 5005, 'INVALID_EMAIL'],
    ['5005 for a 100 kB email', { email: `${'a'.repeat(100_000)}@example.com` }, 5005, 'INVALID_EMAIL'],
  ])('%s', async (_name, body, code, name) => {
    const response = await postJson(server, '/auth/email-check/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error_code: code, error_message: name });
  });

  test('5000 before set-up', async () => {
    await setSetupDone(server, false);
    try {
      const response = await postJson(server, '/auth/email-check/', { email: freshEmail('magic') });
      expect(response.json()).toEqual({ error_code: 5000, error_message: 'INSTANCE_NOT_CONFIGURED' });
      expect((await postJson(server, '/auth/magic-generate/', { email: freshEmail('magic') })).json().error_code).toBe(5000);
    } finally {
      await setSetupDone(server, true);
    }
  });
});

describe('magic sign-up and sign-in', () => {
  test('sign-up with the mailed code creates a verified user with an auto-set password', async () => {
    const email = freshEmail('magic');
    const code = await mailedCode(email);
    const [row] = await server.database.db.select().from(magicCodes).where(eq(magicCodes.email, email));
    expect(row.codeHash).not.toContain(code);
    const response = await postJson(server, '/auth/magic-sign-up/', { email, code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email, is_password_autoset: true, is_email_verified: true, last_login_medium: 'magic-code' });
    expect(cookieSet(response, 'session-id')).toBeTruthy();
  });

  test('form sign-in with the mailed code redirects into the app with a session', async () => {
    const user = await buildUser(server);
    const code = await mailedCode(user.email);
    const response = await postForm(server, '/auth/magic-sign-in/', { email: user.email, code, next_path: '/x/issues' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${BASE}/?next_path=%2Fx%2Fissues`);
    expect(cookieSet(response, 'session-id')).toBeTruthy();
  });

  test('a used code cannot be used again (5095)', async () => {
    const user = await buildUser(server);
    const code = await mailedCode(user.email);
    expect((await postJson(server, '/auth/magic-sign-in/', { email: user.email, code })).statusCode).toBe(200);
    await expectBothStyles('/auth/magic-sign-in/', { email: user.email, code }, 5095, 'EXPIRED_MAGIC_CODE_SIGN_IN');
  });

  test('a wrong code is 5090; after the fifth wrong guess even the right code is void (5095)', async () => {
    const user = await buildUser(server);
    const code = await mailedCode(user.email);
    for (let guess = 1; guess <= 5; guess++) {
      const response = await postJson(server, '/auth/magic-sign-in/', { email: user.email, code: wrongCode(code) });
      expect(response.json()).toEqual({ error_code: 5090, error_message: 'INVALID_MAGIC_CODE_SIGN_IN' });
    }
    const right = await postJson(server, '/auth/magic-sign-in/', { email: user.email, code });
    expect(right.json()).toEqual({ error_code: 5095, error_message: 'EXPIRED_MAGIC_CODE_SIGN_IN' });
  });

  test('sign-up codes: wrong 5092, void after five wrong guesses 5097, both styles', async () => {
    const email = freshEmail('magic');
    const code = await mailedCode(email);
    await expectBothStyles('/auth/magic-sign-up/', { email, code: wrongCode(code) }, 5092, 'INVALID_MAGIC_CODE_SIGN_UP');
    for (let guess = 3; guess <= 5; guess++) await postJson(server, '/auth/magic-sign-up/', { email, code: wrongCode(code) });
    await expectBothStyles('/auth/magic-sign-up/', { email, code }, 5097, 'EXPIRED_MAGIC_CODE_SIGN_UP');
  });

  test('an expired code answers 5095 / 5097', async () => {
    const user = await buildUser(server);
    const signInCode = await mailedCode(user.email);
    const email = freshEmail('magic');
    const signUpCode = await mailedCode(email);
    await server.database.db.update(magicCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await postJson(server, '/auth/magic-sign-in/', { email: user.email, code: signInCode })).json().error_code).toBe(5095);
    expect((await postJson(server, '/auth/magic-sign-up/', { email, code: signUpCode })).json().error_code).toBe(5097);
  });

  test('four codes per window: the fifth request is 5102 for a new email, 5100 for a user', async () => {
    const email = freshEmail('magic');
    for (let attempt = 0; attempt < 4; attempt++) expect((await postJson(server, '/auth/magic-generate/', { email })).statusCode).toBe(200);
    expect((await postJson(server, '/auth/magic-generate/', { email })).json()).toEqual({
      error_code: 5102,
      error_message: 'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_UP',
    });
    const user = await buildUser(server);
    for (let attempt = 0; attempt < 4; attempt++) await postJson(server, '/auth/magic-generate/', { email: user.email });
    expect((await postJson(server, '/auth/magic-generate/', { email: user.email })).json()).toEqual({
      error_code: 5100,
      error_message: 'EMAIL_CODE_ATTEMPT_EXHAUSTED_SIGN_IN',
    });
  });

  test('only the latest code of a window works', async () => {
    const user = await buildUser(server);
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    if (first !== second) expect((await postJson(server, '/auth/magic-sign-in/', { email: user.email, code: first })).json().error_code).toBe(5090);
    expect((await postJson(server, '/auth/magic-sign-in/', { email: user.email, code: second })).statusCode).toBe(200);
  });

  test('5019 for a deactivated account even with the right code', async () => {
    const user = await buildUser(server, { isActive: false });
    const code = await mailedCode(user.email);
    const json = await postJson(server, '/auth/magic-sign-in/', { email: user.email, code });
    expect(json.json()).toEqual({ error_code: 5019, error_message: 'USER_ACCOUNT_DEACTIVATED' });
    const form = await postForm(server, '/auth/magic-sign-in/', { email: user.email, code: await mailedCode(user.email) });
    expect(redirectOf(form).query).toMatchObject({ error_code: '5019', error_message: 'USER_ACCOUNT_DEACTIVATED' });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isActive).toBe(false);
  });

  test.each([
    ['/auth/magic-sign-in/', '5085 without a code', { email: 'x@example.com' }, 5085, 'MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED'],
    ['/auth/magic-sign-in/', '5085 without an email', { code: '123456' }, 5085, 'MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED'],
    ['/auth/magic-sign-in/', '5080 for an invalid email', { email: 'x@', code: '123456' }, 5080, 'INVALID_EMAIL_MAGIC_SIGN_IN'],
    ['/auth/magic-sign-in/', '5060 for an unknown user', { email: 'ghost-magic@example.com', code: '123456' }, 5060, 'USER_DOES_NOT_EXIST'],
    ['/auth/magic-sign-up/', '5055 without a code', { email: 'x@example.com' }, 5055, 'MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED'],
    ['/auth/magic-sign-up/', '5050 for an invalid email', { email: 'x@', code: '123456' }, 5050, 'INVALID_EMAIL_MAGIC_SIGN_UP'],
  ])('%s: %s', async (url, _name, fields, code, name) => {
    await expectBothStyles(url, fields as Record<string, string>, code, name);
  });

  test('magic sign-up: 5030 for an existing user, 5015 with sign-up off', async () => {
    const user = await buildUser(server);
    await expectBothStyles('/auth/magic-sign-up/', { email: user.email, code: '123456' }, 5030, 'USER_ALREADY_EXIST');
    const email = freshEmail('magic');
    const code = await mailedCode(email);
    await withSetting('ENABLE_SIGNUP', '0', '1', () =>
      expectBothStyles('/auth/magic-sign-up/', { email, code }, 5015, 'SIGNUP_DISABLED'),
    );
  });

  test('5016 everywhere while codes are switched off', async () => {
    await withSetting('ENABLE_MAGIC_LINK_LOGIN', '0', '1', async () => {
      expect((await postJson(server, '/auth/magic-generate/', { email: freshEmail('magic') })).json()).toEqual({
        error_code: 5016,
        error_message: 'MAGIC_LINK_LOGIN_DISABLED',
      });
      const user = await buildUser(server);
      await expectBothStyles('/auth/magic-sign-in/', { email: user.email, code: '123456' }, 5016, 'MAGIC_LINK_LOGIN_DISABLED');
      await expectBothStyles('/auth/magic-sign-up/', { email: freshEmail('magic'), code: '123456' }, 5016, 'MAGIC_LINK_LOGIN_DISABLED');
    });
  });

  test('5025 everywhere without an SMTP host', async () => {
    await withSetting('EMAIL_HOST', '', '127.0.0.1', async () => {
      expect((await postJson(server, '/auth/magic-generate/', { email: freshEmail('magic') })).json()).toEqual({
        error_code: 5025,
        error_message: 'SMTP_NOT_CONFIGURED',
      });
      const user = await buildUser(server);
      await expectBothStyles('/auth/magic-sign-in/', { email: user.email, code: '123456' }, 5025, 'SMTP_NOT_CONFIGURED');
      await expectBothStyles('/auth/magic-sign-up/', { email: freshEmail('magic'), code: '123456' }, 5025, 'SMTP_NOT_CONFIGURED');
    });
  });

  test('magic-generate: 5010 / 5005 for a missing or invalid email', async () => {
    expect((await postJson(server, '/auth/magic-generate/', {})).json()).toEqual({ error_code: 5010, error_message: 'EMAIL_REQUIRED' });
    expect((await postJson(server, '/auth/magic-generate/', { email: 'bad' })).json()).toEqual({ error_code: 5005, error_message: 'INVALID_EMAIL' });
  });

  test('a failing SMTP server is logged, not shown: the code request still answers 200', async () => {
    await withSetting('EMAIL_PORT', '1', String(smtp.port), async () => {
      const response = await postJson(server, '/auth/magic-generate/', { email: freshEmail('magic') });
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
  });
});
