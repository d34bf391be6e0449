// Who sees which project (reference §5): workspace admins see every project, members their own
// projects plus public ones, guests only their own. Read filters and the retrieve rule live here.
import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { projectMembers, projects, type Project } from '../../../../db/schema/index';
import { Role } from '../../../../shared/roles';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../errors';
import type { WorkspaceActor } from '../../../actor';
import { ProjectNetwork } from '../../../../shared/visibility';

/** SQL condition: the caller is an active member of `projects.id`. */
function isActiveMemberOf(userId: string): SQL {
  return exists(
    sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.memberId} = ${userId} and ${projectMembers.isActive} = true)`,
  );
}

/** SQL condition: live projects of the actor's workspace that the actor may see in lists. */
export function visibleProjects(actor: WorkspaceActor): SQL {
  const base = and(eq(projects.workspaceId, actor.workspace.id), isNull(projects.deletedAt))!;
  if (actor.workspaceRole === Role.ADMIN) return base;
  if (actor.workspaceRole === Role.MEMBER) return and(base, or(isActiveMemberOf(actor.userId), eq(projects.network, ProjectNetwork.PUBLIC)))!;
  return and(base, isActiveMemberOf(actor.userId))!;
}

/**
 * The retrieve rule of `GET …/projects/:projectId/`: missing or archived → 404; a non-member gets
 * 403 for a secret project and 409 for a public one (the client then offers to join).
 * @throws NotFoundError, ForbiddenError, ConflictError
 */
export function authorizeProjectRetrieve(project: Project | undefined, memberRole: number | null): asserts project is Project {
  if (!project || project.archivedAt) throw new NotFoundError('Project does not exist');
  if (memberRole !== null) return;
  if (project.network === ProjectNetwork.PUBLIC) throw new ConflictError('You are not a member of this project');
  throw new ForbiddenError('You do not have permission');
}
