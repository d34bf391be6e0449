// Enforces the permission rule each route declares in `config.access` (STYLE §4a). A route without
// a rule fails the boot. For workspace and project rules it loads the caller's memberships once and
// leaves them on `request.actor` for handlers and policies.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { instanceAdmins, projectMembers, projects, workspaceMembers, workspaces, type Project } from '../../db/schema/index';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { isUuid } from '../validation';
import { workspaceHeadSql } from '../live/record-change';
import { effectiveProjectRole } from '../../shared/roles';

export const ROLE = { admin: 20, member: 15, guest: 5 } as const;
export type RoleName = keyof typeof ROLE;

export interface ScopedRule {
  scope: 'workspace' | 'project';
  /** Minimum role in that scope (spec §6: ADMIN 20, MEMBER 15, GUEST 5). */
  min: RoleName;
  /** Project rules only: a workspace admin passes without being a project member (project PATCH/DELETE). */
  workspaceAdminBypass?: boolean;
  /** Workspace rules only: outsiders get 404 rather than 403 (GET of the workspace itself). */
  hideFromOutsiders?: boolean;
}

/**
 * Who may call a route. `public`: anyone; `authenticated`: any signed-in user (API keys only where
 * `apiKey: true`); `instance-admin`: an instance admin (admin or app session); scoped: a member.
 */
export type AccessRule = 'public' | 'authenticated' | 'instance-admin' | ScopedRule;

type WorkspaceRow = typeof workspaces.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

export interface Actor {
  userId: string;
  workspace: WorkspaceRow | null;
  workspaceRole: number | null;
  project: ProjectRow | null;
  /** The caller's active role in the project, or null when not a member. */
  projectRole: number | null;
  /** The caller's time zone (profile `user_timezone`): "today" in relative date filters is theirs. */
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** `authenticated` routes that an API key may also call (API.md: GET /api/users/me/). */
    apiKey?: boolean;
  }
  interface FastifyRequest {
    actor: Actor;
    /**
     * GETs of workspace-scoped routes: the workspace's last change id, read by the same query that
     * resolves the membership (so before the handler's own reads); the `X-Sync-Cursor` header.
     */
    workspaceHead: number | null;
  }
}

async function accessPlugin(app: FastifyInstance) {
  const { db } = app.ctx;

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (!access && !route.url.startsWith('/*') && route.url !== '*') {
      throw new Error(`Route ${route.method} ${route.url} declares no config.access rule`);
    }
  });

  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('workspaceHead', null);
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!rule || rule === 'public') return;
    const user = request.auth.user ?? null;
    if (rule === 'instance-admin') return requireInstanceAdmin(request);
    if (!user) throw new UnauthorizedError();
    request.actor = { userId: user.id, workspace: null, workspaceRole: null, project: null, projectRole: null, timeZone: user.userTimezone };
    if (rule === 'authenticated') {
      if (request.auth.via === 'api_key' && !request.routeOptions.config.apiKey) throw new ForbiddenError();
      return;
    }
    await resolveWorkspace(request, rule);
  });

  async function requireInstanceAdmin(request: FastifyRequest) {
    const user = request.auth.adminUser ?? (request.auth.via === 'session' ? request.auth.user : null);
    if (!user) throw new UnauthorizedError();
    const [admin] = await db.select({ id: instanceAdmins.id }).from(instanceAdmins).where(eq(instanceAdmins.userId, user.id)).limit(1);
    if (!admin) throw new ForbiddenError();
    request.actor = { userId: user.id, workspace: null, workspaceRole: null, project: null, projectRole: null, timeZone: user.userTimezone };
  }

  /**
   * The workspace of a slug with the caller's active role; GETs also read the sync cursor
   * (index-only max). With `withProject`, the project of the path and the caller's project role ride
   * along in the same round trip (left-joined: a missing project is told apart after the workspace
   * checks, so errors keep their order).
   */
  function workspaceQuery(withHead: boolean, withProject: boolean) {
    const head = withHead ? workspaceHeadSql(workspaces.id) : sql<null>`null`;
    const name = `access_workspace${withHead ? '_head' : ''}${withProject ? '_project' : ''}`;
    const base = db
      .select({ workspace: workspaces, role: workspaceMembers.role, head, project: projects, projectRole: projectMembers.role })
      .from(workspaces)
      .leftJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspaceId, workspaces.id),
          eq(workspaceMembers.memberId, sql.placeholder('userId')),
          eq(workspaceMembers.isActive, true),
        ),
      )
      // One shape for both queries: without a project path the project joins match nothing.
      .leftJoin(
        projects,
        withProject
          ? and(eq(projects.id, sql`${sql.placeholder('projectId')}::uuid`), eq(projects.workspaceId, workspaces.id), isNull(projects.deletedAt))
          : sql`false`,
      )
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, sql.placeholder('userId')), eq(projectMembers.isActive, true)),
      );
    return base.where(and(eq(workspaces.slug, sql.placeholder('slug')), isNull(workspaces.deletedAt))).limit(1).prepare(name);
  }
  // Built once: every workspace- or project-scoped request runs one of them.
  const queries = {
    workspace: { GET: workspaceQuery(true, false), other: workspaceQuery(false, false) },
    project: { GET: workspaceQuery(true, true), other: workspaceQuery(false, true) },
  };

  async function resolveWorkspace(request: FastifyRequest, rule: ScopedRule) {
    const params = request.params as Record<string, string>;
    // A project path with a malformed id reads only the workspace; the project check then 404s.
    const withProject = rule.scope === 'project' && isUuid(params.projectId);
    const query = queries[withProject ? 'project' : 'workspace'][request.method === 'GET' ? 'GET' : 'other'];
    // One round trip: membership, the sync cursor of a GET (X-Sync-Cursor) and the project.
    const [row] = await query.execute({ userId: request.actor.userId, slug: params.slug ?? '', projectId: withProject ? params.projectId : null });
    // Security: unknown workspace and non-member look the same, so slugs do not leak.
    const outsider = !row || row.role === null;
    const token = request.auth.apiToken;
    if (outsider || (token && token.workspaceId !== row.workspace.id)) {
      if (rule.hideFromOutsiders) throw new NotFoundError('No Workspace matches the given query.');
      throw new ForbiddenError();
    }
    request.actor.workspace = row.workspace;
    request.actor.workspaceRole = row.role;
    request.workspaceHead = row.head === null ? null : Number(row.head);
    if (rule.scope === 'workspace' && row.role! < ROLE[rule.min]) throw new ForbiddenError();
    if (rule.scope === 'project') checkProject(request, rule, row.project, row.projectRole);
  }

  function checkProject(request: FastifyRequest, rule: ScopedRule, project: Project | null, memberRole: number | null) {
    if (!project) throw new NotFoundError('Project does not exist');
    request.actor.project = project;
    // Reference §0.2: a workspace admin who is a project member acts as a project admin.
    request.actor.projectRole = effectiveProjectRole(memberRole, request.actor.workspaceRole);
    const isWorkspaceAdmin = request.actor.workspaceRole === ROLE.admin;
    if (rule.workspaceAdminBypass && isWorkspaceAdmin) return;
    const role = request.actor.projectRole;
    if (role === null || role < ROLE[rule.min]) throw new ForbiddenError();
  }
}

export default fp(accessPlugin, { name: 'access', dependencies: ['session'] });
