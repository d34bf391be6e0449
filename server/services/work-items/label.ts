// Project labels (reference §7, API.md "Labels"): list, create (sort_order kept if sent, else
// max + 10000), update (parent, order, name), delete, bulk create and the workspace-wide list.
import { and, asc, eq, inArray, isNull, max, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { issueLabels, labels, projectMembers, projects, type Label } from '../../../db/schema/index';
import type { BulkCreateLabelsBody, CreateLabelBody, UpdateLabelBody } from '../../../shared/schemas/label';
import { nextSortOrder } from '../../../shared/sort-order';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { presentLabel } from './presenters/label';
import { isUniqueViolation } from './project';

const DUPLICATE_ON_UPDATE = 'Label with the same name already exists in the project';

function recordLabel(tx: Db, label: Label, op: 'create' | 'update' | 'delete') {
  recordChange(tx, {
    workspaceId: label.workspaceId,
    projectId: label.projectId,
    entity: 'label',
    entityId: label.id,
    op,
    version: label.version,
    data: op === 'delete' ? deletion(label.id) : presentLabel(label),
  });
}

const liveLabels = (projectId: string | Placeholder) => and(eq(labels.projectId, projectId), isNull(labels.deletedAt));

// Built once (db/reusable-statement.ts): every label GET, update and delete starts with it.
const labelOfProject = reusableStatement((db) =>
  db
    .select()
    .from(labels)
    .where(and(eq(labels.id, sql.placeholder('labelId')), liveLabels(sql.placeholder('projectId'))))
    .prepare('label_of_project'),
);

// Built once too: every project screen loads the labels (the pickers, the filters).
const labelsOfProject = reusableStatement((db) =>
  db.select().from(labels).where(liveLabels(sql.placeholder('projectId'))).orderBy(asc(labels.sortOrder), asc(labels.createdAt)).prepare('labels_of_project'),
);

/** `GET …/issue-labels/` — by sort_order. */
export async function listLabels(ctx: ServerContext, actor: ProjectActor) {
  const rows = await labelsOfProject(ctx.db, { projectId: actor.project.id });
  return rows.map(presentLabel);
}

async function loadLabel(db: Db, projectId: string, labelId: string) {
  const [label] = await labelOfProject(db, { labelId, projectId });
  if (!label) throw new NotFoundError('Label not found');
  return label;
}

/** `GET …/issue-labels/:labelId/`. @throws NotFoundError */
export async function getLabel(ctx: ServerContext, actor: ProjectActor, labelId: string) {
  return presentLabel(await loadLabel(ctx.db, actor.project.id, labelId));
}

/** True when another live label of the project has this name (case-insensitive). */
async function nameTaken(tx: Db, projectId: string, name: string, selfId: string | null) {
  const [taken] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(liveLabels(projectId), sql`lower(${labels.name}) = lower(${name})`, selfId ? ne(labels.id, selfId) : undefined));
  return Boolean(taken);
}

/**
 * Locks the project's live labels (in id order, so writers queue instead of deadlocking) and
 * answers their parent links as they are now. Taken before a parent is checked or links change:
 * without it two concurrent moves (A under B, B under A) each pass the check and make a cycle.
 */
function lockProjectLabels(tx: Db, projectId: string) {
  return tx.select({ id: labels.id, parentId: labels.parentId }).from(labels).where(liveLabels(projectId)).orderBy(asc(labels.id)).for('update');
}

/** A parent must be another live label of the project, and not one of the label's own descendants. */
async function checkParent(tx: Db, projectId: string, parentId: string | null | undefined, selfId: string | null) {
  if (!parentId) return;
  const all = await lockProjectLabels(tx, projectId);
  const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
  if (!parentOf.has(parentId)) throw ValidationError.field('parent', `Invalid pk "${parentId}" - object does not exist.`);
  for (let cursor: string | null | undefined = parentId, hops = 0; cursor && hops <= all.length; cursor = parentOf.get(cursor), hops++) {
    if (cursor === selfId) throw ValidationError.field('parent', 'A label cannot be its own parent or the parent of its ancestor.');
  }
}

async function nextLabelOrder(tx: Db, projectId: string) {
  const [{ highest }] = await tx.select({ highest: max(labels.sortOrder) }).from(labels).where(liveLabels(projectId));
  return nextSortOrder(highest === null ? null : Number(highest));
}

