// onAuthenticate for /collab (DESIGN "Pages"): identifies the caller, then applies the same page rules
// as REST (shared/policies/page.ts) at connect time — cannot read → refused, cannot edit (spec §5:
// locked, archived, guest, someone else's private page) → read-only. Issue description documents
// (`issue.<id>`) get the issue rules instead (collab/extensions/issue-auth.ts).
import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectMembers, projects, workspaceMembers } from '../../db/schema/index';
import { findPageAccess } from '../../db/page-access';
import { canEditPageContent, canReadPage, pagePolicyRow } from '../../shared/policies/page';
import { isUuid } from '../../shared/schemas/common';
import { identify } from '../identity';
import { issueIdOfDocument } from '../../shared/collab-documents';
import { authorizeIssueDocument } from './issue-auth';

/** What every connection carries after authentication (hook `context`). */
export interface CollabContext {
  userId: string;
  displayName: string;
  canEdit: boolean;
}

/** Refuses unknown pages and outsiders; marks read-only connections. */
export class AuthExtension implements Extension {
  extensionName = 'trellis-auth';

  constructor(private readonly db: Db) {}

  async onAuthenticate({ documentName, requestHeaders, token, connectionConfig }: onAuthenticatePayload): Promise<CollabContext> {
    const issueId = issueIdOfDocument(documentName);
    if (issueId) return this.authenticateIssue(issueId, requestHeaders, token, connectionConfig);
    // Security: reject here, not by throwing from onLoadDocument (hocuspocus #1156 leaks a Y.Doc per refusal).
    if (!isUuid(documentName)) throw new Error('unknown page');
    // Two independent reads in parallel: opening a page should cost as few round trips as possible.
    const [identity, page] = await Promise.all([identify(this.db, requestHeaders.get('cookie'), token), findPageAccess(this.db, documentName)]);
    if (!identity) throw new Error('not authenticated');
    if (!page || !page.projectId) throw new Error('unknown page');
    if (identity.apiKeyWorkspaceId && identity.apiKeyWorkspaceId !== page.workspaceId) throw new Error('forbidden');
    const membership = await loadMembership(this.db, identity.userId, page.projectId);
    if (!membership) throw new Error('forbidden');
    const actor = { userId: identity.userId, projectRole: membership.projectRole, workspaceRole: membership.workspaceRole };
    const row = pagePolicyRow(page);
    if (!canReadPage(actor, row, { guest_view_all_features: membership.guestViewAllFeatures })) throw new Error('forbidden');
    const canEdit = canEditPageContent(actor, row);
    connectionConfig.readOnly = !canEdit;
    return { userId: identity.userId, displayName: identity.displayName, canEdit };
  }

  /** An issue description document (`issue.<id>`): the issue rules instead of the page rules. */
  private async authenticateIssue(
    issueId: string,
    requestHeaders: onAuthenticatePayload['requestHeaders'],
    token: string,
    connectionConfig: onAuthenticatePayload['connectionConfig'],
  ): Promise<CollabContext> {
    const identity = await identify(this.db, requestHeaders.get('cookie'), token);
    if (!identity) throw new Error('not authenticated');
    const { canEdit } = await authorizeIssueDocument(this.db, identity, issueId, (userId, projectId) => loadMembership(this.db, userId, projectId));
    connectionConfig.readOnly = !canEdit;
    return { userId: identity.userId, displayName: identity.displayName, canEdit };
  }
}

async function loadMembership(db: Db, userId: string, projectId: string) {
  const [row] = await db
    .select({ projectRole: projectMembers.role, workspaceRole: workspaceMembers.role, guestViewAllFeatures: projects.guestViewAllFeatures })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, userId), eq(projectMembers.isActive, true)))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)),
    )
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
    .limit(1);
  return row ?? null;
}
