// Every registered route declares its wire contract (issue 11 item 5): the input it reads (params
// for every `:name` in its URL, a body for every POST/PUT/PATCH) and the answers it gives (a zod
// response schema per success status, and the one API.md error format for 4xx), all from
// shared/schemas. Walks Fastify's route table as it is registered, so a new route without schemas
// fails here. Whether the answers MATCH the schemas is checked on every response the other suites
// get (server/plugins/response-schemas.ts validates under vitest).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { errorBody, noBody } from '../../shared/schemas/responses';
import { createTestServer, type TestServer } from '../support/server';
import { routeCollector, type RouteInfo } from '../support/world';

/**
 * POST/PUT/PATCH routes that read no body: the action is named by the URL. Reviewed one by one —
 * a route that reads a body must declare its schema instead of being added here.
 */
const ACTIONS_WITHOUT_BODY = new Set([
  'POST /auth/sign-out/',
  'POST /api/instances/admins/sign-out/',
  'POST /api/workspaces/:slug/members/leave/',
  'POST /api/workspaces/:slug/projects/:projectId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/members/leave/',
  'POST /api/workspaces/:slug/projects/:projectId/states/:stateId/mark-default/',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/',
  'POST /api/workspaces/:slug/users/notifications/:notificationId/read/',
  'POST /api/workspaces/:slug/users/notifications/:notificationId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/lock/',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/duplicate/',
  'POST /api/workspaces/:slug/projects/:projectId/favorite-pages/:pageId/',
  'POST /api/workspaces/:slug/webhooks/:webhookId/regenerate/',
  'POST /api/workspaces/:slug/webhook-logs/:webhookId/:logId/redeliver/',
  'POST /api/workspaces/:slug/workspace-integrations/:provider/',
  'POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/',
  'POST /api/workspaces/:slug/projects/:projectId/views/:viewId/lock/',
  'POST /api/workspaces/:slug/views/:viewId/lock/',
  // Plane's public API (/api/v1): the same archive actions.
  'POST /api/v1/workspaces/:slug/projects/:projectId/archive/',
  'POST /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/',
  'POST /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/archive/',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/archive/',
  'POST /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/archive/',
]);

type ZodLike = z.ZodType & { _zod: { def: { type: string; shape?: Record<string, unknown> } } };
const isZod = (value: unknown): value is ZodLike => typeof value === 'object' && value !== null && '_zod' in value;
const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;

let server: TestServer;
const { routes, onRoute } = routeCollector();
/** HEAD routes are Fastify's copies of the GETs (same schema); OPTIONS are not registered. */
let table: RouteInfo[] = [];

beforeAll(async () => {
  server = await createTestServer({ onRoute });
  table = routes.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => {
  await server?.close();
});

describe('every route declares its wire contract', () => {
  test('the route table is walked (guards against an empty collector)', () => {
    expect(table.length).toBeGreaterThan(200);
  });

  test('every route declares zod response schemas: its success statuses and the one error format for 4xx', () => {
    const missing: string[] = [];
    for (const route of table) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response);
      if (response['4xx'] !== errorBody) missing.push(`${keyOf(route)}: no '4xx' error format (use replies())`);
      if (!statuses.every((status) => isZod(response[status]))) missing.push(`${keyOf(route)}: a response schema is not zod`);
      // A WebSocket upgrade answers 101 and then speaks its protocol; only the plain GET's 426 has a body.
      const successes = statuses.filter((status) => /^[23]/.test(status));
      if (!route.websocket && successes.length === 0) missing.push(`${keyOf(route)}: no success response declared`);
      for (const status of ['204', '302']) {
        if (status in response && response[status] !== noBody) missing.push(`${keyOf(route)}: ${status} must be noBody`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('every `:param` in a URL is declared by a zod params schema', () => {
    const missing: string[] = [];
    for (const route of table) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      if (names.length === 0) continue;
      const params = route.schema?.params;
      if (!isZod(params) || params._zod.def.type !== 'object') {
        missing.push(`${keyOf(route)}: no zod params object`);
        continue;
      }
      const declared = Object.keys(params._zod.def.shape ?? {});
      const undeclared = names.filter((name) => !declared.includes(name));
      if (undeclared.length) missing.push(`${keyOf(route)}: params ${undeclared.join(', ')} not declared`);
    }
    expect(missing).toEqual([]);
  });

  test('every POST/PUT/PATCH declares a zod body schema, unless it is a reviewed body-less action', () => {
    const missing: string[] = [];
    for (const route of table) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const body = route.schema?.body;
      if (ACTIONS_WITHOUT_BODY.has(keyOf(route))) {
        if (body !== undefined) missing.push(`${keyOf(route)}: declares a body, remove it from ACTIONS_WITHOUT_BODY`);
      } else if (!isZod(body)) {
        missing.push(`${keyOf(route)}: no zod body schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('the body-less list names only registered routes', () => {
    const registered = new Set(table.map(keyOf));
    expect([...ACTIONS_WITHOUT_BODY].filter((key) => !registered.has(key))).toEqual([]);
  });
});
