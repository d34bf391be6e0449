// Draft issues: issues with is_draft true, kept out of the normal lists. Served per project
// (`issue-drafts/`) and per workspace (reference §1.6.13); a draft becomes a normal issue when
// is_draft turns false.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues, projectMembers, projects } from '../../../db/schema/index';
import { formatCursor, offsetPage, resolvePagination, InvalidPaginationError } from '../../../shared/cursor';
import { Role, effectiveProjectRole } from '../../../shared/roles';
import type { CreateIssueBody, DraftToIssueBody, UpdateIssueBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { hasProject, type ProjectActor, type WorkspaceActor } from '../../actor';
import { authorizeAuthorOrAdmin, authorizeIssueEdit, authorizeProjectRole } from './policies/issue';
import { presentIssue, type IssueListRow } from './presenters/issue';
import { insertIssue, softDeleteIssues } from './issue';
import { applyIssueUpdate } from './issue-update';
import { addToModules, moveToCycle, requireCycle, requireModules } from './issue-bulk';
import { loadIssueRow, loadIssueRows } from './issue-read';

/** The actor as a member of another project of the workspace (workspace draft routes). @throws ForbiddenError. */
export async function actorInProject(db: Db, actor: WorkspaceActor, projectId: string): Promise<ProjectActor> {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)))
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, actor.workspace.id), isNull(projects.deletedAt)));
  if (!row) throw new BadRequestError('Project is not valid please pass a valid project_id');
  const projectRole = effectiveProjectRole(row.role, actor.workspaceRole);
  if (projectRole === null) throw new ForbiddenError();
  return { ...actor, project: row.project, projectRole };
}

/** Loads one draft the caller may manage (its creator or a project admin). @throws NotFoundError, ForbiddenError. */
async function loadDraft(db: Db, actor: WorkspaceActor, issueId: string): Promise<{ actor: ProjectActor; row: IssueListRow }> {
  let scoped: ProjectActor;
  if (hasProject(actor)) scoped = actor;
  else {
    const [issue] = await db.select({ projectId: issues.projectId }).from(issues).where(and(eq(issues.id, issueId), eq(issues.workspaceId, actor.workspace.id), isNull(issues.deletedAt)));
    if (!issue) throw new NotFoundError();
    scoped = await actorInProject(db, actor, issue.projectId).catch(() => {
      throw new NotFoundError();
    });
  }
  const row = await loadIssueRow(db, scoped.project.id, issueId);
  if (!row || !row.isDraft) throw new NotFoundError();
  authorizeAuthorOrAdmin(scoped, row.createdBy);
  return { actor: scoped, row };
}

/** Creates a draft in the actor's project (Member or above). */
export async function createDraft(ctx: ServerContext, actor: ProjectActor, body: CreateIssueBody, options: WriteOptions): Promise<IssueListRow> {
  authorizeProjectRole(actor, Role.MEMBER);
  return withTransaction(ctx, options, (tx) => insertIssue(tx, actor.project, { ...body, is_draft: true }, actor.userId));
}

/** The caller's drafts in the actor's project (or in every project of the workspace). */
function draftCondition(actor: WorkspaceActor) {
  return and(
    eq(issues.isDraft, true),
    isNull(issues.deletedAt),
    eq(issues.createdBy, actor.userId),
    hasProject(actor) ? eq(issues.projectId, actor.project.id) : eq(issues.workspaceId, actor.workspace.id),
  );
}

/** GET project `issue-drafts/`: the caller's drafts as issue list items. */
export async function listProjectDrafts(ctx: ServerContext, actor: ProjectActor) {
  return (await loadIssueRows(ctx.db, draftCondition(actor))).map(presentIssue);
}

/** GET workspace `draft-issues/`: the caller's drafts, offset-cursor paginated (reference §0.6 A). */
export async function listWorkspaceDrafts(ctx: ServerContext, actor: WorkspaceActor, query: { cursor?: string; per_page?: string }) {
  let page;
  try {
    page = resolvePagination(query);
  } catch (error) {
    if (error instanceof InvalidPaginationError) throw new BadRequestError(error.message, { detail: error.message });
    throw error;
  }
  const where = draftCondition(actor);
  const [{ total }] = await ctx.db.select({ total: count() }).from(issues).where(where);
  const rows = await loadIssueRows(ctx.db, where, [desc(issues.createdAt)], { limit: page.perPage, offset: page.offset });
  const results = rows.map((row) => ({ ...presentIssue(row), description_html: row.descriptionHtml }));
  return { ...offsetPage(results, total, page), cursor: formatCursor(page) };
}

/** One draft (creator or project admin). */
export async function getDraft(ctx: ServerContext, actor: WorkspaceActor, issueId: string) {
  return loadDraft(ctx.db, actor, issueId);
}

/** Updates a draft; `is_draft: false` turns it into a normal issue. */
export async function updateDraft(ctx: ServerContext, actor: WorkspaceActor, issueId: string, body: UpdateIssueBody, options: WriteOptions): Promise<IssueListRow> {
  const { actor: scoped, row } = await loadDraft(ctx.db, actor, issueId);
  authorizeIssueEdit(scoped, row);
  return withTransaction(ctx, options, (tx) => applyIssueUpdate(tx, scoped.project, row, body, actor.userId));
}

/**
 * POST `draft-to-issue/{id}/`: applies the body, turns the draft into a normal issue and puts it in
 * the given cycle and modules, all in one transaction. Returns the issue with the project-scoped actor.
 * @throws NotFoundError, ForbiddenError; BadRequestError for a cycle or module outside the project.
 */
export async function convertDraft(ctx: ServerContext, actor: WorkspaceActor, issueId: string, body: DraftToIssueBody, options: WriteOptions) {
  const { actor: scoped, row } = await loadDraft(ctx.db, actor, issueId);
  authorizeIssueEdit(scoped, row);
  const project = scoped.project;
  const { cycle_id: cycleId, module_ids: moduleIds, ...fields } = body;
  const issue = await withTransaction(ctx, options, async (tx) => {
    const cycle = cycleId ? await requireCycle(tx, project.id, cycleId) : null;
    const moduleRows = await requireModules(tx, project.id, moduleIds ?? []);
    if (cycle) await moveToCycle(tx, row, cycle, actor.userId);
    await addToModules(tx, row, moduleRows, actor.userId);
    const fresh = (await loadIssueRow(tx, project.id, issueId))!;
    return applyIssueUpdate(tx, project, fresh, { ...fields, is_draft: false }, actor.userId);
  });
  return { actor: scoped, row: issue };
}

/** Deletes a draft (soft). */
export async function deleteDraft(ctx: ServerContext, actor: WorkspaceActor, issueId: string, options: WriteOptions): Promise<void> {
  const { row } = await loadDraft(ctx.db, actor, issueId);
  await withTransaction(ctx, options, (tx) => softDeleteIssues(tx, [row], actor.userId));
}
