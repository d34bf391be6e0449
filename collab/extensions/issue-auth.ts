// onAuthenticate for issue description documents (`issue.<id>`): the issue rules of REST
// (shared/policies/issue.ts) applied at connect time. Cannot read the issue (outsider, a guest the
// guest rule hides it from, someone else's draft, a deleted issue) → refused; may read but not
// edit (a guest who did not create it, an archived issue or project) → read-only.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issues, projects } from '../../db/schema/index';
import { canEditIssue, canReadIssue } from '../../shared/policies/issue';
import type { CollabIdentity } from '../identity';

export interface IssueAccess {
  canEdit: boolean;
}

type Membership = { projectRole: number; workspaceRole: number; guestViewAllFeatures: boolean } | null;

/**
 * The access `identity` has to the issue's description.
 * @throws Error when the issue is unknown or deleted, or the caller may not read it.
 */
export async function authorizeIssueDocument(
  db: Db,
  identity: CollabIdentity,
  issueId: string,
  loadMembership: (userId: string, projectId: string) => Promise<Membership>,
): Promise<IssueAccess> {
  const [issue] = await db
    .select({
      projectId: issues.projectId,
      workspaceId: issues.workspaceId,
      createdBy: issues.createdBy,
      isDraft: issues.isDraft,
      archivedAt: issues.archivedAt,
      projectArchivedAt: projects.archivedAt,
    })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .where(and(eq(issues.id, issueId), isNull(issues.deletedAt), isNull(projects.deletedAt)))
    .limit(1);
  if (!issue) throw new Error('unknown issue');
  if (identity.apiKeyWorkspaceId && identity.apiKeyWorkspaceId !== issue.workspaceId) throw new Error('forbidden');
  const membership = await loadMembership(identity.userId, issue.projectId);
  if (!membership) throw new Error('forbidden');
  const actor = { userId: identity.userId, projectRole: membership.projectRole, workspaceRole: membership.workspaceRole };
  const row = { created_by: issue.createdBy, is_draft: issue.isDraft };
  if (!canReadIssue(actor, row, membership.guestViewAllFeatures)) throw new Error('forbidden');
  return { canEdit: canEditIssue(actor, row) && !issue.archivedAt && !issue.projectArchivedAt };
}
