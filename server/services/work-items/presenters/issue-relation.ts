// Wire shapes of issue relations (reference §1.6.5): the stored row, and a related issue as listed.
import type { IssueRelation } from '../../../../db/schema/index';
import { presentStamps } from '../../../presenters/dates';
import type { IssueListRow } from './issue';

/** The stored relation row (the `issue_relation` change event's data). */
export function presentIssueRelationRow(row: IssueRelation) {
  return {
    id: row.id,
    issue: row.issueId,
    related_issue: row.relatedIssueId,
    relation_type: row.relationType,
    project: row.projectId,
    workspace: row.workspaceId,
    ...presentStamps(row),
    version: row.version,
  };
}

/** A related issue as seen from the other one, with the relation type from that side. */
export function presentRelatedIssue(issue: IssueListRow, relationType: string) {
  return {
    id: issue.id,
    name: issue.name,
    state_id: issue.stateId,
    sort_order: issue.sortOrder,
    priority: issue.priority,
    sequence_id: issue.sequenceId,
    project_id: issue.projectId,
    label_ids: [...issue.labelIds].sort(),
    assignee_ids: [...issue.assigneeIds].sort(),
    ...presentStamps(issue),
    relation_type: relationType,
  };
}
