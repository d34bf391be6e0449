// Project writes (reference §5): create with its default states, members, identifier and issue
// counter; update; soft delete; archive and restore. Each write records its change events.
import { and, eq, isNull, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  deployBoards,
  estimates,
  favorites,
  intakes,
  issueSequences,
  projectIdentifiers,
  projectMembers,
  projects,
  projectUserProperties,
  states,
  workspaceMembers,
  type NewProject,
  type Project,
} from '../../../db/schema/index';
import { DEFAULT_PROJECT_STATES } from '../../../shared/issue-constants';
import { Role } from '../../../shared/roles';
import { PROJECT_FORBIDDEN_CHARACTERS, type CreateProjectBody, type UpdateProjectBody } from '../../../shared/schemas/project';
import { firstSortOrder } from '../../../shared/sort-order';
import type { ServerContext } from '../../context';
import { BadRequestError, ValidationError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { presentProjectMemberRole } from '../accounts/presenters/project-member';
import { presentState } from './presenters/state';
import { presentProjectFor, presentProjectUpdate } from './project-read';
import { sentKeys } from '../../live/changed-fields';
import { ProjectNetwork } from '../../../shared/visibility';

/** Colours of the default states as the reference creates them (Todo keeps the unstarted group colour). */
const DEFAULT_STATE_COLORS: Record<string, string> = {
  backlog: '#60646C',
  unstarted: '#3f76ff',
  started: '#F59E0B',
  completed: '#46A758',
  cancelled: '#9AA4BC',
};

/** True when a database error is a unique-constraint violation (postgres-js and PGlite, wrapped or not). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

function checkCharacters(body: { name?: string; identifier?: string }) {
  if (body.name !== undefined && PROJECT_FORBIDDEN_CHARACTERS.test(body.name)) {
    throw ValidationError.field('name', 'PROJECT_NAME_CANNOT_CONTAIN_SPECIAL_CHARACTERS');
  }
  if (body.identifier !== undefined && PROJECT_FORBIDDEN_CHARACTERS.test(body.identifier)) {
    throw ValidationError.field('identifier', 'PROJECT_IDENTIFIER_CANNOT_CONTAIN_SPECIAL_CHARACTERS');
  }
}

/** Refuses a name or identifier another live project of the workspace (or an identifier row) holds. */
async function checkUniqueness(tx: Db, workspaceId: string, body: { name?: string; identifier?: string }, selfId: string | null) {
  const notSelf = selfId ? ne(projects.id, selfId) : undefined;
  if (body.name !== undefined) {
    const [taken] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), eq(projects.name, body.name), isNull(projects.deletedAt), notSelf));
    if (taken) throw ValidationError.field('name', 'PROJECT_NAME_ALREADY_EXIST');
  }
  if (body.identifier !== undefined) {
    const [taken] = await tx
      .select({ projectId: projectIdentifiers.projectId })
      .from(projectIdentifiers)
      .where(and(eq(projectIdentifiers.workspaceId, workspaceId), eq(projectIdentifiers.name, body.identifier)));
    if (taken && taken.projectId !== selfId) throw ValidationError.field('identifier', 'PROJECT_IDENTIFIER_ALREADY_EXIST');
  }
}

/**
 * Refuses a lead or default assignee who is not an active member of the workspace.
 * @returns the workspace role of each user named, by user id
 */
async function checkWorkspaceUsers(tx: Db, workspaceId: string, fields: Record<string, string | null | undefined>): Promise<Map<string, number>> {
  const roles = new Map<string, number>();
  for (const [field, userId] of Object.entries(fields)) {
    if (!userId) continue;
    const [member] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)));
    if (!member) throw ValidationError.field(field, `Invalid pk "${userId}" - object does not exist.`);
    roles.set(userId, member.role);
  }
  return roles;
}

