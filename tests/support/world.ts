// One small, fully populated world for route tests and cross-cutting suites (route matrix, fuzz):
// a workspace with an admin, a member and a guest, an outsider who belongs to another workspace,
// and a project in which the three insiders hold the same roles.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { apiTokens, projectMembers, projects, sessions, users, workspaceMembers, workspaces } from '../../db/schema/index';
import { hashSecret, randomToken } from '../../server/security';
import {
  addProjectMember,
  addWorkspaceMember,
  buildProject,
  buildUser,
  buildWorkspace,
  setupInstance,
  type TestProject,
  type TestUser,
  type TestWorkspace,
} from './factories';
import { createTestServer, type TestServer, type TestServerOptions } from './server';

export type CallerName = 'anonymous' | 'outsider' | 'guest' | 'member' | 'admin';

export interface World {
  admin: TestUser;
  member: TestUser;
  guest: TestUser;
  outsider: TestUser;
  workspace: TestWorkspace;
  otherWorkspace: TestWorkspace;
  project: TestProject;
  /** Request headers per caller (session cookie + CSRF); anonymous sends none. */
  headers: Record<CallerName, Record<string, string>>;
}

const WORLD_KEY_LABEL = 'world';

/** An API key of `user` in `workspace`, inserted as the token service stores it (hash only). */
async function insertApiKey(server: TestServer, workspace: TestWorkspace, user: TestUser): Promise<Record<string, string>> {
  const secret = `trl_api_${randomToken(16)}`;
  await server.database.db.insert(apiTokens).values({ workspaceId: workspace.id, userId: user.id, label: WORLD_KEY_LABEL, tokenHash: hashSecret(secret), allowedRateLimit: 100_000 });
  return { 'x-api-key': secret };
}

/** Builds the world in the server's database. */
export async function buildWorld(server: TestServer): Promise<World> {
  await setupInstance(server);
  const [admin, member, guest, outsider] = await Promise.all([
    buildUser(server, { firstName: 'Ada', displayName: 'ada' }),
    buildUser(server, { firstName: 'Max', displayName: 'max' }),
    buildUser(server, { firstName: 'Gil', displayName: 'gil' }),
    buildUser(server, { firstName: 'Oz', displayName: 'oz' }),
  ]);
  const workspace = await buildWorkspace(server, admin);
  await addWorkspaceMember(server, workspace, member, 15);
  await addWorkspaceMember(server, workspace, guest, 5);
  const otherWorkspace = await buildWorkspace(server, outsider);
  const project = await buildProject(server, workspace, admin);
  await addProjectMember(server, project, member, 15);
  await addProjectMember(server, project, guest, 5);
  return {
    admin,
    member,
    guest,
    outsider,
    workspace,
    otherWorkspace,
    project,
    headers: { anonymous: {}, outsider: outsider.headers, guest: guest.headers, member: member.headers, admin: admin.headers },
  };
}

