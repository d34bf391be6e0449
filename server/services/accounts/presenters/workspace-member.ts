// Turns workspace membership rows into the WorkspaceMember wire object of reference §13.
import type { WorkspaceMember } from '../../../../db/schema/index';
import { presentUserAdminLite, presentUserLite, type UserLiteColumns } from './user';

/** How much of the member's user is shown: `admin` adds email and login medium (callers above guest). */
export type MemberDetail = 'lite' | 'admin';

function memberFields(row: WorkspaceMember) {
  return {
    id: row.id,
    workspace: row.workspaceId,
    role: row.role,
    company_role: row.companyRole,
    view_props: row.viewProps,
    default_props: row.defaultProps,
    issue_props: row.issueProps,
    is_active: row.isActive,
    getting_started_checklist: row.gettingStartedChecklist,
    tips: row.tips,
    explored_features: row.exploredFeatures,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: null,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
  };
}

/** A WorkspaceMember with `member` nested as UserLite or UserAdminLite. */
export function presentWorkspaceMember(row: WorkspaceMember, user: UserLiteColumns, detail: MemberDetail = 'lite') {
  return { ...memberFields(row), member: detail === 'admin' ? presentUserAdminLite(user) : presentUserLite(user) };
}

/** The caller's own membership (`workspace-members/me/`): `member` is the user id, plus draft count. */
export function presentMyWorkspaceMember(row: WorkspaceMember, draftIssueCount: number) {
  return { ...memberFields(row), member: row.memberId, draft_issue_count: draftIssueCount };
}
