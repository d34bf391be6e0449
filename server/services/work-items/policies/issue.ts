// Loads the issue a request is about and applies the shared issue rules (shared/policies/issue.ts)
// to the caller, so services and routes never compare roles themselves.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { issues } from '../../../../db/schema/index';
import { Role } from '../../../../shared/roles';
import { canDeleteIssue, canEditIssue, canReadIssue, issueAccess } from '../../../../shared/policies/issue';
import type { Actor as SharedActor } from '../../../../shared/policies/actor';
import { ForbiddenError, NotFoundError } from '../../../errors';
import type { ProjectActor } from '../../../actor';
import { loadIssueRow, type IssueRowForViewer } from '../issue-read';

/** The request actor as the shared row rules read it. */
function ruleActor(actor: ProjectActor): SharedActor {
  return { userId: actor.userId, projectRole: actor.projectRole, workspaceRole: actor.workspaceRole };
}

/** The actor's access to the issues of their project (shared issueAccess: a guest sees only their own unless allowed). */
function accessOf(actor: ProjectActor) {
  return issueAccess(actor.projectRole, Boolean(actor.project?.guestViewAllFeatures));
}

/** True when the actor sees less than every issue of the project (a guest limited to their own). */
export function isRestrictedGuest(actor: ProjectActor): boolean {
  return accessOf(actor) !== 'full';
}

/** Extra condition on `issues` that applies the actor's issue access, or undefined when they see all. */
export function visibleIssues(actor: ProjectActor): SQL | undefined {
  const access = accessOf(actor);
  if (access === 'full') return undefined;
  return access === 'own' ? eq(issues.createdBy, actor.userId) : sql`false`;
}

function asRuleIssue(issue: { createdBy: string | null; isDraft?: boolean | null }) {
  return { created_by: issue.createdBy, is_draft: issue.isDraft ?? false };
}

/**
 * The project's issue `issueId` if the actor may read it.
 * @throws NotFoundError when it does not exist in the project; ForbiddenError when the guest rule hides it.
 */
export async function loadReadableIssue(db: Db, actor: ProjectActor, issueId: string): Promise<IssueRowForViewer> {
  const issue = await loadIssueRow(db, actor.project.id, issueId, actor.userId);
  if (!issue) throw new NotFoundError();
  if (!canReadIssue(ruleActor(actor), asRuleIssue(issue), Boolean(actor.project?.guestViewAllFeatures))) throw new ForbiddenError();
  return issue;
}

/**
 * True when the actor may read and edit every published issue of the project, whoever created it:
 * the rules then need nothing of such a row (an update may skip reading it first).
 */
export function mayEditAnyPublishedIssue(actor: ProjectActor): boolean {
  const someoneElses = { created_by: null, is_draft: false };
  return canReadIssue(ruleActor(actor), someoneElses, Boolean(actor.project?.guestViewAllFeatures)) && canEditIssue(ruleActor(actor), someoneElses);
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
