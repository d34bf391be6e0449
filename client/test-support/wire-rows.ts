// Whole wire rows for client tests: a store keeps what the server sends (shared/schemas), so a
// fixture is a full row with only the fields a test cares about set by hand.
import type { IssueListItem, IssueListResponse, Project } from '../api/types';

/** A project as `projects/details/` sends it: a member's public project with every feature on. */
export function buildProject(fields: Partial<Project> & Pick<Project, 'id'>): Project {
  return {
    name: fields.id,
    identifier: fields.id.toUpperCase(),
    description: '',
    description_text: null,
    description_html: null,
    network: 2,
    workspace: 'w1',
    default_assignee: null,
    project_lead: null,
    emoji: null,
    icon_prop: null,
    cycle_view: true,
    issue_views_view: true,
    module_view: true,
    page_view: true,
    inbox_view: true,
    guest_view_all_features: false,
    intake_view: false,
    is_time_tracking_enabled: false,
    is_issue_type_enabled: false,
    cover_image: null,
    cover_image_asset: null,
    cover_image_url: null,
    estimate: null,
    archive_in: 0,
    close_in: 0,
    logo_props: {},
    default_state: null,
    archived_at: null,
    timezone: 'UTC',
    external_source: null,
    external_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    updated_by: null,
    deleted_at: null,
    is_favorite: false,
    sort_order: null,
    member_role: 20,
    is_member: true,
    anchor: null,
    members: [],
    next_work_item_sequence: 1,
    version: 1,
    ...fields,
  };
}

/** An issue as the lists send it: in backlog, no dates, labels or assignees. */
export function buildIssueListItem(fields: Partial<IssueListItem> & Pick<IssueListItem, 'id'>): IssueListItem {
  return {
    name: fields.id,
    state_id: null,
    sort_order: 65535,
    completed_at: null,
    estimate_point: null,
    priority: 'none',
    start_date: null,
    target_date: null,
    sequence_id: 1,
    project_id: 'p1',
    parent_id: null,
    cycle_id: null,
    sub_issues_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    updated_by: null,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    archived_at: null,
    state__group: 'backlog',
    assignee_ids: [],
    label_ids: [],
    module_ids: [],
    type_id: null,
    version: 1,
    ...fields,
  };
}

/** An issue list page (the paginator's envelope) around `results`, the only page there is. */
export function buildIssueListPage(results: IssueListResponse['results'], totalCount = 0): IssueListResponse {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: totalCount,
    next_cursor: '',
    prev_cursor: '',
    next_page_results: false,
    prev_page_results: false,
    count: totalCount,
    total_pages: 1,
    total_results: totalCount,
    extra_stats: null,
    results,
  };
}
