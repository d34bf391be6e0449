// A project's publish settings on the wire (DeployBoard of reference §13): the published board's
// options with the project and workspace it shows.
import type { DeployBoard, Project, Workspace } from '../../../../db/schema/index';
import { isoDateTime } from '../../../presenters/dates';
import { presentProjectLite } from '../../accounts/presenters/project-member';
import { presentWorkspaceLite } from '../../accounts/presenters/workspace';

/** A project's publish settings (DeployBoard of reference §13); `board` null gives the blank, unpublished object. */
export function presentDeployBoard(board: DeployBoard | null, project: Project, workspace: Workspace) {
  return {
    id: board?.id ?? null,
    project_details: presentProjectLite(project),
    workspace_detail: presentWorkspaceLite(workspace),
    entity_identifier: board?.entityIdentifier ?? project.id,
    entity_name: board?.entityName ?? 'project',
    anchor: board?.anchor ?? null,
    is_comments_enabled: board?.isCommentsEnabled ?? false,
    is_reactions_enabled: board?.isReactionsEnabled ?? false,
    intake: board?.intake ?? null,
    is_votes_enabled: board?.isVotesEnabled ?? false,
    view_props: board?.viewProps ?? {},
    is_activity_enabled: board?.isActivityEnabled ?? true,
    is_disabled: board?.isDisabled ?? false,
    workspace: workspace.id,
    project: project.id,
    created_at: isoDateTime(board?.createdAt),
    updated_at: isoDateTime(board?.updatedAt),
    created_by: board?.createdBy ?? null,
    updated_by: board?.updatedBy ?? null,
  };
}
