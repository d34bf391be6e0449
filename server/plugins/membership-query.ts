// The caller's membership of the workspace (and project) a route's path names, read in one
// statement. Two plugins share it: the session plugin reads it together with an app session when the
// route needs one (session and membership in a single round trip: every workspace or project request
// of the app), and the access plugin reads it on its own for API keys and anything the session plugin
// did not read. Both read the same columns, so the access rules see one shape either way.
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usableSession } from '../../db/identity';
import { withRowMappingOnce } from '../../db/reusable-statement';
import { projectMembers, projects, sessions, users, workspaceMembers, workspaces, type Project, type User, type Workspace } from '../../db/schema/index';
import { PERMISSIONS } from '../../shared/permission-table';
import { Scope } from '../../shared/roles';
import type { RoleRule } from '../../shared/permissions';
import { workspaceHeadSql } from '../live/record-change';
import { isUuid } from '../validation';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The membership the session plugin read with the app session (undefined when it read none: no
     * session cookie, an API key, a route without a workspace). Null: no such workspace.
     */
    prefetchedMembership: MembershipRow | null | undefined;
  }
}

/** The workspace of a slug with the caller's active role, the project of the path and the role there. */
export interface MembershipRow {
  workspace: Workspace;
  role: number | null;
  /** GETs: the workspace's last change id (X-Sync-Cursor); null otherwise. */
  head: string | number | null;
  project: Project | null;
  projectRole: number | null;
}

/** What a workspace- or project-scoped route's membership read takes from its request. */
export interface MembershipTarget {
  slug: string;
  /** The project of a project route's path; null when the id is malformed (the check then 404s). */
  projectId: string | null;
  /** GETs also read the sync cursor. */
  withHead: boolean;
}

/** The membership read a request's route needs, or null (public, signed-in-only and admin routes). */
export function membershipTargetOf(request: FastifyRequest): MembershipTarget | null {
  const name = request.routeOptions.config?.access;
  if (!name) return null;
  const rule = PERMISSIONS[name].rule as RoleRule | string;
  if (typeof rule === 'string') return null;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const projectId = rule.scope === Scope.PROJECT && isUuid(params.projectId) ? params.projectId : null;
  return { slug: params.slug ?? '', projectId, withHead: request.method === 'GET' };
}

type Shape = 'workspace' | 'workspace_head' | 'project' | 'project_head';
const shapeOf = (target: MembershipTarget): Shape => `${target.projectId ? 'project' : 'workspace'}${target.withHead ? '_head' : ''}`;

/** The joins after the workspace: the caller's membership, the path's project and the role there. */
function membershipColumns(shape: Shape) {
  const head = shape.endsWith('_head') ? workspaceHeadSql(workspaces.id) : sql<null>`null`;
  return { workspace: workspaces, role: workspaceMembers.role, head, project: projects, projectRole: projectMembers.role };
}
const memberOf = (memberId: SQL | typeof users.id) =>
  and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.memberId, memberId), eq(workspaceMembers.isActive, true));
// One shape for both: without a project path the project joins match nothing.
const projectOfPath = (shape: Shape) =>
  shape.startsWith('project') ? and(eq(projects.id, sql`${sql.placeholder('projectId')}::uuid`), eq(projects.workspaceId, workspaces.id), isNull(projects.deletedAt)) : sql`false`;
const projectMemberOf = (memberId: SQL | typeof users.id) => and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, memberId), eq(projectMembers.isActive, true));
const liveWorkspaceOfSlug = and(eq(workspaces.slug, sql.placeholder('slug')), isNull(workspaces.deletedAt));

function byUserStatement(db: Db, shape: Shape) {
  const userId = sql.placeholder('userId');
  return db
    .select(membershipColumns(shape))
    .from(workspaces)
    .leftJoin(workspaceMembers, memberOf(sql`${userId}`))
    .leftJoin(projects, projectOfPath(shape))
    .leftJoin(projectMembers, projectMemberOf(sql`${userId}`))
    .where(liveWorkspaceOfSlug)
    .limit(1)
    .prepare(`membership_${shape}`);
}

/** db/identity.ts's session look-up (an app session, by its one rule), with the membership joined on. */
function bySessionStatement(db: Db, shape: Shape) {
  return db
    .select({ user: users, ...membershipColumns(shape) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(workspaces, liveWorkspaceOfSlug)
    .leftJoin(workspaceMembers, memberOf(users.id))
    .leftJoin(projects, projectOfPath(shape))
    .leftJoin(projectMembers, projectMemberOf(users.id))
    .where(usableSession(sql.placeholder('sessionId'), 'app', sql.placeholder('now')))
    .limit(1)
    .prepare(`session_membership_${shape}`);
}

export interface MembershipQueries {
  /** The membership of a known user. */
  forUser(target: MembershipTarget, userId: string): Promise<MembershipRow | null>;
  /** An app session's active user with their membership (null: no such session or user). */
  forSession(target: MembershipTarget, sessionId: string): Promise<{ user: User; membership: MembershipRow | null } | null>;
}

const built = new WeakMap<Db, MembershipQueries>();

/**
 * The statements of a database, each built on its first use (every workspace- or project-scoped
 * request runs one). Not all eight at once: building them was ~40 ms of a start's CPU profile, and a
 * start needs none of them before its first such request.
 */
export function membershipQueries(db: Db): MembershipQueries {
  const existing = built.get(db);
  if (existing) return existing;
  const byUser: Partial<Record<Shape, ReturnType<typeof byUserStatement>>> = {};
  const bySession: Partial<Record<Shape, ReturnType<typeof bySessionStatement>>> = {};
  const queries: MembershipQueries = {
    async forUser(target, userId) {
      const shape = shapeOf(target);
      const statement = (byUser[shape] ??= withRowMappingOnce(byUserStatement(db, shape)));
      const [row] = await statement.execute({ userId, slug: target.slug, projectId: target.projectId });
      return row ?? null;
    },
    async forSession(target, sessionId) {
      const shape = shapeOf(target);
      const statement = (bySession[shape] ??= withRowMappingOnce(bySessionStatement(db, shape)));
      // An ISO string: placeholders skip the column's encoder, and the postgres driver takes no Date here.
      const [row] = await statement.execute({ sessionId, slug: target.slug, projectId: target.projectId, now: new Date().toISOString() });
      if (!row) return null;
      const { user, workspace, ...membership } = row;
      return { user, membership: workspace ? { workspace, ...membership } : null };
    },
  };
  built.set(db, queries);
  return queries;
}
