// Who is calling, as services see it. The access plugin builds one of these per request from the
// permission the route declares (shared/permission-table.ts), so a service taking a ProjectActor
// can rely on the project being there: the narrowing happens once, in the access layer, instead
// of a non-null assertion in every service.
import type { projects, users, workspaces } from '../db/schema/index';
import type { PermissionName, PermissionScope } from '../shared/permission-table';

type WorkspaceRow = typeof workspaces.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;
/** The caller's own user columns that what they write shows of them (activity rows embed them). */
export type ActorPerson = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'avatar' | 'isBot' | 'displayName'>;

/** A signed-in caller outside any membership (`authenticated`, `instance-admin` routes). */
export interface UserActor {
  userId: string;
  /** The caller's time zone (profile `user_timezone`): "today" in relative date filters is theirs. */
  timeZone: string;
  /** The caller's user row as the session read it (absent where an actor is made outside a request). */
  person?: ActorPerson;
}

/** An active member of the workspace of the path (`:slug`). */
export interface WorkspaceActor extends UserActor {
  workspace: WorkspaceRow;
  /** The caller's active workspace role (spec §6: 20, 15 or 5). */
  workspaceRole: number;
}

/** A caller inside the project of the path (`:projectId`), which exists and is not deleted. */
export interface ProjectActor extends WorkspaceActor {
  project: ProjectRow;
  /**
   * The caller's effective project role, or null when not a member: only a workspace admin passing
   * a `workspaceAdminBypass` rule (project PATCH/DELETE) gets here without a membership.
   */
  projectRole: number | null;
}

/**
 * What code outside a route (hooks, plugins) may assume: any of the above, or none on a public
 * route. Read it defensively (`request.actor?.workspace?.id`).
 */
export type AnyActor = UserActor & Partial<Omit<ProjectActor, 'userId'>>;

/** The actor a route declaring `name` gets: no actor on public routes, a narrowed one otherwise. */
type ActorOf<N extends PermissionName> = N extends 'public'
  ? null
  : PermissionScope<N> extends 'project'
    ? ProjectActor
    : PermissionScope<N> extends 'workspace'
      ? WorkspaceActor
      : UserActor;

/** The actor for a route's config: typed from its declared permission, `AnyActor` where unknown. */
export type ActorForConfig<C> = C extends { access: infer N extends PermissionName } ? ActorOf<N> : AnyActor;

/** True when a workspace-or-project actor is inside a project (routes shared by both levels, such as drafts). */
export function hasProject(actor: WorkspaceActor): actor is ProjectActor {
  return Boolean((actor as Partial<ProjectActor>).project);
}
