// Turns project rows into the wire shapes of reference §5: the flat list item and the full Project
// (details, create, retrieve, update).
import type { Project } from '../../../../db/schema/index';
import { isoDateTime, presentStampsWithDeletedAt, presentStamps } from '../../../presenters/dates';

/** What a project looks like to one viewer: their sort order, role, favorite flag, plus the publish anchor. */
interface ProjectViewerFields {
  sortOrder: number | null;
  memberRole: number | null;
  isFavorite: boolean;
  anchor: string | null;
}

/** The extra aggregates of the full Project shape. */
export interface ProjectDetailFields extends ProjectViewerFields {
  memberIds: string[];
  nextSequence: number;
}

/** The flat item of `GET /api/workspaces/:slug/projects/` (reference §5), plus `is_member`, `is_favorite` and `version`. */
export function presentProjectListItem(project: Project, viewer: ProjectViewerFields & { intakeCount: number }) {
  return {
    id: project.id,
    name: project.name,
    identifier: project.identifier,
    sort_order: viewer.sortOrder,
    logo_props: project.logoProps,
    member_role: viewer.memberRole,
    is_member: viewer.memberRole !== null,
    is_favorite: viewer.isFavorite,
    intake_count: viewer.intakeCount,
    archived_at: isoDateTime(project.archivedAt),
    workspace: project.workspaceId,
    cycle_view: project.cycleView,
    issue_views_view: project.issueViewsView,
    module_view: project.moduleView,
    page_view: project.pageView,
    inbox_view: project.intakeView,
    guest_view_all_features: project.guestViewAllFeatures,
    project_lead: project.projectLeadId,
    network: project.network,
    anchor: viewer.anchor,
    ...presentStamps(project),
    version: project.version,
  };
}

/** The full Project (ProjectListSerializer of reference §13) as one viewer sees it. */
export function presentProject(project: Project, extra: ProjectDetailFields) {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    description_text: null,
    description_html: project.descriptionHtml,
    network: project.network,
    workspace: project.workspaceId,
    identifier: project.identifier,
    default_assignee: project.defaultAssigneeId,
    project_lead: project.projectLeadId,
    emoji: project.emoji,
    icon_prop: project.iconProp ?? null,
    module_view: project.moduleView,
    cycle_view: project.cycleView,
    issue_views_view: project.issueViewsView,
    page_view: project.pageView,
    intake_view: project.intakeView,
    inbox_view: project.intakeView,
    is_time_tracking_enabled: project.isTimeTrackingEnabled,
    is_issue_type_enabled: project.isIssueTypeEnabled,
    guest_view_all_features: project.guestViewAllFeatures,
    cover_image: project.coverImage,
    cover_image_asset: null,
    cover_image_url: project.coverImage,
    estimate: project.estimateId,
    archive_in: project.archiveIn,
    close_in: project.closeIn,
    logo_props: project.logoProps,
    default_state: project.defaultStateId,
    archived_at: isoDateTime(project.archivedAt),
    timezone: project.timezone,
    external_source: project.externalSource,
    external_id: project.externalId,
    ...presentStampsWithDeletedAt(project),
    is_favorite: extra.isFavorite,
    sort_order: extra.sortOrder,
    member_role: extra.memberRole,
    is_member: extra.memberRole !== null,
    anchor: extra.anchor,
    members: extra.memberIds,
    next_work_item_sequence: extra.nextSequence,
    version: project.version,
  };
}
