// What the public-API suites share: a listening Trellis with a world, API keys made through the app
// API (as a user would), Plane's own Node SDK pointed at it, and the app API to check results against.
import { PlaneClient } from '@makeplane/plane-node-sdk';
import { expect } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { buildWorld, routeCollector, type RouteInfo, type World } from '../support/world';
import type { TestUser } from '../support/factories';

export interface PublicApiWorld {
  server: TestServer;
  world: World;
  baseUrl: string;
  /** An API key of the workspace member (a project member too). */
  memberKey: string;
  /** Plane's SDK with the member's key. */
  plane: PlaneClient;
  /** Every route the server registered. */
  routes: RouteInfo[];
  /** GET on the app API as the member (session cookie), JSON body. */
  appGet(url: string): Promise<any>;
}

/** Creates an API key for `user` in the world's workspace through the app API. */
export async function createApiKey(server: TestServer, world: World, user: TestUser, body: Record<string, unknown> = { label: 'plane-client' }): Promise<string> {
  const response = await server.inject({ method: 'POST', url: `/api/workspaces/${world.workspace.slug}/api-tokens/`, headers: user.headers, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json().token as string;
}

/** A listening server with a world, the member's key and an SDK client on it. */
export async function startPublicApiWorld(env: Record<string, string> = {}): Promise<PublicApiWorld> {
  const collector = routeCollector();
  const server = await createTestServer({ env, onRoute: collector.onRoute });
  const world = await buildWorld(server);
  const baseUrl = await server.listen();
  const memberKey = await createApiKey(server, world, world.member);
  return {
    server,
    world,
    baseUrl,
    memberKey,
    routes: collector.routes,
    plane: new PlaneClient({ baseUrl, apiKey: memberKey }),
    async appGet(url: string) {
      const response = await server.inject({ method: 'GET', url, headers: world.member.headers });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      return response.json();
    },
  };
}

/** The status of a rejected SDK call (Plane's SDK throws an HttpError carrying it). */
export async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode;
  }
}
