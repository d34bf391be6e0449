// Project workflow states (reference §6, spec §4 State): list with `order`, create, update, delete
// (never the default, only when empty), mark default, and the workspace-wide list.
import { and, asc, eq, isNull, max, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { issues, projectMembers, projects, states, type State } from '../../../db/schema/index';
import type { CreateStateBody, UpdateStateBody } from '../../../shared/schemas/state';
import { nextStateSequence } from '../../../shared/sort-order';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import type { LiveData } from '../../../shared/live-protocol';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { presentState, presentStates } from './presenters/state';
import { isUniqueViolation } from './project';

const NAME_TAKEN = () => ValidationError.field('name', 'The state name is already taken');

function recordState(tx: Db, state: State, op: 'create' | 'update' | 'delete', data: LiveData<'state'> = presentState(state)) {
  recordChange(tx, {
    workspaceId: state.workspaceId,
    projectId: state.projectId,
    entity: 'state',
    entityId: state.id,
    op,
    version: state.version,
    data: op === 'delete' ? deletion(state.id) : data,
  });
}

const visibleState = (projectId: string | Placeholder) => and(eq(states.projectId, projectId), isNull(states.deletedAt), eq(states.isTriage, false));

// Built once (db/reusable-statement.ts): a state's GET runs both, the states list the second.
const visibleStatesOfProject = reusableStatement((db) =>
  db.select().from(states).where(visibleState(sql.placeholder('projectId'))).orderBy(asc(states.sequence), asc(states.createdAt)).prepare('visible_states_of_project'),
);
const visibleStateOfProject = reusableStatement((db) =>
  db
    .select()
    .from(states)
    .where(and(eq(states.id, sql.placeholder('stateId')), visibleState(sql.placeholder('projectId'))))
    .prepare('visible_state_of_project'),
);

function loadVisibleStates(db: Db, projectId: string) {
  return visibleStatesOfProject(db, { projectId });
}

/**
 * One state as the list shows it, so single-state answers carry a real `order` (not null); a
 * triage state, never listed, is a group of its own.
 */
async function presentInProject(db: Db, state: State, visible?: State[]) {
  if (state.isTriage) return presentStates([state])[0];
  return presentStates(visible ?? (await loadVisibleStates(db, state.projectId))).find((row) => row.id === state.id)!;
}

/** `GET …/states/` — states by sequence with `order`; `grouped` answers `{group: [State…]}`. */
export async function listStates(ctx: ServerContext, actor: ProjectActor, grouped: boolean) {
  const list = presentStates(await loadVisibleStates(ctx.db, actor.project.id));
  if (!grouped) return list;
  const groups: Record<string, typeof list> = {};
  for (const state of list) (groups[state.group] ??= []).push(state);
  return groups;
}

async function loadState(db: Db, projectId: string, stateId: string) {
  const [state] = await visibleStateOfProject(db, { stateId, projectId });
  if (!state) throw new NotFoundError('State not found');
  return state;
}

/** `GET …/states/:stateId/`. @throws NotFoundError */
export async function getState(ctx: ServerContext, actor: ProjectActor, stateId: string) {
  // The project's states are read beside the one asked for: its `order` is its place among them.
  const [state, visible] = await Promise.all([loadState(ctx.db, actor.project.id, stateId), loadVisibleStates(ctx.db, actor.project.id)]);
  return presentInProject(ctx.db, state, visible);
}

/** `GET …/intake-state/` — the project's triage state (reference §6). @throws NotFoundError */
export async function getIntakeState(ctx: ServerContext, actor: ProjectActor) {
  const [state] = await ctx.db
    .select()
    .from(states)
    .where(and(eq(states.projectId, actor.project.id), isNull(states.deletedAt), eq(states.isTriage, true)))
    .limit(1);
  if (!state) throw new NotFoundError('Triage state not found');
  return presentInProject(ctx.db, state);
}

async function checkName(tx: Db, projectId: string, name: string, selfId: string | null) {
  const [taken] = await tx
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.projectId, projectId), eq(states.name, name), isNull(states.deletedAt), selfId ? ne(states.id, selfId) : undefined));
  if (taken) throw NAME_TAKEN();
}

/**
 * Locks the project's live states, in id order so concurrent writers queue instead of deadlocking.
 * Every write that moves or checks the default takes it first: without it two concurrent
 * mark-defaults each clear the other's old snapshot and the project ends with two defaults.
 * Answers the locked rows as they are now.
 */
function lockProjectStates(tx: Db, projectId: string) {
  return tx
    .select({ id: states.id, isDefault: states.isDefault })
    .from(states)
    .where(and(eq(states.projectId, projectId), isNull(states.deletedAt)))
    .orderBy(asc(states.id))
    .for('update');
}

/** A state loaded before the transaction, as it is once the project's states are locked. @throws NotFoundError */
async function lockState(tx: Db, state: State) {
  const row = (await lockProjectStates(tx, state.projectId)).find((locked) => locked.id === state.id);
  if (!row) throw new NotFoundError('State not found');
  return row;
}

/** Clears `default` on every other state of the project, recording each one that changed (lock first). */
async function clearOtherDefaults(tx: Db, projectId: string, keepId: string, actorId: string) {
  const cleared = await tx
    .update(states)
    .set({ isDefault: false, updatedBy: actorId, updatedAt: new Date(), version: sql`${states.version} + 1` })
    .where(and(eq(states.projectId, projectId), eq(states.isDefault, true), ne(states.id, keepId), isNull(states.deletedAt)))
    .returning();
  for (const state of cleared) recordState(tx, state, 'update');
}

