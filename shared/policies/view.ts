// Pure rules of saved views (reference §4), shared by the REST services and the live filter.
import { Role, isValidRole } from '../roles';
import { guestRowAccess, type RowAccess } from './row-access';

/** The project a project view belongs to, as its viewer stands in it (role: the effective one). */
interface ViewProject {
  projectRole: number | null;
  guestViewAllFeatures: boolean;
}

/**
 * THE row access of saved views: a project view follows the project's guest rule (a guest sees only
 * the views they own unless the project allows all); a workspace (global) view, without `project`,
 * the workspace role (a workspace guest sees only their own). Private views are their owner's alone
 * on top of this.
 */
export function viewAccess(workspaceRole: number | null | undefined, project?: ViewProject): RowAccess {
  if (project) return guestRowAccess(project.projectRole, project.guestViewAllFeatures);
  if (!isValidRole(workspaceRole)) return 'none';
  return workspaceRole >= Role.MEMBER ? 'full' : 'own';
}
