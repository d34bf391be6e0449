// Request helpers for the auth suites: form posts with the CSRF pair, JSON posts, and reading the
// redirect query and the session cookie an answer set.
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { instanceConfigurations, instances } from '../../db/schema/index';
import type { TestServer } from './server';

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

/** Marks the instance as set up or not (the 5000 gate). */
export async function setSetupDone(server: TestServer, isSetupDone: boolean): Promise<void> {
  await server.database.db.update(instances).set({ isSetupDone });
}
