// The caller as the page rules see them in one project (project role, workspace role), for the
// page screens' show/hide decisions.
import { useResource } from '../api/use-resource';
import type { Actor } from '../../shared/policies/page';
import { ensureProjects, useProject } from '../stores/project-store';
import { useSessionStore } from '../stores/session-store';
import { useWorkspace } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';

/** The page-rule actor of the signed-in user in `projectId`, and whether they may create pages. */
export function usePageActor(slug: string, projectId: string): { actor: Actor; canCreate: boolean; user: { id: string; name: string } } {
  const user = useSessionStore((state) => state.user);
  const workspace = useWorkspace(slug);
  const project = useProject(projectId);
  // The projects, when no loader read this workspace's yet (ensureProjects asks only then).
  useResource(project ? null : `${slug}|projects`, () => ensureProjects(slug));
  const actor: Actor = { userId: user?.id ?? '', projectRole: project?.member_role ?? null, workspaceRole: workspace?.role ?? null };
  return {
    actor,
    canCreate: can('project.create', memberContext(actor.workspaceRole, actor.projectRole)),
    user: { id: user?.id ?? '', name: user?.display_name || user?.email || '' },
  };
}
