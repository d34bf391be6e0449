// HEAD requests (head-requests.ts): answered by the GET route of their path, over a real socket,
// with the GET's status and headers and no body; and no HEAD twin is registered per GET route.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../tests/support/server';

let server: TestServer;
let baseUrl: string;
const methods: string[] = [];

beforeAll(async () => {
  server = await createTestServer({ onRoute: (route) => methods.push(...[route.method].flat()) });
  baseUrl = await server.listen();
});
afterAll(async () => server?.close());

/** One request on its own socket: status, headers and the bytes of the body that came. */
function send(method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { method, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('no route is registered for HEAD: the GET routes answer it', () => {
  expect(methods.filter((method) => method === 'GET').length).toBeGreaterThan(100);
  expect(methods).not.toContain('HEAD');
});

test('HEAD answers with the GET route’s status and headers, without a body', async () => {
  const get = await send('GET', '/api/instances/');
  const head = await send('HEAD', '/api/instances/');
  expect(get.status).toBe(200);
  expect(get.body.length).toBeGreaterThan(0);
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers['content-type']).toBe(get.headers['content-type']);
  expect(head.headers['content-length']).toBe(String(get.body.length));
});

test('HEAD of a route that needs a session or of an unknown path answers as GET does', async () => {
  for (const path of ['/api/users/me/', '/api/no-such-thing/']) {
    const get = await send('GET', path);
    const head = await send('HEAD', path);
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(head.status).toBe(get.status);
    expect(head.body.length).toBe(0);
  }
});
