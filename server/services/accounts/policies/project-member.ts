// Row rules for changing project memberships (reference §5.1): who may add, re-role, remove or
// leave, with the reference's exact messages. Pure functions over roles; services call them.
import { Role } from '../../../../shared/roles';
import { BadRequestError, ForbiddenError } from '../../../errors';

/**
 * The role a user may hold in a project given their workspace role: a workspace admin must be a
 * project admin, a workspace guest can only be a guest.
 * @throws BadRequestError
 */
export function authorizeProjectRoleForWorkspaceRole(role: number, workspaceRole: number) {
  if (workspaceRole === Role.ADMIN && role < Role.ADMIN) throw new BadRequestError('You cannot add a user with role lower than the workspace role');
  if (workspaceRole === Role.GUEST && role > Role.GUEST) throw new BadRequestError('You cannot add a user with role higher than the workspace role');
}

interface RoleChange {
  callerId: string;
  callerProjectRole: number | null;
  callerIsWorkspaceAdmin: boolean;
  targetUserId: string;
  targetRole: number;
  targetWorkspaceRole: number;
  newRole: number;
}

/**
 * PATCH of a project member's role. A workspace admin may change anyone; others must be project
 * admins changing someone below them to a role below their own.
 * @throws BadRequestError, ForbiddenError
 */
export function authorizeRoleChange(change: RoleChange) {
  if (!change.callerIsWorkspaceAdmin) {
    if (change.targetUserId === change.callerId) throw new BadRequestError('You cannot update your own role');
    const callerRole = change.callerProjectRole ?? 0;
    if (callerRole < Role.ADMIN) throw new ForbiddenError('You do not have permission to update roles');
    if (change.targetRole >= callerRole) {
      throw new ForbiddenError('You cannot update the role of a member with a role equal to or higher than your own');
    }
    if (change.newRole >= callerRole) throw new ForbiddenError('You cannot assign a role equal to or higher than your own');
  }
  if (change.targetWorkspaceRole === Role.GUEST && change.newRole > Role.GUEST) {
    throw new BadRequestError('You cannot add a user with role higher than the workspace role');
  }
}

/** DELETE of a project member by a project admin. @throws BadRequestError */
export function authorizeMemberRemoval(callerId: string, callerRole: number, targetUserId: string, targetRole: number) {
  if (callerId === targetUserId) throw new BadRequestError('You cannot remove yourself from the workspace. Please use leave workspace');
  if (targetRole > callerRole) throw new BadRequestError('You cannot remove a user having role higher than you');
}

/** Leaving a project: the only admin may not leave. @throws BadRequestError */
export function authorizeLeave(role: number, otherAdminCount: number) {
  if (role === Role.ADMIN && otherAdminCount === 0) {
    throw new BadRequestError(
      'You cannot leave the project as your the only admin of the project you will have to either delete the project or create an another admin',
    );
  }
}