function refuseTriage(group: string | undefined) {
  if (group === 'triage') throw new ValidationError({ non_field_errors: ['Cannot create triage state'] });
}

/**
 * `POST …/states/` — a new state after the last one (sequence gap 65535); `default: true` moves the default here.
 * @throws ValidationError (triage group, name taken)
 */
export async function createState(ctx: ServerContext, actor: ProjectActor, body: CreateStateBody, options: WriteOptions) {
  refuseTriage(body.group);
  const project = actor.project;
  try {
    return await withTransaction(ctx, options, async (tx) => {
      if (body.default) await lockProjectStates(tx, project.id);
      await checkName(tx, project.id, body.name, null);
      const [{ highest }] = await tx.select({ highest: max(states.sequence) }).from(states).where(and(eq(states.projectId, project.id), isNull(states.deletedAt)));
      const sequence = highest === null ? (body.sequence ?? nextStateSequence(null)) : nextStateSequence(Number(highest));
      const [state] = await tx
        .insert(states)
        .values({
          projectId: project.id,
          workspaceId: project.workspaceId,
          name: body.name,
          color: body.color,
          group: body.group,
          description: body.description ?? '',
          isDefault: body.default ?? false,
          sequence,
          slug: body.name.toLowerCase().replace(/\s+/g, '-'),
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      if (state.isDefault) await clearOtherDefaults(tx, project.id, state.id, actor.userId);
      const wire = await presentInProject(tx, state);
      recordState(tx, state, 'create', wire);
      return wire;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/**
 * `PATCH`/`PUT …/states/:stateId/`. `default: true` moves the default here; `default: false` is
 * ignored, since a project always keeps exactly one default (use mark-default on another state).
 * @throws NotFoundError, ValidationError
 */
export async function updateState(ctx: ServerContext, actor: ProjectActor, stateId: string, body: UpdateStateBody, options: WriteOptions) {
  refuseTriage(body.group);
  const project = actor.project;
  const current = await loadState(ctx.db, project.id, stateId);
  try {
    return await withTransaction(ctx, options, async (tx) => {
      if (body.default === true) await lockState(tx, current);
      if (body.name !== undefined) await checkName(tx, project.id, body.name, current.id);
      const [state] = await tx
        .update(states)
        .set({
          name: body.name,
          color: body.color,
          group: body.group,
          description: body.description,
          sequence: body.sequence,
          isDefault: body.default === true ? true : undefined,
          slug: body.name?.toLowerCase().replace(/\s+/g, '-'),
          updatedBy: actor.userId,
          updatedAt: new Date(),
          version: sql`${states.version} + 1`,
        })
        .where(eq(states.id, current.id))
        .returning();
      if (body.default === true) await clearOtherDefaults(tx, project.id, state.id, actor.userId);
      const wire = await presentInProject(tx, state);
      recordState(tx, state, 'update', wire);
      return wire;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/**
 * `DELETE …/states/:stateId/` — soft delete of an empty, non-default state.
 * @throws NotFoundError, BadRequestError
 */
export async function deleteState(ctx: ServerContext, actor: ProjectActor, stateId: string, options: WriteOptions) {
  const state = await loadState(ctx.db, actor.project.id, stateId);
  await withTransaction(ctx, options, async (tx) => {
    if ((await lockState(tx, state)).isDefault) throw new BadRequestError('Default state cannot be deleted');
    // Archived and draft issues count too: any live issue on the state keeps it.
    const [used] = await tx.select({ id: issues.id }).from(issues).where(and(eq(issues.stateId, state.id), isNull(issues.deletedAt))).limit(1);
    if (used) throw new BadRequestError('The state is not empty, only empty states can be deleted');
    const [row] = await tx
      .update(states)
      .set({ deletedAt: new Date(), updatedBy: actor.userId, version: sql`${states.version} + 1` })
      .where(eq(states.id, state.id))
      .returning();
    recordState(tx, row, 'delete');
  });
}

/** `POST …/states/:stateId/mark-default/` — this state becomes the project's only default. @throws NotFoundError */
export async function markDefaultState(ctx: ServerContext, actor: ProjectActor, stateId: string, options: WriteOptions) {
  const state = await loadState(ctx.db, actor.project.id, stateId);
  await withTransaction(ctx, options, async (tx) => {
    const { isDefault } = await lockState(tx, state);
    await clearOtherDefaults(tx, state.projectId, state.id, actor.userId);
    if (isDefault) return;
    const [row] = await tx
      .update(states)
      .set({ isDefault: true, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${states.version} + 1` })
      .where(eq(states.id, state.id))
      .returning();
    recordState(tx, row, 'update');
  });
}

/** `GET /api/workspaces/:slug/states/` — states of the caller's non-archived projects, `order` per project. */
export async function listWorkspaceStates(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db
    .select({ state: states })
    .from(states)
    .innerJoin(projects, eq(projects.id, states.projectId))
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, actor.userId), eq(projectMembers.isActive, true)),
    )
    .where(
      and(
        eq(states.workspaceId, actor.workspace.id),
        isNull(states.deletedAt),
        eq(states.isTriage, false),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
      ),
    )
    .orderBy(asc(states.projectId), asc(states.sequence), asc(states.createdAt));
  const byProject = new Map<string, State[]>();
  for (const { state } of rows) byProject.set(state.projectId, [...(byProject.get(state.projectId) ?? []), state]);
  return [...byProject.values()].flatMap((list) => presentStates(list));
}
