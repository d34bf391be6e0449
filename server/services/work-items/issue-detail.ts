// Read side of single issues: the IssueDetail with its `expand` options, and `issues/list/?issues=`.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intakeIssues, issues, projectMembers, projects } from '../../../db/schema/index';
import { IntakeStatus } from '../../../shared/issue-constants';
import { effectiveProjectRole } from '../../../shared/roles';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { loadReadableIssue, visibleIssues } from './policies/issue';
import { presentIssue, presentIssueDetail, presentIssueLite, type IssueListRow } from './presenters/issue';
import { attachmentExpansion } from './issue-attachment';
import { issueLinkExpansion } from './issue-link';
import { issueReactionExpansion } from './issue-reaction';
import { isSubscribed, loadIssueRows, type IssueRowForViewer } from './issue-read';
import { relationExpansion } from './issue-relation';
import { isUuid } from '../../validation';
import { isProjectIssue } from '../../list-engine/scope';

/** Expansion keys `GET issues/{id}/?expand=` understands (both spellings of attachments). */
const EXPAND_KEYS = ['issue_reactions', 'issue_attachments', 'issue_attachment', 'issue_link', 'parent', 'issue_relation', 'issue_related'] as const;

async function expansions(db: Db, row: IssueListRow, slug: string, keys: Set<string>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (keys.has('issue_reactions')) out.issue_reactions = await issueReactionExpansion(db, row.id);
  for (const key of ['issue_attachments', 'issue_attachment']) {
    if (keys.has(key)) out[key] = await attachmentExpansion(db, row.id, slug);
  }
  if (keys.has('issue_link')) out.issue_link = await issueLinkExpansion(db, row.id);
  if (keys.has('parent')) {
    const [parent] = row.parentId ? await db.select().from(issues).where(eq(issues.id, row.parentId)) : [];
    out.parent = parent ? presentIssueLite(parent) : null;
  }
  if (keys.has('issue_relation') || keys.has('issue_related')) {
    const relations = await relationExpansion(db, row.id);
    if (keys.has('issue_relation')) out.issue_relation = relations.issue_relation;
    if (keys.has('issue_related')) out.issue_related = relations.issue_related;
  }
  return out;
}

/** Presents a loaded row as IssueDetail for the actor, with the requested expansions. */
export async function presentDetailFor(db: Db, actor: WorkspaceActor, row: IssueRowForViewer, expand?: string) {
  const keys = new Set((expand ?? '').split(',').map((key) => key.trim()).filter((key) => (EXPAND_KEYS as readonly string[]).includes(key)));
  return presentIssueDetail(row, {
    // Read with the row when it was loaded or written for this actor (issueRowColumnsFor).
    isSubscribed: row.viewerSubscribed ?? (await isSubscribed(db, row.id, actor.userId)),
    expand: await expansions(db, row, actor.workspace.slug, keys),
  });
}

/** GET `issues/{id}/`: archived and draft issues are found too. @throws NotFoundError, ForbiddenError. */
export async function getIssueDetail(ctx: ServerContext, actor: ProjectActor, issueId: string, expand?: string) {
  const row = await loadReadableIssue(ctx.db, actor, issueId);
  return presentDetailFor(ctx.db, actor, row, expand);
}

/**
 * GET `issues/list/?issues=`: the listed issues of the project the actor may see, as list items.
 * Like every normal list it leaves out archived issues, drafts and issues waiting in triage.
 * @throws BadRequestError "Issues are required" when the parameter is missing or empty.
 */
export async function listIssuesByIds(ctx: ServerContext, actor: ProjectActor, raw: string | undefined) {
  const ids = [...new Set((raw ?? '').split(',').map((id) => id.trim()).filter(isUuid))];
  if (ids.length === 0) throw new BadRequestError('Issues are required');
  const rows = await loadIssueRows(
    ctx.db,
    and(
      inArray(issues.id, ids),
      eq(issues.projectId, actor.project.id),
      isProjectIssue('issues'),
      visibleIssues(actor),
    ),
    [sql`${issues.createdAt} desc`],
  );
  return rows.map(presentIssue);
}

/** GET `issues/{id}/meta/`: the parts of the issue's display key. @throws as loadReadableIssue. */
export async function getIssueMeta(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  const row = await loadReadableIssue(ctx.db, actor, issueId);
  return { sequence_id: row.sequenceId, project_identifier: actor.project.identifier };
}

/** `PROJ-12` split into the project identifier and the sequence number, or null when malformed. */
function parseIssueIdentifier(identifier: string): { project: string; sequence: number } | null {
  const match = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(identifier);
  return match ? { project: match[1].toUpperCase(), sequence: Number(match[2]) } : null;
}

/** Intake statuses in which an issue still belongs to the intake (reference §9, `is_intake_issue`). */
const IN_INTAKE = [IntakeStatus.PENDING, IntakeStatus.SNOOZED, IntakeStatus.DUPLICATE];

/**
 * GET `/api/workspaces/{slug}/work-items/{PROJ}-{seq}/`: the IssueDetail found by its display key,
 * plus `is_intake`, for an active member of its project (reference §1.1).
 * @throws BadRequestError "Invalid issue identifier"; NotFoundError; ForbiddenError (not a project member, guest rule).
 */
export async function getIssueByIdentifier(ctx: ServerContext, actor: WorkspaceActor, identifier: string, expand?: string) {
  const key = parseIssueIdentifier(identifier);
  if (!key) throw new BadRequestError('Invalid issue identifier');
  const [found] = await ctx.db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)))
    .where(and(eq(projects.workspaceId, actor.workspace.id), eq(projects.identifier, key.project), isNull(projects.deletedAt)))
    .limit(1);
  if (!found) throw new NotFoundError();
  const projectRole = effectiveProjectRole(found.role, actor.workspaceRole);
  if (projectRole === null) throw new ForbiddenError();
  const scoped: ProjectActor = { ...actor, project: found.project, projectRole };
  const [issue] = await ctx.db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.projectId, found.project.id), eq(issues.sequenceId, key.sequence), isNull(issues.deletedAt)))
    .limit(1);
  if (!issue) throw new NotFoundError();
  const row = await loadReadableIssue(ctx.db, scoped, issue.id);
  const [intake] = await ctx.db
    .select({ id: intakeIssues.id })
    .from(intakeIssues)
    .where(and(eq(intakeIssues.issueId, issue.id), isNull(intakeIssues.deletedAt), inArray(intakeIssues.status, IN_INTAKE)))
    .limit(1);
  return { ...(await presentDetailFor(ctx.db, scoped, row, expand)), is_intake: Boolean(intake) };
}
