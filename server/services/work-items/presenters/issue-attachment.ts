// Wire shape of an issue attachment (reference §1.6.7, legacy multipart form).
import type { IssueAttachment } from '../../../../db/schema/index';
import { presentStampsWithDeletedAt } from '../../../presenters/dates';

/** The download path of an attachment (also its `asset` and `asset_url`). */
function attachmentDownloadPath(slug: string, row: Pick<IssueAttachment, 'id' | 'projectId' | 'issueId'>): string {
  return `/api/workspaces/${slug}/projects/${row.projectId}/issues/${row.issueId}/issue-attachments/${row.id}/download/`;
}

/** An attachment; `attributes` holds `{name, type, size}` plus what the client sent. */
export function presentIssueAttachment(row: IssueAttachment, slug: string) {
  const url = attachmentDownloadPath(slug, row);
  return {
    id: row.id,
    attributes: { ...(row.attributes as Record<string, unknown>), name: row.name, type: row.mimeType, size: row.size },
    asset: url,
    asset_url: url,
    issue: row.issueId,
    issue_id: row.issueId,
    project: row.projectId,
    workspace: row.workspaceId,
    size: row.size,
    is_uploaded: row.isUploaded,
    ...presentStampsWithDeletedAt(row),
    version: row.version,
  };
}
