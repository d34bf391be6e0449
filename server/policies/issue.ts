// Loads the issue a request is about and applies the shared issue rules (shared/policies/issue.ts)
// to the caller, so services and routes never compare roles themselves.
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issues } from '../../db/schema/index';
import { Role } from '../../shared/roles';
import { canDeleteIssue, canEditIssue, canReadIssue } from '../../shared/policies/issue';
import type { Actor as SharedActor } from '../../shared/policies/actor';
import { ForbiddenError, NotFoundError } from '../errors';
import type { ProjectActor } from '../actor';
import type { IssueListRow } from '../presenters/issue';
import { loadIssueRow } from '../services/work-items/issue-read';

/** The request actor as the shared row rules read it. */
export function ruleActor(actor: ProjectActor): SharedActor {
  return { userId: actor.userId, projectRole: actor.projectRole, workspaceRole: actor.workspaceRole };
}

/** True when the actor is a project guest limited by the guest rule (sees only issues they created). */
export function isRestrictedGuest(actor: ProjectActor): boolean {
  return (actor.projectRole ?? 0) < Role.MEMBER && !actor.project?.guestViewAllFeatures;
}

/** Extra condition on `issues` that applies the guest visibility rule, or undefined for everyone else. */
export function visibleIssues(actor: ProjectActor): SQL | undefined {
  return isRestrictedGuest(actor) ? eq(issues.createdBy, actor.userId) : undefined;
}

function asRuleIssue(issue: { createdBy: string | null; isDraft?: boolean | null }) {
  return { created_by: issue.createdBy, is_draft: issue.isDraft ?? false };
}

/**
 * The project's issue `issueId` if the actor may read it.
 * @throws NotFoundError when it does not exist in the project; ForbiddenError when the guest rule hides it.
 */
export async function loadReadableIssue(db: Db, actor: ProjectActor, issueId: string): Promise<IssueListRow> {
  const issue = await loadIssueRow(db, actor.project.id, issueId);
  if (!issue) throw new NotFoundError();
  if (!canReadIssue(ruleActor(actor), asRuleIssue(issue), Boolean(actor.project?.guestViewAllFeatures))) throw new ForbiddenError();
  return issue;
}

/** @throws ForbiddenError unless the actor may edit the issue (member+, or its creator). */
export function authorizeIssueEdit(actor: ProjectActor, issue: { createdBy: string | null }): void {
  if (!canEditIssue(ruleActor(actor), asRuleIssue(issue))) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor may delete the issue (project admin, or its creator). */
export function authorizeIssueDelete(actor: ProjectActor, issue: { createdBy: string | null }): void {
  if (!canDeleteIssue(ruleActor(actor), asRuleIssue(issue))) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor is a project admin or the row's author (comments, attachments). */
export function authorizeAuthorOrAdmin(actor: ProjectActor, authorId: string | null): void {
  const isAdmin = (actor.projectRole ?? 0) >= Role.ADMIN;
  if (!isAdmin && authorId !== actor.userId) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor's project role is at least `min`. */
export function authorizeProjectRole(actor: ProjectActor, min: Role): void {
  if ((actor.projectRole ?? 0) < min) throw new ForbiddenError();
}
