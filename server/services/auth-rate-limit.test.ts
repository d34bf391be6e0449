import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/support/server';
import { setupInstance } from '../../tests/support/factories';
import { TEST_CSRF } from '../../tests/support/auth';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ env: { RATE_LIMIT_AUTH_PER_MIN: '6', RATE_LIMIT_AUTH_PER_EMAIL_PER_MIN: '3' } });
  await setupInstance(server);
});

afterAll(async () => {
  await server?.close();
});

const LIMITED = { error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' };

function signIn(email: string, remoteAddress: string) {
  return server.inject({ method: 'POST', url: '/auth/sign-in/', remoteAddress, payload: { email, password: 'wrong-password-1' } });
}

test('the fourth attempt for one email within a minute is 429 5900, from any address', async () => {
  for (let attempt = 0; attempt < 3; attempt++) expect((await signIn('Target@Example.com', `10.0.0.${attempt + 1}`)).statusCode).toBe(400);
  const limited = await signIn(' target@example.com', '10.0.0.9');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
  expect((await signIn('someone-else@example.com', '10.0.0.9')).statusCode).toBe(400);
});

test('more than the per-IP limit of /auth/ posts from one address is 429, whatever the endpoint', async () => {
  const address = '10.1.1.1';
  const urls = ['/auth/email-check/', '/auth/magic-generate/', '/auth/forgot-password/', '/auth/sign-up/', '/auth/magic-sign-in/', '/auth/sign-out/'];
  for (const [index, url] of urls.entries()) {
    const response = await server.inject({ method: 'POST', url, remoteAddress: address, payload: { email: `ip-${index}@example.com` } });
    expect(response.statusCode, url).not.toBe(429);
  }
  const limited = await signIn('ip-last@example.com', address);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
  expect((await signIn('ip-last@example.com', '10.1.1.2')).statusCode).toBe(400);
});

test('a form post over the limit also answers 429 with the code', async () => {
  const address = '10.2.2.2';
  const post = () =>
    server.inject({
      method: 'POST',
      url: '/auth/sign-in/',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${TEST_CSRF}` },
      payload: new URLSearchParams({ email: 'form-limit@example.com', password: 'x', csrfmiddlewaretoken: TEST_CSRF }).toString(),
    });
  for (let attempt = 0; attempt < 3; attempt++) expect((await post()).statusCode).toBe(302);
  const limited = await post();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(LIMITED);
});