/** The columns a create or update body sets (name and identifier are handled by the caller). */
function projectColumns(body: CreateProjectBody | UpdateProjectBody): Partial<NewProject> {
  const columns: Partial<NewProject> = {
    description: body.description,
    descriptionHtml: body.description_html,
    network: body.network,
    projectLeadId: body.project_lead,
    defaultAssigneeId: body.default_assignee,
    emoji: body.emoji,
    iconProp: body.icon_prop,
    logoProps: body.logo_props,
    coverImage: body.cover_image,
    timezone: body.timezone,
    moduleView: body.module_view,
    cycleView: body.cycle_view,
    issueViewsView: body.issue_views_view,
    pageView: body.page_view,
    intakeView: body.intake_view ?? body.inbox_view,
    isTimeTrackingEnabled: body.is_time_tracking_enabled,
    isIssueTypeEnabled: body.is_issue_type_enabled,
    guestViewAllFeatures: body.guest_view_all_features,
    archiveIn: body.archive_in,
    closeIn: body.close_in,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Creates the project's default intake when intake is turned on and none exists yet. */
async function ensureIntake(tx: Db, project: Project, actorId: string) {
  if (!project.intakeView) return;
  const [existing] = await tx.select({ id: intakes.id }).from(intakes).where(and(eq(intakes.projectId, project.id), isNull(intakes.deletedAt)));
  if (existing) return;
  await tx.insert(intakes).values({ projectId: project.id, workspaceId: project.workspaceId, name: 'Intake', isDefault: true, createdBy: actorId });
}

/**
 * `POST /api/workspaces/:slug/projects/` — creates the project, its creator and lead as admins,
 * the five default states, the identifier row, the issue counter and the caller's sort order.
 * @throws ValidationError for forbidden characters, taken names/identifiers, unknown lead
 */
export async function createProject(ctx: ServerContext, actor: WorkspaceActor, body: CreateProjectBody, options: WriteOptions) {
  checkCharacters(body);
  const workspaceId = actor.workspace.id;
  try {
    return await withTransaction(ctx, options, async (tx) => {
      await checkUniqueness(tx, workspaceId, body, null);
      const workspaceRoles = await checkWorkspaceUsers(tx, workspaceId, { project_lead: body.project_lead, default_assignee: body.default_assignee });
      const [project] = await tx
        .insert(projects)
        .values({
          network: ProjectNetwork.PUBLIC,
          timezone: actor.workspace.timezone,
          ...projectColumns(body),
          workspaceId,
          name: body.name,
          identifier: body.identifier,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning();
      const [{ lowest }] = await tx
        .select({ lowest: min(projectUserProperties.sortOrder) })
        .from(projectUserProperties)
        .where(and(eq(projectUserProperties.workspaceId, workspaceId), eq(projectUserProperties.userId, actor.userId)));
      const sortOrder = firstSortOrder(lowest === null ? null : Number(lowest));
      const adminIds = [...new Set([actor.userId, body.project_lead ?? actor.userId])];
      // The lead becomes an admin too, unless they are a workspace guest: a guest is a guest in
      // every project (the bulk-add rule of reference §5.1), whatever the project calls them.
      const roleOf = (memberId: string) => (workspaceRoles.get(memberId) === Role.GUEST ? Role.GUEST : Role.ADMIN);
      const members = await tx
        .insert(projectMembers)
        .values(adminIds.map((memberId) => ({ projectId: project.id, workspaceId, memberId, role: roleOf(memberId), createdBy: actor.userId, sortOrder: memberId === actor.userId ? sortOrder : 65535 })))
        .returning();
      await tx.insert(projectUserProperties).values({ projectId: project.id, workspaceId, userId: actor.userId, sortOrder, createdBy: actor.userId });
      await tx.insert(projectIdentifiers).values({ workspaceId, projectId: project.id, name: project.identifier, createdBy: actor.userId });
      await tx.insert(issueSequences).values({ projectId: project.id, lastSequence: 0 });
      const stateRows = await tx
        .insert(states)
        .values(
          DEFAULT_PROJECT_STATES.map((state) => ({
            projectId: project.id,
            workspaceId,
            name: state.name,
            group: state.group,
            color: DEFAULT_STATE_COLORS[state.group],
            sequence: state.sequence,
            isDefault: state.default,
            slug: state.name.toLowerCase().replace(/\s+/g, '-'),
            createdBy: actor.userId,
          })),
        )
        .returning();
      await ensureIntake(tx, project, actor.userId);
      const data = await presentProjectFor(tx, project, actor.userId);
      recordChange(tx, { workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'create', version: project.version, data });
      for (const member of members) {
        recordChange(tx, { workspaceId, projectId: project.id, entity: 'member', entityId: member.id, op: 'create', version: member.version, data: presentProjectMemberRole(member) });
      }
      for (const state of stateRows) {
        recordChange(tx, { workspaceId, projectId: project.id, entity: 'state', entityId: state.id, op: 'create', version: state.version, data: presentState(state) });
      }
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('identifier', 'PROJECT_IDENTIFIER_ALREADY_EXIST');
    throw error;
  }
}

/** Checks that an estimate and a default state named by an update belong to the project. */
async function checkProjectReferences(tx: Db, project: Project, body: UpdateProjectBody) {
  if (body.estimate) {
    const [estimate] = await tx
      .select({ id: estimates.id })
      .from(estimates)
      .where(and(eq(estimates.id, body.estimate), eq(estimates.projectId, project.id), isNull(estimates.deletedAt)));
    if (!estimate) throw ValidationError.field('estimate', `Invalid pk "${body.estimate}" - object does not exist.`);
  }
  if (body.default_state) {
    const [state] = await tx
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.id, body.default_state), eq(states.projectId, project.id), isNull(states.deletedAt)));
    if (!state) throw ValidationError.field('default_state', `Invalid pk "${body.default_state}" - object does not exist.`);
  }
}

/**
 * `PATCH …/projects/:projectId/` — updates fields; `estimate` activates or disables estimates and
 * turning intake on creates the default intake.
 * @throws BadRequestError for an archived project; ValidationError as on create
 */
export async function updateProject(ctx: ServerContext, actor: ProjectActor, body: UpdateProjectBody, options: WriteOptions) {
  const current = actor.project;
  if (current.archivedAt) throw new BadRequestError('Archived projects cannot be updated');
  checkCharacters(body);
  try {
    return await withTransaction(ctx, options, async (tx) => {
      await checkUniqueness(tx, current.workspaceId, { name: body.name, identifier: body.identifier }, current.id);
      await checkWorkspaceUsers(tx, current.workspaceId, { project_lead: body.project_lead, default_assignee: body.default_assignee });
      await checkProjectReferences(tx, current, body);
      const changes: Partial<NewProject> = { ...projectColumns(body), name: body.name, identifier: body.identifier };
      if (body.estimate !== undefined) changes.estimateId = body.estimate;
      if (body.default_state !== undefined) changes.defaultStateId = body.default_state;
      const [project] = await tx
        .update(projects)
        .set({ ...changes, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${projects.version} + 1` })
        .where(eq(projects.id, current.id))
        .returning();
      if (body.identifier !== undefined && body.identifier !== current.identifier) {
        await tx.update(projectIdentifiers).set({ name: body.identifier, updatedBy: actor.userId }).where(eq(projectIdentifiers.projectId, project.id));
      }
      await ensureIntake(tx, project, actor.userId);
      const { data, fields } = await presentProjectUpdate(tx, current, project, actor.userId, sentKeys(body));
      recordChange(tx, { workspaceId: project.workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'update', version: project.version, data, fields });
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('identifier', 'PROJECT_IDENTIFIER_ALREADY_EXIST');
    throw error;
  }
}

/** Deletes every user's favorites of a project, recording one per-user delete event each. */
async function deleteProjectFavorites(tx: Db, project: Project) {
  const removed = await tx.delete(favorites).where(eq(favorites.projectId, project.id)).returning();
  for (const favorite of removed) {
    recordChange(tx, {
      workspaceId: project.workspaceId,
      projectId: project.id,
      audienceUserId: favorite.userId,
      entity: 'favorite',
      entityId: favorite.id,
      op: 'delete',
      version: favorite.version,
      data: deletion(favorite.id),
    });
  }
}

/** `DELETE …/projects/:projectId/` — soft delete; its deploy boards, favorites and identifier go with it. */
export async function deleteProject(ctx: ServerContext, actor: ProjectActor, options: WriteOptions) {
  const project = actor.project;
  await withTransaction(ctx, options, async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ deletedAt: new Date(), updatedBy: actor.userId, version: sql`${projects.version} + 1` })
      .where(eq(projects.id, project.id))
      .returning();
    await tx.delete(deployBoards).where(eq(deployBoards.projectId, project.id));
    await tx.delete(projectIdentifiers).where(eq(projectIdentifiers.projectId, project.id));
    await deleteProjectFavorites(tx, project);
    recordChange(tx, { workspaceId: project.workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'delete', version: row.version, data: deletion(project.id) });
  });
}

/** `POST …/archive/` — sets archived_at (kept if already archived) and removes the project's favorites. */
export async function archiveProject(ctx: ServerContext, actor: ProjectActor, options: WriteOptions) {
  const current = actor.project;
  return withTransaction(ctx, options, async (tx) => {
    const [project] = await tx
      .update(projects)
      .set({ archivedAt: current.archivedAt ?? new Date(), updatedBy: actor.userId, updatedAt: new Date(), version: sql`${projects.version} + 1` })
      .where(eq(projects.id, current.id))
      .returning();
    await deleteProjectFavorites(tx, project);
    const data = await presentProjectFor(tx, project, actor.userId);
    recordChange(tx, { workspaceId: project.workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'update', version: project.version, data });
    return { archived_at: data.archived_at };
  });
}

/** `DELETE …/archive/` — clears archived_at. */
export async function restoreProject(ctx: ServerContext, actor: ProjectActor, options: WriteOptions) {
  const current = actor.project;
  await withTransaction(ctx, options, async (tx) => {
    const [project] = await tx
      .update(projects)
      .set({ archivedAt: null, updatedBy: actor.userId, updatedAt: new Date(), version: sql`${projects.version} + 1` })
      .where(eq(projects.id, current.id))
      .returning();
    const data = await presentProjectFor(tx, project, actor.userId);
    recordChange(tx, { workspaceId: project.workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'update', version: project.version, data });
  });
}

/** Records a project update (version bumped) after something shown on it changed, e.g. its publish anchor. */
export async function touchProject(tx: Db, projectId: string, actorId: string) {
  const [project] = await tx
    .update(projects)
    .set({ updatedAt: new Date(), version: sql`${projects.version} + 1` })
    .where(eq(projects.id, projectId))
    .returning();
  const data = await presentProjectFor(tx, project, actorId);
  recordChange(tx, { workspaceId: project.workspaceId, projectId: project.id, entity: 'project', entityId: project.id, op: 'update', version: project.version, data });
  return project;
}
