// Wire shape of an issue link (reference §1.6.4).
import type { IssueLink } from '../../../../db/schema/index';
import { isoDateTime } from '../../../presenters/dates';
import type { UserLite } from './issue-activity';

/** An issue link with its creator. */
export function presentIssueLink(row: IssueLink, creator: UserLite | null) {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    metadata: row.metadata,
    issue: row.issueId,
    issue_id: row.issueId,
    project: row.projectId,
    workspace: row.workspaceId,
    created_at: isoDateTime(row.createdAt),
    updated_at: isoDateTime(row.updatedAt),
    deleted_at: isoDateTime(row.deletedAt),
    created_by: row.createdBy,
    created_by_id: row.createdBy,
    updated_by: row.updatedBy,
    created_by_detail: creator,
    version: row.version,
  };
}
