// Turns project membership rows into the two wire shapes of reference §5.1/§13: the short role
// shape of lists and bulk add, and the full ProjectMember with nested workspace, project and user.
import type { Project, ProjectMember, User, Workspace } from '../../../../db/schema/index';
import { presentUserAdminLite, presentUserLite } from './user';
import { presentWorkspaceLite } from './workspace';

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** A member's project preferences before they change any (reference §5.1). */
const DEFAULT_PROJECT_MEMBER_PREFERENCES = {
  pages: { block_display: true },
  navigation: { default_tab: 'work_items', hide_in_more_menu: [] },
};

/** The stored preferences over the defaults, key by key (a PATCH replaces whole top-level keys). */
export function memberPreferences(row: ProjectMember): Record<string, unknown> {
  const stored = row.preferences && typeof row.preferences === 'object' && !Array.isArray(row.preferences) ? row.preferences : {};
  return { ...DEFAULT_PROJECT_MEMBER_PREFERENCES, ...stored };
}

/** `GET …/preferences/member/:userId/` — `{preferences, project_id, member_id, workspace_id}`. */
export function presentMemberPreferences(row: ProjectMember) {
  return { preferences: memberPreferences(row), project_id: row.projectId, member_id: row.memberId, workspace_id: row.workspaceId };
}

/** `{id, role, member, project, original_role, created_at}` (+ `version`) — member lists and bulk add. */
export function presentProjectMemberRole(row: ProjectMember) {
  return {
    id: row.id,
    role: row.role,
    member: row.memberId,
    project: row.projectId,
    original_role: row.role,
    created_at: iso(row.createdAt),
    version: row.version,
  };
}

/**
 * ProjectLite, as a member, an activity and the publish settings embed their project. It lives in
 * accounts, the lowest domain that shows a project, so work-items and integrations share it.
 */
export function presentProjectLite(project: Pick<Project, 'id' | 'identifier' | 'name' | 'coverImage' | 'logoProps' | 'description'>) {
  return {
    id: project.id,
    identifier: project.identifier,
    name: project.name,
    cover_image: project.coverImage,
    cover_image_url: project.coverImage,
    logo_props: project.logoProps,
    description: project.description,
  };
}

/** The full ProjectMember; `adminView` nests UserAdminLite (with email) instead of UserLite. */
export function presentProjectMember(
  row: ProjectMember,
  related: { workspace: Workspace; project: Project; user: User },
  adminView = false,
) {
  const { workspace, project, user } = related;
  return {
    id: row.id,
    workspace: presentWorkspaceLite(workspace),
    project: presentProjectLite(project),
    member: adminView ? presentUserAdminLite(user) : presentUserLite(user),
    comment: row.comment,
    role: row.role,
    view_props: row.viewProps,
    default_props: row.defaultProps,
    preferences: memberPreferences(row),
    sort_order: row.sortOrder,
    is_active: row.isActive,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    deleted_at: null,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    version: row.version,
  };
}