/** The world of one test file, with its server and a request helper; see `useWorld`. */
export interface WorldHandle extends World {
  server: TestServer;
  /** `/api/workspaces/<slug>`: the world workspace's API root. */
  workspaceUrl: string;
  /** `/api/workspaces/<slug>/projects/<id>`: the world project's API root. */
  projectUrl: string;
  /** Sends a request as `caller`; a `url` without a leading slash is relative to `projectUrl`. */
  call(caller: CallerName, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * For a test file whose tests share one world: registers a beforeAll that starts a test server and
 * builds the world in it, and an afterAll that closes the server. The handle is empty until that
 * beforeAll has run (only `call` exists before), so read it in hooks and tests, not at top level;
 * a file's own later beforeAll sees it built.
 */
export function useWorld(options: TestServerOptions = {}): WorldHandle {
  const handle = {
    call(caller, method, url, payload) {
      const target = url.startsWith('/') ? url : `${handle.projectUrl}/${url}`;
      return handle.server.inject({ method, url: target, headers: handle.headers[caller], ...(payload !== undefined ? { payload: payload as object } : {}) });
    },
  } as WorldHandle;
  beforeAll(async () => {
    const server = await createTestServer(options);
    const world = await buildWorld(server);
    const workspaceUrl = `/api/workspaces/${world.workspace.slug}`;
    Object.assign(handle, world, { server, workspaceUrl, projectUrl: `${workspaceUrl}/projects/${world.project.id}` });
  });
  afterAll(() => handle.server?.close());
  return handle;
}

/**
 * `X-API-Key` headers per caller for the public API (/api/v1): a key of each caller in their own
 * workspace (the outsider's in theirs); anonymous sends none. restoreWorld revives them.
 */
export async function buildWorldApiKeys(server: TestServer, world: World): Promise<Record<CallerName, Record<string, string>>> {
  const [admin, member, guest, outsider] = await Promise.all([
    insertApiKey(server, world.workspace, world.admin),
    insertApiKey(server, world.workspace, world.member),
    insertApiKey(server, world.workspace, world.guest),
    insertApiKey(server, world.otherWorkspace, world.outsider),
  ]);
  return { anonymous: {}, outsider, guest, member, admin };
}

/**
 * Puts the world back after a request may have changed it (a deactivated caller, a deleted or
 * archived workspace or project, a removed membership, ended sessions), so suites that fire every
 * route at it can keep going in one world.
 */
export async function restoreWorld(server: TestServer, world: World): Promise<void> {
  const { db } = server.database;
  const people = [world.admin, world.member, world.guest, world.outsider];
  await db.update(users).set({ isActive: true }).where(inArray(users.id, people.map((person) => person.id)));
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  await db
    .insert(sessions)
    .values(people.map((person) => ({ id: hashSecret(person.sessionKey), userId: person.id, kind: 'app', expiresAt })))
    .onConflictDoUpdate({ target: sessions.id, set: { expiresAt, userId: sql`excluded.user_id` } });
  // A deleted workspace or deactivated user takes its API keys along; the world's come back.
  await db.update(apiTokens).set({ isActive: true, deletedAt: null }).where(sql`${apiTokens.label} = ${WORLD_KEY_LABEL}`);
  for (const workspace of [world.workspace, world.otherWorkspace]) {
    await db.update(workspaces).set({ deletedAt: null, slug: workspace.slug }).where(sql`${workspaces.id} = ${workspace.id}`);
  }
  const workspaceRoles: Array<[TestWorkspace, TestUser, number]> = [
    [world.workspace, world.admin, 20],
    [world.workspace, world.member, 15],
    [world.workspace, world.guest, 5],
    [world.otherWorkspace, world.outsider, 20],
  ];
  await db
    .insert(workspaceMembers)
    .values(workspaceRoles.map(([workspace, user, role]) => ({ workspaceId: workspace.id, memberId: user.id, role })))
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.memberId], set: { role: sql`excluded.role`, isActive: true } });
  await db.update(projects).set({ deletedAt: null, archivedAt: null }).where(sql`${projects.id} = ${world.project.id}`);
  const projectRoles: Array<[TestUser, number]> = [
    [world.admin, 20],
    [world.member, 15],
    [world.guest, 5],
  ];
  await db
    .insert(projectMembers)
    .values(projectRoles.map(([user, role]) => ({ projectId: world.project.id, workspaceId: world.workspace.id, memberId: user.id, role })))
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.memberId], set: { role: sql`excluded.role`, isActive: true } });
}

/** A registered route as the cross-cutting suites see it. */
export interface RouteInfo {
  method: string;
  url: string;
  /** The permission name the route declares (`config.access`). */
  access: string | undefined;
  /** The file that declared it (`server/routes/users.ts`), from the registration stack. */
  file: string;
  websocket: boolean;
  schema: RouteOptions['schema'];
}

/** Collects every route (one entry per method) through `createTestServer({ onRoute })`. */
export function routeCollector() {
  const routes: RouteInfo[] = [];
  const onRoute = (route: RouteOptions) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const file = /(server\/(?:routes|plugins)\/[\w.-]+\.ts)/.exec(stack)?.[1] ?? 'unknown';
    const config = (route.config ?? {}) as { access?: string };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method: String(method).toUpperCase(),
        url: route.url,
        access: config.access,
        file,
        websocket: Boolean((route as { websocket?: boolean }).websocket) || /^\/(live|collab)(\/|$)/.test(route.url),
        schema: route.schema,
      });
    }
  };
  return { routes, onRoute };
}

/** Fills a route's params from the world: `:slug`, `:projectId`, other `…Id` → a random UUID, the rest junk. */
export function fillPath(url: string, world: World, overrides: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name in overrides) return encodeURIComponent(overrides[name]);
    if (name === 'slug') return world.workspace.slug;
    if (name === 'projectId') return world.project.id;
    if (/id$/i.test(name)) return randomUUID();
    return 'junk-value';
  });
}
