// The client's side of "never offer an action the role cannot take": whether I may take a named
// action of the shared permission table in a project, from my workspace and project roles as the
// stores know them. It only hides or disables controls; the server still decides every request.
import { can, memberContext, type PermissionName } from '../../shared/permission-table';
import { useProject } from '../stores/project-store';
import { useCurrentWorkspaceSlug, useWorkspace } from '../stores/workspace-store';

/** True when my roles pass `action` in the project (false while the project is not loaded). */
export function useProjectCan(action: PermissionName, projectId: string | undefined): boolean {
  const project = useProject(projectId);
  const workspace = useWorkspace(useCurrentWorkspaceSlug());
  if (!project) return false;
  return can(action, memberContext(workspace?.role, project.member_role));
}
