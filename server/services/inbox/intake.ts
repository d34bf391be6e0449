// Intake (reference §6, spec §4 "Inbox issue"): submissions land in the project's hidden triage
// state with status pending (-2) and stay out of every project list until accepted (1), which moves
// the issue to the default state. Decline (-1), snooze (0, until `snoozed_till`; a passed date
// counts as pending again) and duplicate (2, with `duplicate_to`) only change the intake row. The
// project's intake switch (`intake_view`) hides all of it (404 "Intake not found").
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intakeIssues, intakes, issues, states, type IntakeIssue, type Project, type State } from '../../../db/schema/index';
import { offsetPage } from '../../../shared/cursor';
import { INTAKE_SOURCE_IN_APP, IntakeStatus, PRIORITY_ORDER, TRIAGE_STATE, type Priority } from '../../../shared/issue-constants';
import { Role } from '../../../shared/roles';
import type { CreateIntakeIssueBody, IntakeListQuery, UpdateIntakeIssueBody } from '../../../shared/schemas/intake';
import type { UpdateIssueBody } from '../../../shared/schemas/issue';
import type { ServerContext } from '../../context';
import { resolvePageOrBadRequest } from '../../validation';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { ProjectActor } from '../../actor';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { isRestrictedGuest, visibleIssues } from '../work-items/policies/issue';
import { presentIntakeIssue, presentIntakeIssueDetail } from './presenters/intake';
import type { IssueListRow } from '../work-items/presenters/issue';
import { writeActivities } from '../work-items/issue-activity';
import { presentDetailFor } from '../work-items/issue-detail';
import { loadIssueRow, loadIssueRows } from '../work-items/issue-read';
import { insertIssue, softDeleteIssues } from '../work-items/issue';
import { applyIssueUpdate } from '../work-items/issue-update';
import * as check from '../work-items/issue-validation';
import { can, memberContext } from '../../../shared/permission-table';

const INTAKE_NOT_FOUND = 'Intake not found';
const ISSUE_MAX_NAME = 255;

/** The project's default intake. @throws NotFoundError "Intake not found" when intake is off or missing. */
async function requireIntake(db: Db, project: Project) {
  if (!project.intakeView) throw new NotFoundError(INTAKE_NOT_FOUND);
  const [intake] = await db
    .select()
    .from(intakes)
    .where(and(eq(intakes.projectId, project.id), isNull(intakes.deletedAt)))
    .orderBy(desc(intakes.isDefault), asc(intakes.createdAt))
    .limit(1);
  if (!intake) throw new NotFoundError(INTAKE_NOT_FOUND);
  return intake;
}

/**
 * The project's triage state, created on first use (reference §6: group triage, #4E5355, 65000).
 * Two first submissions can race to create it: the insert skips a conflicting row (waiting for the
 * other transaction's commit) and the state is read again, so both land on the one state.
 */
async function triageState(tx: Db, project: Project, actorId: string): Promise<State> {
  const find = async () => {
    const [existing] = await tx
      .select()
      .from(states)
      .where(and(eq(states.projectId, project.id), isNull(states.deletedAt), eq(states.isTriage, true)))
      .limit(1);
    return existing;
  };
  const existing = await find();
  if (existing) return existing;
  const [created] = await tx
    .insert(states)
    .values({
      projectId: project.id,
      workspaceId: project.workspaceId,
      name: TRIAGE_STATE.name,
      color: TRIAGE_STATE.color,
      group: TRIAGE_STATE.group,
      sequence: TRIAGE_STATE.sequence,
      isTriage: true,
      slug: 'triage',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .onConflictDoNothing()
    .returning();
  const triage = created ?? (await find());
  // Only a state of the project's own named "Triage" can still stand in the way.
  if (!triage) throw new BadRequestError('A state named "Triage" already exists in this project; rename it to use the intake');
  return triage;
}

/** A valid submitted name, or the reference's 400. */
function submittedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new BadRequestError('Name is required');
  if (name.length > ISSUE_MAX_NAME) throw ValidationError.field('name', `Ensure this field has no more than ${ISSUE_MAX_NAME} characters.`);
  return name;
}

function submittedPriority(value: unknown): Priority | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(PRIORITY_ORDER as readonly string[]).includes(value)) throw new BadRequestError('Invalid priority');
  return value as Priority;
}

