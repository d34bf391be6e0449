// The route × caller matrix (STYLE §4, DESIGN "Security"): every registered route is called by
// anonymous, an outsider, a guest, a member and an admin of one world, and the status must agree
// with the rule the route declares. An explicit table pins the rule each route should declare, so
// a route declaring the wrong rule fails too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccessRule, ScopedRule } from '../../server/plugins/access';
import { createTestServer, type TestServer } from '../support/server';
import { buildWorld, fillPath, restoreWorld, routeCollector, type CallerName, type RouteInfo, type World } from '../support/world';

const PUBLIC = 'public';
const AUTH = 'authenticated';
const INSTANCE_ADMIN = 'instance-admin';
const ws = (min: ScopedRule['min'], extra: Partial<ScopedRule> = {}): ScopedRule => ({ scope: 'workspace', min, ...extra });

interface Expected {
  access: AccessRule;
  apiKey?: boolean;
}

/** The rule each route must declare, by 'METHOD url'. */
const EXPECTED: Record<string, Expected> = {
  // users (reference §3)
  'GET /api/users/me/': { access: AUTH, apiKey: true },
  'PATCH /api/users/me/': { access: AUTH },
  'DELETE /api/users/me/': { access: AUTH },
  'GET /api/users/session/': { access: PUBLIC },
  'GET /api/users/me/profile/': { access: AUTH },
  'PATCH /api/users/me/profile/': { access: AUTH },
  'GET /api/users/me/settings/': { access: AUTH },
  'GET /api/users/me/instance-admin/': { access: AUTH },
  'PATCH /api/users/me/onboard/': { access: AUTH },
  'PATCH /api/users/me/tour-completed/': { access: AUTH },
  'GET /api/users/me/notification-preferences/': { access: AUTH },
  'PATCH /api/users/me/notification-preferences/': { access: AUTH },
  'GET /api/users/me/activities/': { access: AUTH },
  'GET /api/users/me/accounts/': { access: AUTH },
  // workspaces (§4.1)
  'POST /api/workspaces/': { access: AUTH },
  'GET /api/workspaces/': { access: AUTH },
  'GET /api/users/me/workspaces/': { access: AUTH },
  'GET /api/workspace-slug-check/': { access: AUTH },
  'GET /api/workspaces/:slug/': { access: ws('guest', { hideFromOutsiders: true }) },
  'PATCH /api/workspaces/:slug/': { access: ws('admin') },
  'DELETE /api/workspaces/:slug/': { access: ws('admin') },
  // members (§4.2)
  'GET /api/workspaces/:slug/members/': { access: ws('guest') },
  'GET /api/workspaces/:slug/members/:memberId/': { access: ws('guest') },
  'PATCH /api/workspaces/:slug/members/:memberId/': { access: ws('admin') },
  'DELETE /api/workspaces/:slug/members/:memberId/': { access: ws('admin') },
  'POST /api/workspaces/:slug/members/leave/': { access: ws('guest') },
  'GET /api/workspaces/:slug/workspace-members/me/': { access: ws('guest') },
  'GET /api/users/me/workspaces/:slug/project-roles/': { access: ws('guest') },
  // invitations (§4.3)
  'POST /api/workspaces/:slug/invitations/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'PATCH /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/:invitationId/join/': { access: PUBLIC },
  'POST /api/workspaces/:slug/invitations/:invitationId/join/': { access: PUBLIC },
  'GET /api/users/me/workspaces/invitations/': { access: AUTH },
  'POST /api/users/me/workspaces/invitations/': { access: AUTH },
  // API tokens (API.md)
  'GET /api/workspaces/:slug/api-tokens/': { access: ws('member') },
  'POST /api/workspaces/:slug/api-tokens/': { access: ws('member') },
  'GET /api/workspaces/:slug/api-tokens/:tokenId/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/api-tokens/:tokenId/': { access: ws('member') },
  // auth (reference §1, API.md)
  'GET /auth/get-csrf-token/': { access: PUBLIC },
  'POST /auth/email-check/': { access: PUBLIC },
  'POST /auth/magic-generate/': { access: PUBLIC },
  'POST /auth/magic-sign-in/': { access: PUBLIC },
  'POST /auth/magic-sign-up/': { access: PUBLIC },
  'POST /auth/sign-in/': { access: PUBLIC },
  'POST /auth/sign-up/': { access: PUBLIC },
  'POST /auth/forgot-password/': { access: PUBLIC },
  'POST /auth/reset-password/:uidb64/:token/': { access: PUBLIC },
  'POST /auth/change-password/': { access: AUTH },
  'POST /auth/set-password/': { access: AUTH },
  'POST /auth/sign-out/': { access: PUBLIC },
  'GET /auth/google/': { access: PUBLIC },
  'GET /auth/google/callback/': { access: PUBLIC },
  'GET /auth/github/': { access: PUBLIC },
  'GET /auth/github/callback/': { access: PUBLIC },
  'GET /auth/gitlab/': { access: PUBLIC },
  'GET /auth/gitlab/callback/': { access: PUBLIC },
  // instance and instance admin (reference §2)
  'GET /api/instances/': { access: PUBLIC },
  'PATCH /api/instances/': { access: INSTANCE_ADMIN },
  'GET /api/instances/configurations/': { access: INSTANCE_ADMIN },
  'PATCH /api/instances/configurations/': { access: INSTANCE_ADMIN },
  'POST /api/instances/admins/sign-up/': { access: PUBLIC },
  'POST /api/instances/admins/sign-in/': { access: PUBLIC },
  'POST /api/instances/admins/sign-out/': { access: PUBLIC },
  'GET /api/instances/admins/session/': { access: PUBLIC },
  'GET /api/instances/admins/me/': { access: INSTANCE_ADMIN },
};

