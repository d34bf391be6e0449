// Helpers for the auth suites: a set-up instance that mails into an SMTP capture, fresh emails,
// form posts with the CSRF pair, JSON posts, reading the redirect query and the session cookie an
// answer set, and instance settings changed for the length of a test.
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { instanceConfigurations, instances } from '../../db/schema/index';
import { setupInstance } from './factories';
import { createTestServer, type TestServer } from './server';
import { startSmtpCapture, type SmtpCapture } from './smtp';

/** The public URL the auth suites give their server: redirects and mailed links point at it. */
export const APP_BASE_URL = 'http://localhost:3000';

/** A set-up instance at APP_BASE_URL whose mail goes to an SMTP capture; close both after the file. */
export async function createMailingServer(): Promise<{ server: TestServer; smtp: SmtpCapture }> {
  const smtp = await startSmtpCapture();
  const server = await createTestServer({ env: { ...smtp.env, APP_BASE_URL } });
  await setupInstance(server);
  return { server, smtp };
}

let emailSeq = 0;
/** An address no other test in this file used: `<prefix>-<time>-<n>@example.com`. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${emailSeq++}@example.com`;

/** A CSRF token; the cookie and the header (or form field) only have to match. */
export const TEST_CSRF = 'c'.repeat(64);

/** Posts `application/x-www-form-urlencoded` fields with the CSRF cookie and form field. */
export function postForm(server: TestServer, url: string, fields: Record<string, string>, cookie = ''): Promise<LightMyRequestResponse> {
  return server.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [`csrftoken=${TEST_CSRF}`, cookie].filter(Boolean).join('; '),
    },
    payload: new URLSearchParams({ ...fields, csrfmiddlewaretoken: TEST_CSRF }).toString(),
  });
}

/** Posts JSON, optionally with extra headers (a signed-in user's `headers`). */
export function postJson(server: TestServer, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.inject({ method: 'POST', url, payload: body as object, headers });
}

/** The redirect target of a 302 and its query parameters. */
export function redirectOf(response: LightMyRequestResponse): { url: URL; query: Record<string, string> } {
  const location = String(response.headers.location ?? '');
  const url = new URL(location);
  return { url, query: Object.fromEntries(url.searchParams) };
}

/** The value of a cookie the response set (undefined when it set none or cleared it). */
export function cookieSet(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((item) => item.name === name);
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** Request headers for a raw session key (session cookie + CSRF pair). */
export function sessionHeaders(sessionKey: string): Record<string, string> {
  return { cookie: `session-id=${sessionKey}; csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF };
}

/** Sets an instance configuration key directly in the database (as an admin PATCH would). */
export async function setInstanceConfig(server: TestServer, key: string, value: string): Promise<void> {
  await server.database.db.update(instanceConfigurations).set({ value }).where(eq(instanceConfigurations.key, key));
}

/** Runs `run` with the instance setting `key` at `value`, and sets it to `restore` after (also when `run` throws). */
export async function withInstanceConfig<T>(server: TestServer, key: string, value: string, restore: string, run: () => Promise<T>): Promise<T> {
  await setInstanceConfig(server, key, value);
  try {
    return await run();
  } finally {
    await setInstanceConfig(server, key, restore);
  }
}

/** Marks the instance as set up or not (the 5000 gate). */
export async function setSetupDone(server: TestServer, isSetupDone: boolean): Promise<void> {
  await server.database.db.update(instances).set({ isSetupDone });
}
