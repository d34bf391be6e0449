// A project's publish settings (reference §5.2, spec §4 Projects): publishing creates the board and
// its public anchor, unpublishing deletes it; the project's `anchor` follows, so the project is re-recorded.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deployBoards, intakes, type DeployBoard } from '../../../db/schema/index';
import type { DeployBoardBody } from '../../../shared/schemas/project';
import type { ServerContext } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { presentDeployBoard } from './presenters/deploy-board';
import { touchProject } from '../work-items/project';

function boardColumns(body: DeployBoardBody): Partial<DeployBoard> {
  const columns: Partial<DeployBoard> = {
    isCommentsEnabled: body.is_comments_enabled,
    isReactionsEnabled: body.is_reactions_enabled,
    isVotesEnabled: body.is_votes_enabled,
    isActivityEnabled: body.is_activity_enabled,
    isDisabled: body.is_disabled,
    intake: body.intake,
    viewProps: body.view_props ?? body.views,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** The board's `intake` names an intake of its own project (it has no foreign key). @throws ValidationError */
async function assertProjectIntake(db: Db, projectId: string, intakeId: string | null | undefined): Promise<void> {
  if (!intakeId) return;
  const [intake] = await db
    .select({ id: intakes.id })
    .from(intakes)
    .where(and(eq(intakes.id, intakeId), eq(intakes.projectId, projectId), isNull(intakes.deletedAt)));
  if (!intake) throw ValidationError.field('intake', 'The intake must belong to this project.');
}

async function findBoard(ctx: ServerContext, actor: ProjectActor, boardId?: string) {
  const conditions = [eq(deployBoards.projectId, actor.project.id), eq(deployBoards.entityName, 'project')];
  if (boardId) conditions.push(eq(deployBoards.id, boardId));
  const [board] = await ctx.db.select().from(deployBoards).where(and(...conditions));
  return board ?? null;
}

function present(board: DeployBoard | null, actor: ProjectActor) {
  return presentDeployBoard(board, actor.project, actor.workspace);
}

/** `GET …/project-deploy-boards/` — the board, or the blank unpublished object. */
export async function getProjectDeployBoard(ctx: ServerContext, actor: ProjectActor) {
  return present(await findBoard(ctx, actor), actor);
}

/** `GET …/project-deploy-boards/:boardId/`. @throws NotFoundError */
export async function getDeployBoard(ctx: ServerContext, actor: ProjectActor, boardId: string) {
  const board = await findBoard(ctx, actor, boardId);
  if (!board) throw new NotFoundError('Deploy board not found');
  return present(board, actor);
}

/** The layouts a new publication shows when the request names none (reference §5.2). */
const DEFAULT_PUBLISHED_VIEWS = { list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true };

/**
 * `POST …/project-deploy-boards/` — publish: get-or-create with a random 32-hex anchor; the sent
 * settings apply to an existing board too (its anchor stays).
 */
export async function publishProject(ctx: ServerContext, actor: ProjectActor, body: DeployBoardBody, options: WriteOptions) {
  const existing = await findBoard(ctx, actor);
  if (existing) return updateDeployBoard(ctx, actor, existing.id, body, options);
  await assertProjectIntake(ctx.db, actor.project.id, body.intake);
  return withTransaction(ctx, options, async (tx) => {
    const [board] = await tx
      .insert(deployBoards)
      .values({
        viewProps: DEFAULT_PUBLISHED_VIEWS,
        ...boardColumns(body),
        projectId: actor.project.id,
        workspaceId: actor.workspace.id,
        entityName: 'project',
        entityIdentifier: actor.project.id,
        anchor: randomBytes(16).toString('hex'),
        createdBy: actor.userId,
      })
      .returning();
    await touchProject(tx, actor.project.id, actor.userId);
    return present(board, actor);
  });
}

/** `PATCH …/project-deploy-boards/:boardId/`. @throws NotFoundError */
export async function updateDeployBoard(ctx: ServerContext, actor: ProjectActor, boardId: string, body: DeployBoardBody, options: WriteOptions) {
  const board = await findBoard(ctx, actor, boardId);
  if (!board) throw new NotFoundError('Deploy board not found');
  await assertProjectIntake(ctx.db, actor.project.id, body.intake);
  return withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(deployBoards)
      .set({ ...boardColumns(body), updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(deployBoards.id, board.id))
      .returning();
    return present(row, actor);
  });
}

/** `DELETE …/project-deploy-boards/:boardId/` — unpublish: the board and its anchor are deleted. @throws NotFoundError */
export async function unpublishProject(ctx: ServerContext, actor: ProjectActor, boardId: string, options: WriteOptions) {
  const board = await findBoard(ctx, actor, boardId);
  if (!board) throw new NotFoundError('Deploy board not found');
  await withTransaction(ctx, options, async (tx) => {
    await tx.delete(deployBoards).where(eq(deployBoards.id, board.id));
    await touchProject(tx, actor.project.id, actor.userId);
  });
}