/** `POST …/issue-labels/`. @throws ValidationError (name taken, bad parent) */
export async function createLabel(ctx: ServerContext, actor: ProjectActor, body: CreateLabelBody, options: WriteOptions) {
  const project = actor.project;
  try {
    return await withTransaction(ctx, options, async (tx) => {
      if (await nameTaken(tx, project.id, body.name, null)) throw ValidationError.field('name', 'LABEL_NAME_ALREADY_EXISTS');
      await checkParent(tx, project.id, body.parent, null);
      const [label] = await tx
        .insert(labels)
        .values({
          projectId: project.id,
          workspaceId: project.workspaceId,
          name: body.name,
          color: body.color ?? '',
          description: body.description ?? '',
          parentId: body.parent ?? null,
          sortOrder: body.sort_order ?? (await nextLabelOrder(tx, project.id)),
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      recordLabel(tx, label, 'create');
      return presentLabel(label);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('name', 'LABEL_NAME_ALREADY_EXISTS');
    throw error;
  }
}

/** `PATCH`/`PUT …/issue-labels/:labelId/` — rename, recolour, move (parent) or reorder (sort_order). @throws NotFoundError, BadRequestError, ValidationError */
export async function updateLabel(ctx: ServerContext, actor: ProjectActor, labelId: string, body: UpdateLabelBody, options: WriteOptions) {
  const project = actor.project;
  const current = await loadLabel(ctx.db, project.id, labelId);
  try {
    return await withTransaction(ctx, options, async (tx) => {
      if (body.name !== undefined && (await nameTaken(tx, project.id, body.name, current.id))) throw new BadRequestError(DUPLICATE_ON_UPDATE);
      await checkParent(tx, project.id, body.parent, current.id);
      const [label] = await tx
        .update(labels)
        .set({
          name: body.name,
          color: body.color,
          description: body.description,
          parentId: body.parent,
          sortOrder: body.sort_order,
          updatedBy: actor.userId,
          updatedAt: new Date(),
          version: sql`${labels.version} + 1`,
        })
        .where(eq(labels.id, current.id))
        .returning();
      recordLabel(tx, label, 'update');
      return presentLabel(label);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BadRequestError(DUPLICATE_ON_UPDATE);
    throw error;
  }
}

/** `DELETE …/issue-labels/:labelId/` — soft delete; children move to the top level, issue links go. @throws NotFoundError */
export async function deleteLabel(ctx: ServerContext, actor: ProjectActor, labelId: string, options: WriteOptions) {
  const label = await loadLabel(ctx.db, actor.project.id, labelId);
  await withTransaction(ctx, options, async (tx) => {
    // The children's parent links change too: same lock order as a move, so the two cannot deadlock.
    await lockProjectLabels(tx, label.projectId!);
    const [row] = await tx
      .update(labels)
      .set({ deletedAt: new Date(), updatedBy: actor.userId, version: sql`${labels.version} + 1` })
      .where(eq(labels.id, label.id))
      .returning();
    const children = await tx
      .update(labels)
      .set({ parentId: null, updatedAt: new Date(), version: sql`${labels.version} + 1` })
      .where(and(eq(labels.parentId, label.id), isNull(labels.deletedAt)))
      .returning();
    await tx.update(issueLabels).set({ deletedAt: new Date() }).where(and(eq(issueLabels.labelId, label.id), isNull(issueLabels.deletedAt)));
    for (const child of children) recordLabel(tx, child, 'update');
    recordLabel(tx, row, 'delete');
  });
}

const RANDOM_COLORS = ['#FF6B00', '#8CC1FF', '#FCBE1D', '#18904F', '#ADF672', '#05C3FF', '#5C5C5C', '#EF4444', '#8B5CF6', '#EC4899'];

/** `POST …/bulk-create-labels/` — importer use; names already in the project are skipped. */
export async function bulkCreateLabels(ctx: ServerContext, actor: ProjectActor, body: BulkCreateLabelsBody, options: WriteOptions) {
  const project = actor.project;
  return withTransaction(ctx, options, async (tx) => {
    const existing = await tx.select({ name: labels.name }).from(labels).where(liveLabels(project.id));
    const seen = new Set(existing.map((row) => row.name.toLowerCase()));
    let sortOrder = await nextLabelOrder(tx, project.id);
    const created: Label[] = [];
    for (const item of body.label_data) {
      if (seen.has(item.name.toLowerCase())) continue;
      seen.add(item.name.toLowerCase());
      const [label] = await tx
        .insert(labels)
        .values({
          projectId: project.id,
          workspaceId: project.workspaceId,
          name: item.name,
          description: item.description ?? '',
          color: RANDOM_COLORS[Math.floor(Math.random() * RANDOM_COLORS.length)],
          sortOrder,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        // A concurrent create may have taken the name since the read above: skip it like an existing one.
        .onConflictDoNothing()
        .returning();
      if (!label) continue;
      sortOrder = nextSortOrder(sortOrder);
      recordLabel(tx, label, 'create');
      created.push(label);
    }
    return { labels: created.map(presentLabel) };
  });
}

/** `GET /api/workspaces/:slug/labels/` — labels of the caller's non-archived projects. */
export async function listWorkspaceLabels(ctx: ServerContext, actor: WorkspaceActor) {
  const mine = ctx.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)));
  const rows = await ctx.db
    .select({ label: labels })
    .from(labels)
    .innerJoin(projects, eq(projects.id, labels.projectId))
    .where(
      and(
        eq(labels.workspaceId, actor.workspace.id),
        isNull(labels.deletedAt),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
        inArray(labels.projectId, mine),
      ),
    )
    .orderBy(asc(labels.sortOrder), asc(labels.createdAt));
  return rows.map((row) => presentLabel(row.label));
}
