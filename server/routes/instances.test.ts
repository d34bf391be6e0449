import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { instanceAdmins, instanceConfigurations, profiles, sessions } from '../../db/schema/index';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { buildUser } from '../../tests/support/factories';
import { cookieSet, postForm, postJson, redirectOf, TEST_CSRF } from '../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../tests/support/smtp';
import { hashSecret } from '../security';
import { getInstanceSettings } from '../services/ops/instance';

const BASE = 'http://localhost:3000';
const ADMIN = { email: 'root@example.com', password: 'quiet-Lantern-harbor-58', first_name: 'Ada', last_name: 'Admin', company_name: 'Acme' };

let server: TestServer;
let smtp: SmtpCapture;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // No SMTP_* on purpose: the instance starts without mail and an admin turns it on.
  server = await createTestServer({ env: { APP_BASE_URL: BASE } });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const adminCookieHeaders = (key: string) => ({ cookie: `admin-session-id=${key}; csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF });

describe('before set-up', () => {
  test('GET /api/instances/ says set-up is not done and lists the config flags', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/instances/' });
    expect(response.statusCode).toBe(200);
    const { instance, config } = response.json();
    expect(instance).toMatchObject({ is_setup_done: false, workspaces_exist: false });
    expect(instance.id).toBeTruthy();
    expect(config).toMatchObject({
      enable_signup: true,
      is_workspace_creation_disabled: false,
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_magic_login_enabled: true,
      is_email_password_enabled: true,
      is_smtp_configured: false,
      file_size_limit: 5242880,
      app_base_url: BASE,
    });
    expect(config.admin_base_url).toBe(`${BASE}/admin`);
  });

  test('admin sign-in answers 5000 until the first admin exists', async () => {
    const response = await postJson(server, '/api/instances/admins/sign-in/', { email: ADMIN.email, password: ADMIN.password });
    expect(response.json()).toEqual({ error_code: 5000, error_message: 'INSTANCE_NOT_CONFIGURED' });
  });

  test.each([
    ['5155 without a first name', { ...ADMIN, first_name: '' }, 5155, 'REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME'],
    ['5155 without a password', { ...ADMIN, password: '' }, 5155, 'REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME'],
    ['5160 for an invalid email', { ...ADMIN, email: 'root@' }, 5160, 'INVALID_ADMIN_EMAIL'],
    ['5165 for a weak password', { ...ADMIN, password: 'password123' }, 5165, 'INVALID_ADMIN_PASSWORD'],
  ])('admin sign-up: %s, in both styles', async (_name, fields, code, name) => {
    const json = await postJson(server, '/api/instances/admins/sign-up/', fields);
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error_code: code, error_message: name });
    const form = await postForm(server, '/api/instances/admins/sign-up/', fields);
    expect(form.statusCode).toBe(302);
    const { url, query } = redirectOf(form);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/admin/`);
    expect(query).toMatchObject({ error_code: String(code), error_message: name, email: fields.email, last_name: 'Admin' });
  });

  test('admin sign-up: 5180 when the email already has an account', async () => {
    const user = await buildUser(server);
    const response = await postJson(server, '/api/instances/admins/sign-up/', { ...ADMIN, email: user.email });
    expect(response.json()).toEqual({ error_code: 5180, error_message: 'ADMIN_USER_ALREADY_EXIST' });
  });
});

describe('first admin', () => {
  test('sign-up creates the admin, finishes set-up and starts both the admin and the app session', async () => {
    const response = await postJson(server, '/api/instances/admins/sign-up/', { ...ADMIN, is_telemetry_enabled: 'True' });
    expect(response.statusCode, response.body).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ email: ADMIN.email, first_name: 'Ada', last_name: 'Admin' });
    const adminKey = cookieSet(response, 'admin-session-id')!;
    const appKey = cookieSet(response, 'session-id')!;
    expect(adminKey && appKey).toBeTruthy();
    adminHeaders = adminCookieHeaders(adminKey);
    const { db } = server.database;
    expect(await db.select().from(instanceAdmins).where(eq(instanceAdmins.userId, user.id))).toHaveLength(1);
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0].companyName).toBe('Acme');
    const instance = (await server.inject({ method: 'GET', url: '/api/instances/' })).json().instance;
    expect(instance).toMatchObject({ is_setup_done: true, instance_name: 'Acme', is_telemetry_enabled: true });
    const session = await server.inject({ method: 'GET', url: '/api/instances/admins/session/', headers: adminHeaders });
    expect(session.json()).toMatchObject({ is_authenticated: true, user: { email: ADMIN.email } });
    const appSession = await server.inject({ method: 'GET', url: '/api/instances/admins/session/', headers: { cookie: `session-id=${appKey}` } });
    expect(appSession.json().is_authenticated).toBe(true);
  });

  test('a second sign-up is refused with 5150 (form: 302 into /admin echoing the fields)', async () => {
    const json = await postJson(server, '/api/instances/admins/sign-up/', { ...ADMIN, email: 'second@example.com' });
    expect(json.json()).toEqual({ error_code: 5150, error_message: 'ADMIN_ALREADY_EXIST' });
    const form = await postForm(server, '/api/instances/admins/sign-up/', { ...ADMIN, email: 'second@example.com' });
    expect(redirectOf(form).query).toMatchObject({
      error_code: '5150',
      error_message: 'ADMIN_ALREADY_EXIST',
      email: 'second@example.com',
      company_name: 'Acme',
    });
  });

  test('GET /admins/me/ and /admins/session/', async () => {
    const me = await server.inject({ method: 'GET', url: '/api/instances/admins/me/', headers: adminHeaders });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: ADMIN.email, is_active: true, is_password_autoset: false });
    expect((await server.inject({ method: 'GET', url: '/api/instances/admins/me/' })).statusCode).toBe(401);
    const anonymous = await server.inject({ method: 'GET', url: '/api/instances/admins/session/' });
    expect(anonymous.json()).toEqual({ is_authenticated: false });
    const user = await buildUser(server);
    const nonAdmin = await server.inject({ method: 'GET', url: '/api/instances/admins/me/', headers: user.headers });
    expect(nonAdmin.statusCode).toBe(403);
  });
});

