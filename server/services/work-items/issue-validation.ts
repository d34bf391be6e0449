// Checks that the ids an issue write refers to (state, parent, estimate point, labels, assignees)
// belong to the issue's project, each with the reference's 400 message (§1.5); label and assignee
// lists are filtered instead, as the reference does.
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { estimatePoints, labels, projectMembers, states, type Project, type State } from '../../../db/schema/index';
import { Role } from '../../../shared/roles';
import { BadRequestError } from '../../errors';
import { executeRows } from '../../../db/rows';

/**
 * The project's state `stateId` (not triage, not deleted): the triage state belongs to intake, and
 * an issue moved into it would vanish from every list (the reference's state manager hides it too).
 * @throws BadRequestError when it is not such a state of the project.
 */
export async function requireProjectState(tx: Db, projectId: string, stateId: string): Promise<State> {
  const [state] = await tx
    .select()
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.projectId, projectId), isNull(states.deletedAt), eq(states.isTriage, false)))
    .limit(1);
  if (!state) throw new BadRequestError('State is not valid please pass a valid state_id');
  return state;
}

/** The state a new issue gets: the project's state marked default, otherwise its first non-triage state. */
export async function defaultProjectState(tx: Db, project: Project): Promise<State | null> {
  const rows = await tx
    .select()
    .from(states)
    .where(and(eq(states.projectId, project.id), isNull(states.deletedAt), eq(states.isTriage, false)))
    .orderBy(asc(states.sequence));
  // Reference §1.5: the state marked default, else the first; the project's `default_state` column
  // is only stored and echoed, so mark-default alone decides where new issues land.
  return rows.find((row) => row.isDefault) ?? rows[0] ?? null;
}

/**
 * Checks a new parent: an issue of the project that is neither the issue itself nor one of its
 * descendants (which would make the issue its own ancestor).
 * @throws BadRequestError otherwise.
 */
export async function requireValidParent(tx: Db, projectId: string, issueId: string | null, parentId: string): Promise<void> {
  if (issueId && parentId === issueId) throw new BadRequestError('An issue cannot be its own parent.');
  // Walk up from the proposed parent; meeting the issue means the parent is one of its descendants.
  const rows = await executeRows<{ id: string; project_id: string }>(tx, sql`
    with recursive up(id, parent_id, project_id, depth) as (
      select id, parent_id, project_id, 0 from issues where id = ${parentId} and deleted_at is null
      union all
      select i.id, i.parent_id, i.project_id, up.depth + 1 from issues i join up on i.id = up.parent_id
      where i.deleted_at is null and up.depth < 1000
    ) select id, project_id from up order by depth`);
  if (rows.length === 0 || rows[0].project_id !== projectId) {
    throw new BadRequestError('Parent is not valid issue_id please pass a valid issue_id');
  }
  if (issueId && rows.some((row) => row.id === issueId)) {
    throw new BadRequestError('An issue cannot be the parent of one of its ancestors.');
  }
}

/** @throws BadRequestError when the estimate point is not one of the project's. */
export async function requireEstimatePoint(tx: Db, projectId: string, pointId: string): Promise<void> {
  const [point] = await tx
    .select({ id: estimatePoints.id })
    .from(estimatePoints)
    .where(and(eq(estimatePoints.id, pointId), eq(estimatePoints.projectId, projectId), isNull(estimatePoints.deletedAt)))
    .limit(1);
  if (!point) throw new BadRequestError('Estimate point is not valid please pass a valid estimate_point');
}

/**
 * The labels of `labelIds` an issue of the project may carry (the project's own and its workspace's
 * project-less labels); others are dropped silently, as reference §1.5 prescribes.
 */
export async function filterLabels(tx: Db, project: Project, labelIds: string[]): Promise<string[]> {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        inArray(labels.id, ids),
        isNull(labels.deletedAt),
        eq(labels.workspaceId, project.workspaceId),
        or(eq(labels.projectId, project.id), isNull(labels.projectId)),
      ),
    );
  const valid = new Set(rows.map((row) => row.id));
  return ids.filter((id) => valid.has(id));
}

/**
 * The users of `userIds` who may be assigned: active project members with role Member or above.
 * Guests, non-members and unknown ids are dropped silently (reference §1.5: guests cannot be assigned).
 */
export async function filterAssignees(tx: Db, projectId: string, userIds: string[]): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: projectMembers.memberId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.isActive, true), gte(projectMembers.role, Role.MEMBER), inArray(projectMembers.memberId, ids)));
  const valid = new Set(rows.map((row) => row.id));
  return ids.filter((id) => valid.has(id));
}

/** The project's default assignee when they are still an active Member or above, else null. */
export async function defaultAssignee(tx: Db, project: Project): Promise<string | null> {
  if (!project.defaultAssigneeId) return null;
  const [row] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, project.defaultAssigneeId), eq(projectMembers.isActive, true)))
    .limit(1);
  return row && row.role >= Role.MEMBER ? project.defaultAssigneeId : null;
}
