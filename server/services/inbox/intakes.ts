// The project's intakes themselves (reference §6 `intakes/`, also `inboxes/`), not their
// submissions: GET answers the project's first intake (the default one first) with its count of
// pending submissions; Member+ may add, change and delete intakes, but the default one — created
// when intake is turned on, the one submissions land in — cannot be deleted (400).
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intakeIssues, intakes, type Intake } from '../../../db/schema/index';
import { IntakeStatus } from '../../../shared/issue-constants';
import type { CreateIntakeBody, UpdateIntakeBody } from '../../../shared/schemas/intake';
import type { ProjectActor } from '../../actor';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';

const INTAKE_NOT_FOUND = 'Intake not found';
const DEFAULT_INTAKE_UNDELETABLE = 'You cannot delete the default intake';

async function present(db: Db, intake: Intake) {
  const [pending] = await db
    .select({ n: count() })
    .from(intakeIssues)
    .where(and(eq(intakeIssues.intakeId, intake.id), eq(intakeIssues.status, IntakeStatus.PENDING), isNull(intakeIssues.deletedAt)));
  return {
    id: intake.id,
    name: intake.name,
    description: intake.description,
    is_default: intake.isDefault,
    view_props: intake.viewProps,
    logo_props: intake.logoProps,
    project: intake.projectId,
    workspace: intake.workspaceId,
    pending_issue_count: Number(pending?.n ?? 0),
    created_at: intake.createdAt.toISOString(),
    updated_at: intake.updatedAt.toISOString(),
    created_by: intake.createdBy,
    updated_by: intake.updatedBy,
  };
}

/** One live intake of the caller's project. @throws NotFoundError "Intake not found". */
async function requireProjectIntake(db: Db, actor: ProjectActor, intakeId: string): Promise<Intake> {
  const [intake] = await db
    .select()
    .from(intakes)
    .where(and(eq(intakes.id, intakeId), eq(intakes.projectId, actor.project.id), isNull(intakes.deletedAt)));
  if (!intake) throw new NotFoundError(INTAKE_NOT_FOUND);
  return intake;
}

/** GET `intakes/`: the project's first intake. @throws NotFoundError when it has none (intake never turned on). */
export async function getProjectIntake(ctx: ServerContext, actor: ProjectActor) {
  const [intake] = await ctx.db
    .select()
    .from(intakes)
    .where(and(eq(intakes.projectId, actor.project.id), isNull(intakes.deletedAt)))
    .orderBy(desc(intakes.isDefault), asc(intakes.createdAt))
    .limit(1);
  if (!intake) throw new NotFoundError(INTAKE_NOT_FOUND);
  return present(ctx.db, intake);
}

/** POST `intakes/`: a further, non-default intake. */
export async function createIntake(ctx: ServerContext, actor: ProjectActor, body: CreateIntakeBody, options: WriteOptions) {
  const created = await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .insert(intakes)
      .values({
        projectId: actor.project.id,
        workspaceId: actor.project.workspaceId,
        name: body.name,
        description: body.description ?? '',
        viewProps: body.view_props ?? {},
        logoProps: body.logo_props ?? {},
        isDefault: false,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    return row;
  });
  return present(ctx.db, created);
}

/** PATCH `intakes/{id}/`. @throws NotFoundError. */
export async function updateIntake(ctx: ServerContext, actor: ProjectActor, intakeId: string, body: UpdateIntakeBody, options: WriteOptions) {
  await requireProjectIntake(ctx.db, actor, intakeId);
  const updated = await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(intakes)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.view_props !== undefined ? { viewProps: body.view_props } : {}),
        ...(body.logo_props !== undefined ? { logoProps: body.logo_props } : {}),
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(intakes.id, intakeId))
      .returning();
    return row;
  });
  return present(ctx.db, updated);
}

/** DELETE `intakes/{id}/`. @throws NotFoundError; BadRequestError for the default intake. */
export async function deleteIntake(ctx: ServerContext, actor: ProjectActor, intakeId: string, options: WriteOptions): Promise<void> {
  const intake = await requireProjectIntake(ctx.db, actor, intakeId);
  if (intake.isDefault) throw new BadRequestError(DEFAULT_INTAKE_UNDELETABLE);
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(intakes).set({ deletedAt: new Date(), updatedBy: actor.userId }).where(eq(intakes.id, intake.id));
  });
}