describe('admin sign-in and sign-out', () => {
  test('JSON sign-in sets only the admin session; form sign-in redirects to /admin/general/', async () => {
    const json = await postJson(server, '/api/instances/admins/sign-in/', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(json.statusCode).toBe(200);
    expect(json.json().user.email).toBe(ADMIN.email);
    expect(cookieSet(json, 'admin-session-id')).toBeTruthy();
    expect(cookieSet(json, 'session-id')).toBeUndefined();
    const form = await postForm(server, '/api/instances/admins/sign-in/', { email: ADMIN.email, password: ADMIN.password });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe(`${BASE}/admin/general/`);
  });

  test.each([
    ['5170 without a password', { email: ADMIN.email }, 5170, 'REQUIRED_ADMIN_EMAIL_PASSWORD'],
    ['5160 for an invalid email', { email: 'x@', password: 'x' }, 5160, 'INVALID_ADMIN_EMAIL'],
    ['5185 for an unknown user', { email: 'nobody-admin@example.com', password: 'x' }, 5185, 'ADMIN_USER_DOES_NOT_EXIST'],
    ['5175 for a wrong password', { email: ADMIN.email, password: 'not-the-password-1' }, 5175, 'ADMIN_AUTHENTICATION_FAILED'],
  ])('%s, in both styles', async (_name, fields, code, name) => {
    const json = await postJson(server, '/api/instances/admins/sign-in/', fields);
    expect(json.json()).toEqual({ error_code: code, error_message: name });
    const form = await postForm(server, '/api/instances/admins/sign-in/', fields as Record<string, string>);
    expect(redirectOf(form).url.pathname).toBe('/admin/');
    expect(redirectOf(form).query).toMatchObject({ error_code: String(code), error_message: name });
  });

  test('5175 for a user who is not an admin, 5190 for a deactivated one', async () => {
    const user = await buildUser(server);
    const notAdmin = await postJson(server, '/api/instances/admins/sign-in/', { email: user.email, password: user.password });
    expect(notAdmin.json()).toEqual({ error_code: 5175, error_message: 'ADMIN_AUTHENTICATION_FAILED' });
    const inactive = await buildUser(server, { isActive: false });
    const deactivated = await postJson(server, '/api/instances/admins/sign-in/', { email: inactive.email, password: inactive.password });
    expect(deactivated.json()).toEqual({ error_code: 5190, error_message: 'ADMIN_USER_DEACTIVATED' });
  });

  test('sign-out ends the admin session (JSON 200, form 302 to /admin/)', async () => {
    const signIn = await postJson(server, '/api/instances/admins/sign-in/', { email: ADMIN.email, password: ADMIN.password });
    const key = cookieSet(signIn, 'admin-session-id')!;
    const out = await postJson(server, '/api/instances/admins/sign-out/', {}, adminCookieHeaders(key));
    expect(out.json()).toEqual({ message: 'Signed out' });
    expect(await server.database.db.select().from(sessions).where(eq(sessions.id, hashSecret(key)))).toHaveLength(0);
    const again = await postJson(server, '/api/instances/admins/sign-in/', { email: ADMIN.email, password: ADMIN.password });
    const form = await postForm(server, '/api/instances/admins/sign-out/', {}, `admin-session-id=${cookieSet(again, 'admin-session-id')}`);
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe(`${BASE}/admin/`);
  });
});

describe('instance settings', () => {
  test('configurations: admins only, CSRF required, secrets masked and stored encrypted', async () => {
    expect((await server.inject({ method: 'GET', url: '/api/instances/configurations/' })).statusCode).toBe(401);
    const user = await buildUser(server);
    expect((await server.inject({ method: 'GET', url: '/api/instances/configurations/', headers: user.headers })).statusCode).toBe(403);
    const noCsrf = await server.inject({
      method: 'PATCH',
      url: '/api/instances/configurations/',
      headers: { cookie: adminHeaders.cookie },
      payload: { GOOGLE_CLIENT_ID: 'x' },
    });
    expect(noCsrf.statusCode).toBe(403);

    const patch = await server.inject({
      method: 'PATCH',
      url: '/api/instances/configurations/',
      headers: adminHeaders,
      payload: { GOOGLE_CLIENT_SECRET: ' s3cret ', UNKNOWN_KEY: 'ignored' },
    });
    expect(patch.statusCode).toBe(200);
    const rows = patch.json() as Array<{ key: string; value: string; is_encrypted: boolean }>;
    expect(rows.find((row) => row.key === 'GOOGLE_CLIENT_SECRET')).toMatchObject({ value: '********', is_encrypted: true });
    expect(rows.some((row) => row.key === 'UNKNOWN_KEY')).toBe(false);
    expect(rows.find((row) => row.key === 'ENABLE_SIGNUP')?.value).toBe('1');
    const [stored] = await server.database.db.select().from(instanceConfigurations).where(eq(instanceConfigurations.key, 'GOOGLE_CLIENT_SECRET'));
    expect(stored.value).not.toContain('s3cret');

    // Sending the mask back leaves the secret as it was.
    await server.inject({ method: 'PATCH', url: '/api/instances/configurations/', headers: adminHeaders, payload: { GOOGLE_CLIENT_SECRET: '********', GOOGLE_CLIENT_ID: 'client-1' } });
    const settings = await getInstanceSettings(server.app.ctx);
    expect(settings.oauth.google).toEqual({ clientId: 'client-1', clientSecret: 's3cret' });
    expect((await server.inject({ method: 'GET', url: '/api/instances/' })).json().config.is_google_enabled).toBe(true);
  });

  test('an admin turning SMTP on makes magic codes work at once', async () => {
    const email = 'mail-at-once@example.com';
    expect((await postJson(server, '/auth/magic-generate/', { email })).json().error_code).toBe(5025);
    const patch = await server.inject({
      method: 'PATCH',
      url: '/api/instances/configurations/',
      headers: adminHeaders,
      payload: { EMAIL_HOST: smtp.host, EMAIL_PORT: smtp.port, EMAIL_USE_TLS: false, EMAIL_FROM: 'Ops <ops@example.com>' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/api/instances/' })).json().config.is_smtp_configured).toBe(true);
    expect((await postJson(server, '/auth/magic-generate/', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('ops@example.com');
  });

  test('sign-up and workspace-creation switches apply at once', async () => {
    await server.inject({ method: 'PATCH', url: '/api/instances/configurations/', headers: adminHeaders, payload: { ENABLE_SIGNUP: '0', DISABLE_WORKSPACE_CREATION: true } });
    const signUp = await postJson(server, '/auth/sign-up/', { email: 'late@example.com', password: 'violet-Tractor-mirror-93' });
    expect(signUp.json()).toEqual({ error_code: 5015, error_message: 'SIGNUP_DISABLED' });
    const config = (await server.inject({ method: 'GET', url: '/api/instances/' })).json().config;
    expect(config).toMatchObject({ enable_signup: false, is_workspace_creation_disabled: true });
    expect((await getInstanceSettings(server.app.ctx)).isWorkspaceCreationDisabled).toBe(true);
    await server.inject({ method: 'PATCH', url: '/api/instances/configurations/', headers: adminHeaders, payload: { ENABLE_SIGNUP: '1', DISABLE_WORKSPACE_CREATION: '0' } });
  });

  test('PATCH /api/instances/ changes writable fields and validates types', async () => {
    const ok = await server.inject({ method: 'PATCH', url: '/api/instances/', headers: adminHeaders, payload: { instance_name: 'Renamed', is_setup_done: false } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ instance_name: 'Renamed', is_setup_done: true });
    const bad = await server.inject({ method: 'PATCH', url: '/api/instances/', headers: adminHeaders, payload: { instance_name: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['instance_name']);
    const huge = await server.inject({ method: 'PATCH', url: '/api/instances/', headers: adminHeaders, payload: { instance_name: 'x'.repeat(100_000) } });
    expect(huge.statusCode).toBe(400);
    const user = await buildUser(server);
    expect((await server.inject({ method: 'PATCH', url: '/api/instances/', headers: user.headers, payload: { instance_name: 'x' } })).statusCode).toBe(403);
  });
});