/** The change event of an intake row (entity `inbox_issue`). */
function recordIntakeChange(tx: Db, intake: IntakeIssue, issue: IssueListRow, op: 'create' | 'update') {
  recordChange(tx, {
    workspaceId: intake.workspaceId,
    projectId: intake.projectId,
    entity: 'inbox_issue',
    entityId: intake.id,
    op,
    version: intake.version,
    data: presentIntakeIssue(intake, issue),
    issueIds: [intake.issueId],
  });
}

/**
 * POST `intake-issues/`: any project member submits; the issue is created in the triage state
 * (not announced to boards) with an intake row pending (-2), source IN_APP.
 * @throws NotFoundError "Intake not found"; BadRequestError "Name is required" / "Invalid priority".
 */
export async function createIntakeIssue(ctx: ServerContext, actor: ProjectActor, body: CreateIntakeIssueBody, options: WriteOptions) {
  const intake = await requireIntake(ctx.db, actor.project);
  const submitted = body.issue ?? {};
  const name = submittedName(submitted.name);
  const priority = submittedPriority(submitted.priority);
  const issueId = await withTransaction(ctx, options, async (tx) => {
    const state = await triageState(tx, actor.project, actor.userId);
    const issue = await insertIssue(
      tx,
      actor.project,
      { name, priority, description_html: submitted.description_html, description_json: submitted.description_json, label_ids: submitted.label_ids, assignee_ids: submitted.assignee_ids },
      actor.userId,
      { state, announce: false },
    );
    const [row] = await tx
      .insert(intakeIssues)
      .values({
        intakeId: intake.id,
        issueId: issue.id,
        projectId: actor.project.id,
        workspaceId: actor.project.workspaceId,
        status: IntakeStatus.PENDING,
        source: INTAKE_SOURCE_IN_APP,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    recordIntakeChange(tx, row, issue, 'create');
    return issue.id;
  });
  return getIntakeIssue(ctx, actor, issueId);
}

/** The SQL for one status of the list filter; a snooze whose date has passed counts as pending. */
function statusCondition(status: number, now: Date): SQL | undefined {
  const expired = and(eq(intakeIssues.status, IntakeStatus.SNOOZED), lte(intakeIssues.snoozedTill, now));
  if (status === IntakeStatus.PENDING) return or(eq(intakeIssues.status, IntakeStatus.PENDING), expired);
  if (status === IntakeStatus.SNOOZED) {
    return and(eq(intakeIssues.status, IntakeStatus.SNOOZED), or(isNull(intakeIssues.snoozedTill), gt(intakeIssues.snoozedTill, now)));
  }
  return eq(intakeIssues.status, status);
}

const ORDER_COLUMNS = { issue__created_at: issues.createdAt, issue__updated_at: issues.updatedAt, issue__sequence_id: issues.sequenceId } as const;

function commaList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * GET `intake-issues/`: the project's submissions filtered by status (default pending), priority and
 * creator, ordered by an issue key (default `-issue__created_at`), in the offset paginator's shape.
 * A guest limited by the guest rule sees only their own submissions.
 * @throws NotFoundError "Intake not found"; BadRequestError for a bad cursor or per_page.
 */
export async function listIntakeIssues(ctx: ServerContext, actor: ProjectActor, query: IntakeListQuery) {
  await requireIntake(ctx.db, actor.project);
  const page = resolvePageOrBadRequest(query);
  const now = new Date();
  const statuses = [...new Set(commaList(query.status ?? String(IntakeStatus.PENDING)).map(Number))];
  const priorities = commaList(query.priority);
  const creators = commaList(query.created_by).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const where = and(
    eq(intakeIssues.projectId, actor.project.id),
    isNull(intakeIssues.deletedAt),
    isNull(issues.deletedAt),
    or(...statuses.map((status) => statusCondition(status, now))),
    priorities.length ? inArray(issues.priority, priorities) : undefined,
    query.created_by !== undefined ? inArray(issues.createdBy, creators.length ? creators : ['00000000-0000-0000-0000-000000000000']) : undefined,
    visibleIssues(actor),
  );
  const orderBy = query.order_by ?? '-issue__created_at';
  const column = ORDER_COLUMNS[orderBy.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(intakeIssues)
    .innerJoin(issues, eq(issues.id, intakeIssues.issueId))
    .where(where);
  const rows = await ctx.db
    .select({ intake: intakeIssues })
    .from(intakeIssues)
    .innerJoin(issues, eq(issues.id, intakeIssues.issueId))
    .where(where)
    .orderBy(orderBy.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, desc(issues.createdAt), asc(intakeIssues.id))
    .limit(page.perPage)
    .offset(page.offset);
  const issueRows = rows.length ? await loadIssueRows(ctx.db, inArray(issues.id, rows.map((row) => row.intake.issueId))) : [];
  const byId = new Map(issueRows.map((row) => [row.id, row]));
  const results = rows.map((row) => presentIntakeIssue(row.intake, byId.get(row.intake.issueId)!));
  return offsetPage(results, Number(total), page);
}

/** The live intake row of an issue of the project. @throws NotFoundError */
async function loadIntakeRow(db: Db, projectId: string, issueId: string): Promise<IntakeIssue> {
  const [row] = await db
    .select()
    .from(intakeIssues)
    .where(and(eq(intakeIssues.projectId, projectId), eq(intakeIssues.issueId, issueId), isNull(intakeIssues.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** The submission and its issue, readable by the actor. @throws NotFoundError, ForbiddenError (guest rule). */
async function loadReadable(db: Db, actor: ProjectActor, issueId: string) {
  const intake = await loadIntakeRow(db, actor.project.id, issueId);
  const issue = await loadIssueRow(db, actor.project.id, issueId);
  if (!issue) throw new NotFoundError();
  if (isRestrictedGuest(actor) && issue.createdBy !== actor.userId) throw new ForbiddenError();
  return { intake, issue };
}

async function presentDetail(db: Db, actor: ProjectActor, intake: IntakeIssue, issue: IssueListRow) {
  const duplicate = intake.duplicateToId ? await loadIssueRow(db, actor.project.id, intake.duplicateToId) : null;
  return presentIntakeIssueDetail(intake, await presentDetailFor(db, actor, issue), duplicate);
}

/** GET `intake-issues/{issueId}/`: IntakeIssueDetail. @throws NotFoundError, ForbiddenError. */
export async function getIntakeIssue(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await requireIntake(ctx.db, actor.project);
  const { intake, issue } = await loadReadable(ctx.db, actor, issueId);
  return presentDetail(ctx.db, actor, intake, issue);
}

const isAdmin = (actor: ProjectActor) => (actor.projectRole ?? 0) >= Role.ADMIN;
/** Who may change a request's status: the permission table's rule, the one the client offers the actions by. */
const canTriage = (actor: ProjectActor) => can('project.triage', memberContext(actor.workspaceRole, actor.projectRole));

/** The intake fields a PATCH sets (admins only), with the snooze rule of API.md. */
function intakePatch(intake: IntakeIssue, body: UpdateIntakeIssueBody): { status?: number; snoozedTill?: Date | null; duplicateToId?: string | null } {
  const patch: { status?: number; snoozedTill?: Date | null; duplicateToId?: string | null } = {};
  if (body.status !== undefined) patch.status = body.status;
  if (body.snoozed_till !== undefined) {
    patch.snoozedTill = body.snoozed_till === null ? null : new Date(body.snoozed_till);
    if (body.status === undefined) {
      if (body.snoozed_till !== null) patch.status = IntakeStatus.SNOOZED;
      else if (intake.status === IntakeStatus.SNOOZED) patch.status = IntakeStatus.PENDING;
    }
  }
  if (body.duplicate_to !== undefined) patch.duplicateToId = body.duplicate_to;
  const status = patch.status ?? intake.status;
  if (status === IntakeStatus.SNOOZED && patch.snoozedTill === undefined && !intake.snoozedTill) {
    throw ValidationError.field('snoozed_till', 'A snoozed intake issue needs snoozed_till.');
  }
  if (status === IntakeStatus.DUPLICATE && !(patch.duplicateToId ?? intake.duplicateToId)) {
    throw ValidationError.field('duplicate_to', 'A duplicate intake issue needs duplicate_to.');
  }
  return patch;
}

/**
 * PATCH `intake-issues/{issueId}/`: project admins change status/snooze/duplicate; the submitter
 * (or an admin) edits the issue — a guest only its name and description. Accepting moves a triage
 * issue to the default state, so it joins the project lists (and every open board) at once.
 * @throws NotFoundError; ForbiddenError unless admin or submitter (a guest never changes the status);
 *   ValidationError `{"status": [...]}` when there is no default state, or for a missing snooze date / duplicate.
 */
export async function updateIntakeIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, body: UpdateIntakeIssueBody, options: WriteOptions) {
  await requireIntake(ctx.db, actor.project);
  const { intake } = await loadReadable(ctx.db, actor, issueId);
  const admin = canTriage(actor);
  const [issueRow] = await ctx.db.select({ createdBy: issues.createdBy }).from(issues).where(eq(issues.id, issueId));
  const creator = issueRow?.createdBy === actor.userId;
  if (!admin && !creator) throw new ForbiddenError();
  const changesIntake = body.status !== undefined || body.snoozed_till !== undefined || body.duplicate_to !== undefined;
  if (changesIntake && !admin && (actor.projectRole ?? 0) < Role.MEMBER) throw new ForbiddenError();
  const patch = admin ? intakePatch(intake, body) : {};
  if (patch.duplicateToId) {
    if (patch.duplicateToId === issueId) throw ValidationError.field('duplicate_to', 'An issue cannot be a duplicate of itself.');
    if (!(await loadIssueRow(ctx.db, actor.project.id, patch.duplicateToId))) throw ValidationError.field('duplicate_to', 'Issue not found in this project.');
  }
  const issueBody = issueFieldsFor(actor, body);
  await withTransaction(ctx, options, async (tx) => {
    let issue = (await loadIssueRow(tx, actor.project.id, issueId))!;
    const update: UpdateIssueBody = { ...issueBody };
    if (patch.status === IntakeStatus.ACCEPTED && intake.status !== IntakeStatus.ACCEPTED) {
      const [current] = await tx.select().from(states).where(issue.stateId ? eq(states.id, issue.stateId) : sql`false`);
      if (!current || current.isTriage) {
        const target = await check.defaultProjectState(tx, actor.project);
        if (!target) throw ValidationError.field('status', 'Cannot accept intake issue: No default state found for the project');
        update.state_id = target.id;
      }
    }
    if (Object.keys(update).length > 0 || patch.status === IntakeStatus.ACCEPTED) {
      issue = await applyIssueUpdate(tx, actor.project, issue, update, actor.userId);
    }
    if (Object.keys(patch).length === 0) return;
    const [row] = await tx
      .update(intakeIssues)
      .set({ ...patch, version: sql`${intakeIssues.version} + 1`, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(intakeIssues.id, intake.id))
      .returning();
    if (patch.status !== undefined && patch.status !== intake.status) {
      await writeActivities(tx, issue, actor.userId, [
        { verb: 'updated', field: 'intake', oldValue: String(intake.status), newValue: String(patch.status), comment: 'updated the intake status to' },
      ]);
    }
    recordIntakeChange(tx, row, issue, 'update');
  });
  return getIntakeIssue(ctx, actor, issueId);
}

/** The issue fields of a PATCH the actor may change (a guest: name and description only). */
function issueFieldsFor(actor: ProjectActor, body: UpdateIntakeIssueBody): UpdateIssueBody {
  const submitted = body.issue;
  if (!submitted) return {};
  const out: UpdateIssueBody = {};
  if (submitted.name !== undefined) out.name = submittedName(submitted.name);
  if (submitted.description_html !== undefined) out.description_html = submitted.description_html;
  if (submitted.description_json !== undefined) out.description_json = submitted.description_json;
  if ((actor.projectRole ?? 0) < Role.MEMBER) return out;
  const priority = submittedPriority(submitted.priority);
  if (priority) out.priority = priority;
  if (submitted.label_ids !== undefined) out.label_ids = submitted.label_ids;
  if (submitted.assignee_ids !== undefined) out.assignee_ids = submitted.assignee_ids;
  return out;
}

/**
 * DELETE `intake-issues/{issueId}/`: admin or submitter; removes the submission and, unless it
 * was accepted, its issue too.
 * @throws NotFoundError, ForbiddenError.
 */
export async function deleteIntakeIssue(ctx: ServerContext, actor: ProjectActor, issueId: string, options: WriteOptions): Promise<void> {
  await requireIntake(ctx.db, actor.project);
  const { intake, issue } = await loadReadable(ctx.db, actor, issueId);
  if (!isAdmin(actor) && issue.createdBy !== actor.userId) throw new ForbiddenError();
  await withTransaction(ctx, options, async (tx) => {
    await tx.update(intakeIssues).set({ deletedAt: new Date(), version: intake.version + 1, updatedBy: actor.userId }).where(eq(intakeIssues.id, intake.id));
    recordChange(tx, {
      workspaceId: intake.workspaceId,
      projectId: intake.projectId,
      entity: 'inbox_issue',
      entityId: intake.id,
      op: 'delete',
      version: intake.version + 1,
      data: deletion(intake.id),
      issueIds: [intake.issueId],
    });
    if (intake.status !== IntakeStatus.ACCEPTED) await softDeleteIssues(tx, [issue], actor.userId);
  });
}
