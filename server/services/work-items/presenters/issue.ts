// Turns issue rows (with their aggregated ids and counts) into the wire shapes of reference §1.4:
// the list item every issue list returns, and the detail with its optional expansions.
import type { Issue } from '../../../../db/schema/index';
import type { Priority } from '../../../../shared/issue-constants';
import { isoDateTime, isoDay, presentStamps } from '../../../presenters/dates';

/**
 * An issue row as lists load it: the table's columns plus what the list item aggregates. Build it
 * with `issueRowColumns` (server/services/work-items/issue-read.ts) or any query selecting the same keys.
 */
/**
 * An issue as reads and writes hand it around: every column but the live description's Yjs state
 * and the search vector (large, and only the description document and search read them), plus the
 * aggregates the presenters need.
 */
export interface IssueListRow extends Omit<Issue, 'descriptionBinary' | 'searchVector'> {
  stateGroup: string | null;
  assigneeIds: string[];
  labelIds: string[];
  moduleIds: string[];
  cycleId: string | null;
  subIssuesCount: number;
  attachmentCount: number;
  linkCount: number;
}

/** The issue list item (IssueListItem of reference §1.4; counts are 0, never null). */
export function presentIssue(row: IssueListRow) {
  return {
    id: row.id,
    name: row.name,
    state_id: row.stateId,
    sort_order: row.sortOrder,
    completed_at: isoDateTime(row.completedAt),
    estimate_point: row.estimatePointId,
    priority: row.priority as Priority,
    start_date: row.startDate,
    target_date: row.targetDate,
    sequence_id: row.sequenceId,
    project_id: row.projectId,
    parent_id: row.parentId,
    cycle_id: row.cycleId ?? null,
    sub_issues_count: Number(row.subIssuesCount ?? 0),
    ...presentStamps(row),
    attachment_count: Number(row.attachmentCount ?? 0),
    link_count: Number(row.linkCount ?? 0),
    is_draft: row.isDraft,
    archived_at: isoDay(row.archivedAt),
    state__group: row.stateGroup ?? null,
    assignee_ids: [...(row.assigneeIds ?? [])].sort(),
    label_ids: [...(row.labelIds ?? [])].sort(),
    module_ids: [...(row.moduleIds ?? [])].sort(),
    type_id: row.typeId,
    version: row.version,
  };
}
export type IssueListItem = ReturnType<typeof presentIssue>;

/** What the detail adds to a list row: the caller's subscription and any requested expansions. */
interface IssueDetailExtras {
  isSubscribed: boolean;
  /** Expansion key → already presented value (`issue_reactions`, `issue_link`, `parent`, …). */
  expand?: Record<string, unknown>;
}

/** IssueDetail (reference §1.4): the list item + `description_html`, `is_subscribed` and expansions. */
export function presentIssueDetail(row: IssueListRow, extras: IssueDetailExtras) {
  return {
    ...presentIssue(row),
    description_html: row.descriptionHtml,
    description_stripped: row.descriptionStripped,
    is_subscribed: extras.isSubscribed,
    deleted_at: isoDateTime(row.deletedAt),
    ...(extras.expand ?? {}),
  };
}
export type IssueDetail = ReturnType<typeof presentIssueDetail>;

/** The lite form used by `parent` expansion. */
export function presentIssueLite(issue: Pick<Issue, 'id' | 'sequenceId' | 'projectId'>) {
  return { id: issue.id, sequence_id: issue.sequenceId, project_id: issue.projectId };
}
