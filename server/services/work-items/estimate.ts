// Estimate schemes of a project and their points (reference §8, spec §9 "points sorted by key").
// Quirks fixed: create answers 201, points are validated before anything is written, key 0 is valid.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { estimatePoints, estimates, issues, projects, type Estimate, type EstimatePoint } from '../../../db/schema/index';
import type {
  CreateEstimateBody,
  CreateEstimatePointBody,
  UpdateEstimateBody,
  UpdateEstimatePointBody,
} from '../../../shared/schemas/estimate';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { presentEstimate, presentEstimatePoint } from './presenters/estimate';
import { writeActivities } from './issue-activity';
import { recordIssueChange } from './issue-change';
import { touchProject } from './project';

async function pointsOf(db: Db, estimateIds: string[]) {
  if (estimateIds.length === 0) return new Map<string, EstimatePoint[]>();
  const rows = await db
    .select()
    .from(estimatePoints)
    .where(and(inArray(estimatePoints.estimateId, estimateIds), isNull(estimatePoints.deletedAt)))
    .orderBy(asc(estimatePoints.key));
  const byEstimate = new Map<string, EstimatePoint[]>();
  for (const row of rows) byEstimate.set(row.estimateId, [...(byEstimate.get(row.estimateId) ?? []), row]);
  return byEstimate;
}

async function presentMany(db: Db, rows: Estimate[]) {
  const points = await pointsOf(db, rows.map((row) => row.id));
  return rows.map((row) => presentEstimate(row, points.get(row.id) ?? []));
}

/** Records the estimate (with its points) as changed. */
async function recordEstimate(tx: Db, estimate: Estimate, op: 'create' | 'update' | 'delete') {
  const data = op === 'delete' ? deletion(estimate.id) : (await presentMany(tx, [estimate]))[0];
  recordChange(tx, { workspaceId: estimate.workspaceId, projectId: estimate.projectId, entity: 'estimate', entityId: estimate.id, op, version: estimate.version, data });
  return data;
}

/** Bumps the estimate's version (a point changed) and records it. */
async function touchEstimate(tx: Db, estimateId: string, actorId: string) {
  const [estimate] = await tx
    .update(estimates)
    .set({ updatedBy: actorId, updatedAt: new Date(), version: sql`${estimates.version} + 1` })
    .where(eq(estimates.id, estimateId))
    .returning();
  return recordEstimate(tx, estimate, 'update');
}

const liveEstimates = (projectId: string) => and(eq(estimates.projectId, projectId), isNull(estimates.deletedAt));

/** `GET …/estimates/` — the project's estimates with their points. */
export async function listEstimates(ctx: ServerContext, actor: ProjectActor) {
  const rows = await ctx.db.select().from(estimates).where(liveEstimates(actor.project.id)).orderBy(asc(estimates.createdAt));
  return presentMany(ctx.db, rows);
}

async function loadEstimate(db: Db, projectId: string, estimateId: string) {
  const [estimate] = await db.select().from(estimates).where(and(eq(estimates.id, estimateId), liveEstimates(projectId)));
  if (!estimate) throw new NotFoundError('Estimate not found');
  return estimate;
}

/** `GET …/estimates/:estimateId/`. @throws NotFoundError */
export async function getEstimate(ctx: ServerContext, actor: ProjectActor, estimateId: string) {
  return (await presentMany(ctx.db, [await loadEstimate(ctx.db, actor.project.id, estimateId)]))[0];
}