/** Files whose routes must all be in the table; routes of other files only warn until the lead adds them. */
const TABLE_OWNED_FILES = [
  /^server\/routes\/(users|workspaces|workspace-members|workspace-invitations|api-tokens)\.ts$/,
  /^server\/routes\/auth(-[\w-]+)?\.ts$/,
  /^server\/routes\/instances(-[\w-]+)?\.ts$/,
  /^server\/plugins\/csrf\.ts$/,
];
const isOwned = (route: RouteInfo) => TABLE_OWNED_FILES.some((pattern) => pattern.test(route.file));

const CALLERS: CallerName[] = ['anonymous', 'outsider', 'guest', 'member', 'admin'];
const ROLE_OF: Record<CallerName, number> = { anonymous: 0, outsider: 0, guest: 5, member: 15, admin: 20 };
const MIN: Record<ScopedRule['min'], number> = { guest: 5, member: 15, admin: 20 };

type Expectation = { kind: 'status'; status: number } | { kind: 'allowed' } | { kind: 'not-401' };

/** What a caller must get from a route declaring `rule`. */
function expectationFor(rule: AccessRule, caller: CallerName): Expectation {
  if (rule === 'public') return caller === 'anonymous' ? { kind: 'not-401' } : { kind: 'allowed' };
  if (caller === 'anonymous') return { kind: 'status', status: 401 };
  if (rule === 'authenticated') return { kind: 'allowed' };
  if (rule === 'instance-admin') return { kind: 'status', status: 403 };
  if (caller === 'outsider') return { kind: 'status', status: rule.hideFromOutsiders ? 404 : 403 };
  if (rule.scope === 'project' && rule.workspaceAdminBypass && caller === 'admin') return { kind: 'allowed' };
  return ROLE_OF[caller] >= MIN[rule.min] ? { kind: 'allowed' } : { kind: 'status', status: 403 };
}

function meets(expectation: Expectation, status: number): boolean {
  if (status >= 500) return false;
  switch (expectation.kind) {
    case 'status':
      return status === expectation.status;
    case 'allowed':
      // Public routes may answer 403 for their own reasons (a wrong invitation token, CSRF on forms).
      return status !== 401 && status !== 403;
    case 'not-401':
      return status !== 401;
  }
}

describe('route × caller permission matrix', () => {
  let server: TestServer;
  let world: World;
  const collector = routeCollector();
  let routes: RouteInfo[] = [];

  beforeAll(async () => {
    server = await createTestServer({ onRoute: collector.onRoute });
    world = await buildWorld(server);
    routes = collector.routes.filter((route) => !route.websocket && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.access);
  });
  afterAll(async () => server?.close());

  test('every route declares the rule the table expects', () => {
    const failures: string[] = [];
    const unlisted: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      seen.add(key);
      const expected = EXPECTED[key];
      if (!expected) {
        if (isOwned(route)) failures.push(`${key} (${route.file}) is missing from the table`);
        else unlisted.push(`${key} (${route.file}): ${JSON.stringify(route.access)}`);
        continue;
      }
      const declared: Expected = { access: route.access!, apiKey: route.apiKey || undefined };
      if (JSON.stringify(normalize(declared)) !== JSON.stringify(normalize(expected))) {
        failures.push(`${key} declares ${JSON.stringify(declared)}, table expects ${JSON.stringify(expected)}`);
      }
    }
    for (const key of Object.keys(EXPECTED)) if (!seen.has(key)) failures.push(`${key} is in the table but not registered`);
    if (unlisted.length) console.warn(`route-matrix: ${unlisted.length} routes not yet in the table:\n  ${unlisted.join('\n  ')}`);
    expect(failures).toEqual([]);
  });

  test('every route answers each caller as its declared rule says', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const expectation = expectationFor(route.access!, caller);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await server.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, world),
          headers: world.headers[caller],
          ...(hasBody ? { payload: {} } : {}),
        });
        if (!meets(expectation, response.statusCode)) {
          failures.push(`${route.method} ${route.url} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)} (expected ${JSON.stringify(expectation)})`);
        }
        if (route.method !== 'GET' && response.statusCode < 400) await restoreWorld(server, world);
      }
    }
    expect(failures).toEqual([]);
    // ~1,100 requests (every route × 5 callers): ~25 s on Postgres, longer on PGlite.
  }, 180_000);
});

/** Key order and absent flags must not matter when comparing rules. */
function normalize(value: Expected) {
  const access = typeof value.access === 'string' ? value.access : Object.fromEntries(Object.entries(value.access).filter(([, v]) => v !== undefined && v !== false).sort());
  return { access, apiKey: Boolean(value.apiKey) };
}
