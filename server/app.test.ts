import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../tests/support/server';

describe('app skeleton', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server?.close());

  test('unknown routes answer the contract 404 with a request id', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/nope/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Page not found.' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('csrf token endpoint sets the csrftoken cookie and returns the same token', async () => {
    const response = await server.inject({ method: 'GET', url: '/auth/get-csrf-token' });
    expect(response.statusCode).toBe(200);
    const token = response.json().csrf_token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const cookie = response.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toBe(token);
    expect(cookie?.httpOnly).toBe(true);
  });
});
