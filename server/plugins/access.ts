// Enforces the permission each route declares by name in `config.access` (STYLE §4a): the name is
// looked up in the one permission table (shared/permission-table.ts); a route without a name from
// the table fails the boot. For workspace and project permissions it loads the caller's
// memberships once and leaves them on `request.actor`, typed by the declared permission
// (server/actor.ts), for handlers, services and policies. The membership read itself is
// membership-query.ts (an app session's was already read with the session).
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifySchema, FastifyTypeProvider, RawRequestDefaultExpression, RawServerBase, RouteGenericInterface } from 'fastify';
import type { FastifyRequestType } from 'fastify/types/type-provider';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { instanceAdmins, type Project, type User } from '../../db/schema/index';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { membershipQueries, membershipTargetOf } from './membership-query';
import { Role, Scope, effectiveProjectRole, hasRole, roleFromName } from '../../shared/roles';
import { AccessLevel, type RoleRule } from '../../shared/permissions';
import { PERMISSIONS, isPermissionName, type PermissionName } from '../../shared/permission-table';
import type { ActorForConfig, AnyActor, ProjectActor, UserActor, WorkspaceActor } from '../actor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's permission, by name from shared/permission-table.ts. */
    access?: PermissionName;
  }
  // Same type parameters as Fastify's declaration (merging requires it), so `actor` can follow the
  // route's `config`; only ContextConfig is read here.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface,
    RawServer extends RawServerBase,
    RawRequest extends RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema,
    TypeProvider extends FastifyTypeProvider,
    ContextConfig,
    Logger extends FastifyBaseLogger,
    RequestType extends FastifyRequestType,
  > {
    /* eslint-enable @typescript-eslint/no-unused-vars */
    /**
     * The caller, narrowed by the route's declared permission: a ProjectActor on project routes,
     * a WorkspaceActor on workspace routes, `{ userId }` on signed-in routes, null on public ones.
     */
    actor: ActorForConfig<ContextConfig>;
    /**
     * GETs of workspace-scoped routes: the workspace's last change id, read by the same query that
     * resolves the membership (so before the handler's own reads); the `X-Sync-Cursor` header.
     */
    workspaceHead: number | null;
  }
}

/** The request as this plugin sees it: any route, so any actor. */
type AnyRequest = FastifyRequest & { actor: AnyActor | null };

async function accessPlugin(app: FastifyInstance) {
  const { db } = app.ctx;

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (route.url.startsWith('/*') || route.url === '*') return;
    if (!isPermissionName(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares ${access === undefined ? 'no config.access' : `config.access ${JSON.stringify(access)}, which is not`} a permission of shared/permission-table.ts`);
    }
  });

  // Null until the preValidation hook narrows it; public routes keep null.
  app.decorateRequest('actor', null as unknown as AnyActor);
  app.decorateRequest('workspaceHead', null);
  app.addHook('preValidation', async (plainRequest) => {
    const request = plainRequest as AnyRequest;
    const name = request.routeOptions.config?.access;
    if (!name) return;
    const entry: { rule: (typeof PERMISSIONS)[PermissionName]['rule']; apiKey?: boolean } = PERMISSIONS[name];
    const rule = entry.rule;
    if (rule === AccessLevel.PUBLIC) return;
    if (rule === AccessLevel.INSTANCE_ADMIN) return requireInstanceAdmin(request);
    const user = request.auth.user ?? null;
    if (!user) throw new UnauthorizedError();
    if (rule === AccessLevel.AUTHENTICATED) {
      if (request.auth.via === 'api_key' && !entry.apiKey) throw new ForbiddenError();
      request.actor = userActor(user);
      return;
    }
    request.actor = await resolveMembership(request, userActor(user), rule);
  });

  async function requireInstanceAdmin(request: AnyRequest) {
    const user = request.auth.adminUser ?? (request.auth.via === 'session' ? request.auth.user : null);
    if (!user) throw new UnauthorizedError();
    const [admin] = await db.select({ id: instanceAdmins.id }).from(instanceAdmins).where(eq(instanceAdmins.userId, user.id)).limit(1);
    if (!admin) throw new ForbiddenError();
    request.actor = userActor(user);
  }

  const memberships = membershipQueries(db);

  /** The WorkspaceActor or ProjectActor of a role rule, or the error the caller gets. */
  async function resolveMembership(request: AnyRequest, caller: UserActor, rule: RoleRule): Promise<WorkspaceActor | ProjectActor> {
    // One round trip: membership, the sync cursor of a GET (X-Sync-Cursor) and the project; for an
    // app session, the session plugin already read it with the session (same statement shape).
    const prefetched = request.auth.via === 'session' ? request.prefetchedMembership : undefined;
    const row = prefetched !== undefined ? prefetched : await memberships.forUser(membershipTargetOf(request)!, caller.userId);
    // Security: unknown workspace and non-member look the same, so slugs do not leak.
    const token = request.auth.apiToken;
    if (!row || row.role === null || (token && token.workspaceId !== row.workspace.id)) {
      if (rule.hideFromOutsiders) throw new NotFoundError('No Workspace matches the given query.');
      throw new ForbiddenError();
    }
    const actor: WorkspaceActor = { ...caller, workspace: row.workspace, workspaceRole: row.role };
    request.workspaceHead = row.head === null ? null : Number(row.head);
    if (rule.scope === Scope.PROJECT) return projectActor(actor, rule, row.project, row.projectRole);
    if (!hasRole(actor.workspaceRole, minRole(rule))) throw new ForbiddenError();
    return actor;
  }

  function projectActor(actor: WorkspaceActor, rule: RoleRule, project: Project | null, memberRole: number | null): ProjectActor {
    if (!project) throw new NotFoundError('Project does not exist');
    // Reference §0.2: a workspace admin who is a project member acts as a project admin.
    const narrowed: ProjectActor = { ...actor, project, projectRole: effectiveProjectRole(memberRole, actor.workspaceRole) };
    if (rule.workspaceAdminBypass && actor.workspaceRole === Role.ADMIN) return narrowed;
    if (!hasRole(narrowed.projectRole, minRole(rule))) throw new ForbiddenError();
    return narrowed;
  }
}

/** The role number of a rule's `min` (the table holds only valid names; shared/permissions tests it). */
function minRole(rule: RoleRule): Role {
  return roleFromName(rule.min) ?? Role.ADMIN;
}

export default fp(accessPlugin, { name: 'access', dependencies: ['session'] });

/**
 * The caller as services see them outside any membership. `person` copies only the columns an
 * actor's writes show of them: the session's row also holds the password hash, which must not ride
 * along on an object that is passed everywhere.
 */
function userActor(user: User): UserActor {
  const { id, firstName, lastName, avatar, isBot, displayName } = user;
  return { userId: id, timeZone: user.userTimezone, person: { id, firstName, lastName, avatar, isBot, displayName } };
}
