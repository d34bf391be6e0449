// Reads of projects as one user sees them: the flat list, the detailed list and one project,
// each with the viewer's sort order, role and favorite flag (reference §5).
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyOfSlot, reusableStatement } from '../../../db/reusable-statement';
import type { Db } from '../../../db/client';
import { sendPrepared } from '../../../db/rows';
import {
  deployBoards,
  intakeIssues,
  issueSequences,
  projectMembers,
  projects,
  projectUserProperties,
  type Project,
} from '../../../db/schema/index';
import { offsetPageResponse } from '../../../shared/cursor';
import { IntakeStatus } from '../../../shared/issue-constants';
import type { ServerContext } from '../../context';
import { changedFields } from '../../live/changed-fields';
import { resolveListPagination } from '../../list-engine/params';
import type { WorkspaceActor } from '../../actor';
import { favoritedAmong } from '../accounts/favorited';
import { authorizeProjectRetrieve, visibleProjects } from './policies/project';
import { presentProject, presentProjectListItem, type ProjectDetailFields } from './presenters/project';

interface ProjectExtras extends ProjectDetailFields {
  intakeCount: number;
}

/** `column = any($projectIds)`: one statement text for any number of projects. */
const ofProjects = (column: AnyPgColumn) => anyOfSlot(column, 'projectIds');

// The extras' statements, built once (db/reusable-statement.ts): a project's GET and the project
// lists ran all six through drizzle's builder on every request.
const extrasStatements = {
  members: reusableStatement((db) =>
    db
      .select({ projectId: projectMembers.projectId, memberId: projectMembers.memberId, role: projectMembers.role, sortOrder: projectMembers.sortOrder })
      .from(projectMembers)
      .where(and(ofProjects(projectMembers.projectId), eq(projectMembers.isActive, true)))
      .prepare('project_extras_members'),
  ),
  props: reusableStatement((db) =>
    db
      .select({ projectId: projectUserProperties.projectId, sortOrder: projectUserProperties.sortOrder })
      .from(projectUserProperties)
      .where(and(ofProjects(projectUserProperties.projectId), eq(projectUserProperties.userId, sql.placeholder('userId'))))
      .prepare('project_extras_props'),
  ),
  boards: reusableStatement((db) =>
    db
      .select({ projectId: deployBoards.projectId, anchor: deployBoards.anchor })
      .from(deployBoards)
      .where(and(ofProjects(deployBoards.projectId), eq(deployBoards.entityName, 'project')))
      .prepare('project_extras_boards'),
  ),
  sequences: reusableStatement((db) => db.select().from(issueSequences).where(ofProjects(issueSequences.projectId)).prepare('project_extras_sequences')),
  intake: reusableStatement((db) =>
    db
      .select({ projectId: intakeIssues.projectId, total: count() })
      .from(intakeIssues)
      .where(and(ofProjects(intakeIssues.projectId), eq(intakeIssues.status, IntakeStatus.PENDING), isNull(intakeIssues.deletedAt)))
      .groupBy(intakeIssues.projectId)
      .prepare('project_extras_intake'),
  ),
};

/** Loads, for each project id, what the Project shape adds for `userId`. */
async function loadProjectExtras(db: Db, projectIds: string[], userId: string): Promise<Map<string, ProjectExtras>> {
  const result = new Map<string, ProjectExtras>();
  for (const id of projectIds) {
    result.set(id, { sortOrder: null, memberRole: null, isFavorite: false, anchor: null, memberIds: [], nextSequence: 1, intakeCount: 0 });
  }
  if (projectIds.length === 0) return result;
  const values = { projectIds, userId };
  const [members, props, favs, boards, sequences, intake] = await Promise.all([
    extrasStatements.members(db, values),
    extrasStatements.props(db, values),
    favoritedAmong(db, userId, 'project', projectIds),
    extrasStatements.boards(db, values),
    extrasStatements.sequences(db, values),
    extrasStatements.intake(db, values),
  ]);
  for (const member of members) {
    const extras = result.get(member.projectId)!;
    extras.memberIds.push(member.memberId);
    if (member.memberId === userId) {
      extras.memberRole = member.role;
      extras.sortOrder ??= member.sortOrder;
    }
  }
  for (const prop of props) result.get(prop.projectId)!.sortOrder = prop.sortOrder;
  for (const id of favs) result.get(id)!.isFavorite = true;
  for (const board of boards) result.get(board.projectId)!.anchor = board.anchor;
  for (const row of sequences) result.get(row.projectId)!.nextSequence = row.lastSequence + 1;
  for (const row of intake) result.get(row.projectId)!.intakeCount = Number(row.total);
  return result;
}

/** The full Project shape of one row as `userId` sees it (also the data of project change events). */
export async function presentProjectFor(db: Db, project: Project, userId: string) {
  const extras = await loadProjectExtras(db, [project.id], userId);
  return presentProject(project, extras.get(project.id)!);
}

/** The updated project as presentProjectFor gives it, and the sent `keys` whose value it changed. */
export async function presentProjectUpdate(db: Db, before: Project, after: Project, userId: string, keys: string[]) {
  const extras = (await loadProjectExtras(db, [after.id], userId)).get(after.id)!;
  const data = presentProject(after, extras);
  return { data, fields: changedFields(keys, presentProject(before, extras), data) };
}

/** `GET /api/workspaces/:slug/projects/` — every visible project, archived ones included. */
export async function listProjects(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db.select().from(projects).where(visibleProjects(actor)).orderBy(asc(projects.createdAt));
  const extras = await loadProjectExtras(ctx.db, rows.map((row) => row.id), actor.userId);
  return rows.map((row) => presentProjectListItem(row, extras.get(row.id)!));
}

/**
 * `GET /api/workspaces/:slug/projects/details/` — full Project objects ordered by sort order, then
 * name; a plain list, or the offset-cursor page when both `per_page` and `cursor` are sent (reference §5).
 * @throws BadRequestError for a malformed cursor or per_page
 */
export async function listProjectDetails(ctx: ServerContext, actor: WorkspaceActor, query: { per_page?: string; cursor?: string } = {}) {
  const page = query.per_page && query.cursor ? resolveListPagination(query) : null;
  const rows = await ctx.db.select().from(projects).where(visibleProjects(actor));
  const extras = await loadProjectExtras(ctx.db, rows.map((row) => row.id), actor.userId);
  const items = rows.map((row) => presentProject(row, extras.get(row.id)!));
  items.sort((a, b) => (a.sort_order ?? Infinity) - (b.sort_order ?? Infinity) || a.name.localeCompare(b.name));
  return page ? offsetPageResponse(items, page) : items;
}


/**
 * `GET …/projects/:projectId/` — the project for a member.
 * @throws NotFoundError (missing/archived), ForbiddenError (secret), ConflictError (public, not a member)
 */
export async function getProject(ctx: ServerContext, actor: WorkspaceActor, projectId: string) {
  // The row and its extras at once; the extras count only if the workspace's live project was found.
  const [[project], extrasById] = await Promise.all([
    sendPrepared(
      ctx.db
        .select()
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.workspaceId, actor.workspace.id), isNull(projects.deletedAt))),
    ),
    loadProjectExtras(ctx.db, [projectId], actor.userId),
  ]);
  const extras = project ? extrasById.get(project.id)! : null;
  authorizeProjectRetrieve(project, extras?.memberRole ?? null);
  return presentProject(project, extras!);
}