/** `POST …/estimates/` — the estimate and its points in one transaction (zod has validated every point). */
export async function createEstimate(ctx: ServerContext, actor: ProjectActor, body: CreateEstimateBody, options: WriteOptions) {
  const project = actor.project;
  return withTransaction(ctx, options, async (tx) => {
    const [estimate] = await tx
      .insert(estimates)
      .values({
        projectId: project.id,
        workspaceId: project.workspaceId,
        name: body.estimate?.name ?? '',
        description: body.estimate?.description ?? '',
        type: body.estimate?.type ?? 'categories',
        lastUsed: body.estimate?.last_used ?? false,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    if (body.estimate_points.length) {
      await tx.insert(estimatePoints).values(
        body.estimate_points.map((point) => ({
          estimateId: estimate.id,
          projectId: project.id,
          workspaceId: project.workspaceId,
          key: point.key,
          value: point.value,
          description: point.description ?? '',
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      );
    }
    return recordEstimate(tx, estimate, 'create');
  });
}

/**
 * `PATCH …/estimates/:estimateId/` — estimate fields and a non-empty list of point edits by id.
 * @throws NotFoundError, BadRequestError
 */
export async function updateEstimate(ctx: ServerContext, actor: ProjectActor, estimateId: string, body: UpdateEstimateBody, options: WriteOptions) {
  const current = await loadEstimate(ctx.db, actor.project.id, estimateId);
  const edits = body.estimate_points ?? [];
  if (edits.length === 0) throw new BadRequestError('Estimate points are required');
  const existing = (await pointsOf(ctx.db, [current.id])).get(current.id) ?? [];
  const known = new Set(existing.map((point) => point.id));
  if (edits.some((edit) => !known.has(edit.id))) throw new BadRequestError('Estimate point does not exist');
  return withTransaction(ctx, options, async (tx) => {
    for (const edit of edits) {
      await tx
        .update(estimatePoints)
        .set({ key: edit.key, value: edit.value, description: edit.description, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${estimatePoints.version} + 1` })
        .where(eq(estimatePoints.id, edit.id));
    }
    const fields = body.estimate ?? {};
    const [estimate] = await tx
      .update(estimates)
      .set({
        name: fields.name,
        description: fields.description,
        type: fields.type,
        lastUsed: fields.last_used,
        updatedBy: actor.userId,
        updatedAt: new Date(),
        version: sql`${estimates.version} + 1`,
      })
      .where(eq(estimates.id, current.id))
      .returning();
    return recordEstimate(tx, estimate, 'update');
  });
}

/**
 * `DELETE …/estimates/:estimateId/` — soft delete with its points; issues on them lose their point
 * and a project using it has estimates turned off.
 */
export async function deleteEstimate(ctx: ServerContext, actor: ProjectActor, estimateId: string, options: WriteOptions) {
  const current = await loadEstimate(ctx.db, actor.project.id, estimateId);
  await withTransaction(ctx, options, async (tx) => {
    const now = new Date();
    const [estimate] = await tx
      .update(estimates)
      .set({ deletedAt: now, updatedBy: actor.userId, version: sql`${estimates.version} + 1` })
      .where(eq(estimates.id, current.id))
      .returning();
    // Issues lose a point that no longer exists (with activity and a change each), as on point deletion.
    const points = await tx.select().from(estimatePoints).where(and(eq(estimatePoints.estimateId, current.id), isNull(estimatePoints.deletedAt)));
    for (const point of points) await moveIssuesOffPoint(tx, point, null, estimate.type, actor.userId);
    await tx.update(estimatePoints).set({ deletedAt: now }).where(and(eq(estimatePoints.estimateId, current.id), isNull(estimatePoints.deletedAt)));
    const users = await tx.update(projects).set({ estimateId: null }).where(eq(projects.estimateId, current.id)).returning({ id: projects.id });
    for (const project of users) await touchProject(tx, project.id, actor.userId);
    await recordEstimate(tx, estimate, 'delete');
  });
}

/**
 * `POST …/estimate-points/` — key and value are required (key 0 is a valid key).
 * @throws NotFoundError, BadRequestError
 */
export async function createEstimatePoint(ctx: ServerContext, actor: ProjectActor, estimateId: string, body: CreateEstimatePointBody, options: WriteOptions) {
  const estimate = await loadEstimate(ctx.db, actor.project.id, estimateId);
  if (body.key === undefined || body.value === undefined) throw new BadRequestError('Key and value are required');
  return withTransaction(ctx, options, async (tx) => {
    const [point] = await tx
      .insert(estimatePoints)
      .values({
        estimateId: estimate.id,
        projectId: estimate.projectId,
        workspaceId: estimate.workspaceId,
        key: body.key!,
        value: body.value!,
        description: body.description ?? '',
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await touchEstimate(tx, estimate.id, actor.userId);
    return presentEstimatePoint(point);
  });
}

async function loadPoint(db: Db, estimateId: string, pointId: string) {
  const [point] = await db
    .select()
    .from(estimatePoints)
    .where(and(eq(estimatePoints.id, pointId), eq(estimatePoints.estimateId, estimateId), isNull(estimatePoints.deletedAt)));
  if (!point) throw new NotFoundError('Estimate point not found');
  return point;
}

/** `PATCH …/estimate-points/:pointId/`. @throws NotFoundError */
export async function updateEstimatePoint(
  ctx: ServerContext,
  actor: ProjectActor,
  params: { estimateId: string; pointId: string },
  body: UpdateEstimatePointBody,
  options: WriteOptions,
) {
  const estimate = await loadEstimate(ctx.db, actor.project.id, params.estimateId);
  const current = await loadPoint(ctx.db, estimate.id, params.pointId);
  return withTransaction(ctx, options, async (tx) => {
    const [point] = await tx
      .update(estimatePoints)
      .set({ key: body.key, value: body.value, description: body.description, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${estimatePoints.version} + 1` })
      .where(eq(estimatePoints.id, current.id))
      .returning();
    await touchEstimate(tx, estimate.id, actor.userId);
    return presentEstimatePoint(point);
  });
}

/** Moves every live issue on `from` to `to` (or none), writing one activity row and one change per issue. */
async function moveIssuesOffPoint(tx: Db, from: EstimatePoint, to: EstimatePoint | null, type: string, actorId: string) {
  const moved = await tx
    .update(issues)
    .set({ estimatePointId: to?.id ?? null, updatedBy: actorId, updatedAt: new Date(), version: sql`${issues.version} + 1` })
    .where(and(eq(issues.estimatePointId, from.id), isNull(issues.deletedAt)))
    .returning({ id: issues.id, projectId: issues.projectId, workspaceId: issues.workspaceId });
  for (const issue of moved) {
    await writeActivities(tx, issue, actorId, [
      {
        verb: to ? 'updated' : 'removed',
        field: `estimate_${type}`,
        oldValue: from.value,
        newValue: to?.value ?? '',
        comment: 'updated the estimate point to',
        oldIdentifier: from.id,
        newIdentifier: to?.id ?? null,
      },
    ]);
    await recordIssueChange(tx, issue.id, issue.projectId, 'update');
  }
}

/**
 * `DELETE …/estimate-points/:pointId/` `{new_estimate_id?}` — issues on the point move to the
 * replacement point (or to none), later keys shift down by one; answers the shifted points.
 * @throws NotFoundError (point or replacement)
 */
export async function deleteEstimatePoint(
  ctx: ServerContext,
  actor: ProjectActor,
  params: { estimateId: string; pointId: string },
  replacementId: string | null | undefined,
  options: WriteOptions,
) {
  const estimate = await loadEstimate(ctx.db, actor.project.id, params.estimateId);
  return withTransaction(ctx, options, async (tx) => {
    // Lock the estimate, then read the points: concurrent deletions then shift keys one after the
    // other, each from the keys the previous one left (else two shifts leave a gap and a duplicate).
    await tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.id, estimate.id)).for('update');
    const point = await loadPoint(tx, estimate.id, params.pointId);
    const replacement = replacementId ? await loadPoint(tx, estimate.id, replacementId) : null;
    if (replacement?.id === point.id) throw new BadRequestError('The replacement point cannot be the deleted point');
    await moveIssuesOffPoint(tx, point, replacement, estimate.type, actor.userId);
    await tx.update(estimatePoints).set({ deletedAt: new Date(), updatedBy: actor.userId }).where(eq(estimatePoints.id, point.id));
    const shifted = await tx
      .update(estimatePoints)
      .set({ key: sql`${estimatePoints.key} - 1`, updatedAt: new Date(), version: sql`${estimatePoints.version} + 1` })
      .where(and(eq(estimatePoints.estimateId, estimate.id), gt(estimatePoints.key, point.key), isNull(estimatePoints.deletedAt)))
      .returning();
    await touchEstimate(tx, estimate.id, actor.userId);
    return shifted.sort((a, b) => a.key - b.key).map(presentEstimatePoint);
  });
}

/** `GET …/project-estimates/` — the points of the project's active estimate, or `[]`. */
export async function listActiveEstimatePoints(ctx: ServerContext, actor: ProjectActor) {
  const estimateId = actor.project.estimateId;
  if (!estimateId) return [];
  return ((await pointsOf(ctx.db, [estimateId])).get(estimateId) ?? []).map(presentEstimatePoint);
}

/** `GET /api/workspaces/:slug/estimates/` — estimates that are the active one of some live project. */
export async function listWorkspaceEstimates(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db
    .select({ estimate: estimates })
    .from(estimates)
    .innerJoin(projects, eq(projects.estimateId, estimates.id))
    .where(and(eq(estimates.workspaceId, actor.workspace.id), isNull(estimates.deletedAt), isNull(projects.deletedAt)))
    .orderBy(asc(estimates.createdAt));
  return presentMany(ctx.db, rows.map((row) => row.estimate));
}
