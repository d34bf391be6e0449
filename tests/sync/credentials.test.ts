// Open sockets end with their credentials (server/live/credentials.ts): signing out closes the
// sockets of that session with 4001, revoking an API key closes the sockets opened with it, and
// sockets on other sessions or keys stay open.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LiveCloseCode } from '../../shared/live-protocol';
import { createTestServer, type TestServer } from '../support/server';
import { addWorkspaceMember, buildUser, buildWorkspace, setupInstance, type TestUser, type TestWorkspace } from '../support/factories';
import { openLive, type LiveClient } from './live-client';

let server: TestServer;
let baseUrl: string;
let owner: TestUser;
let workspace: TestWorkspace;
const sockets: LiveClient[] = [];

async function ready(auth: { headers?: Record<string, string>; token?: string }) {
  const client = await openLive(baseUrl, auth);
  sockets.push(client);
  client.subscribe(workspace.slug, 0);
  await client.waitFor((msg) => msg.type === 'ready');
  return client;
}

/** Resolves with the close code, or 'open' if the socket is still open after `ms`. */
function closedWithin(client: LiveClient, ms: number) {
  return Promise.race([client.closed.then((event) => event.code), new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}

beforeAll(async () => {
  server = await createTestServer({ env: { LIVE_PING_INTERVAL_MS: '200' } });
  baseUrl = await server.listen();
  owner = await buildUser(server);
  await setupInstance(server, owner);
  workspace = await buildWorkspace(server, owner);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

describe('live sockets end with their credentials', () => {
  test('signing out closes the sockets of that session with 4001; another session stays open', async () => {
    const mine = await ready({ headers: owner.headers });
    const teammate = await buildUser(server);
    await addWorkspaceMember(server, workspace, teammate, 15);
    const otherSession = await ready({ headers: teammate.headers });
    const signOut = await server.inject({ method: 'POST', url: '/auth/sign-out/', headers: owner.headers, payload: {} });
    expect(signOut.statusCode).toBe(200);
    expect(await closedWithin(mine, 3000)).toBe(LiveCloseCode.UNAUTHORIZED);
    expect(await closedWithin(otherSession, 600)).toBe('open');
  });

  test('revoking an API key closes the sockets opened with it', async () => {
    const admin = await buildUser(server);
    const ws = await buildWorkspace(server, admin);
    const created = await server.inject({ method: 'POST', url: `/api/workspaces/${ws.slug}/api-tokens/`, headers: admin.headers, payload: { label: 'live' } });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json() as { id: string; token: string };
    const keyed = await openLive(baseUrl, { token });
    sockets.push(keyed);
    keyed.subscribe(ws.slug, 0);
    await keyed.waitFor((msg) => msg.type === 'ready');
    const byCookie = await openLive(baseUrl, { headers: admin.headers });
    sockets.push(byCookie);
    byCookie.subscribe(ws.slug, 0);
    await byCookie.waitFor((msg) => msg.type === 'ready');
    expect(await closedWithin(keyed, 600)).toBe('open');
    const revoked = await server.inject({ method: 'DELETE', url: `/api/workspaces/${ws.slug}/api-tokens/${id}/`, headers: admin.headers });
    expect(revoked.statusCode).toBe(204);
    expect(await closedWithin(keyed, 3000)).toBe(LiveCloseCode.UNAUTHORIZED);
    expect(await closedWithin(byCookie, 600)).toBe('open');
  });
});
