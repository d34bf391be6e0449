// Module issues (reference §3): many-to-many. Add issues to a module, remove one, and set an
// issue's modules in one call (`issues/{id}/modules/`). Each add/remove writes a modules activity,
// re-announces the issue (its `module_ids`) and the module (its counts).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues, moduleIssues, type Module } from '../../../db/schema/index';
import type { IssueModulesBody } from '../../../shared/schemas/module';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { BadRequestError, NotFoundError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { listProjectIssues } from '../../list-engine/issue-lists';
import type { RawQuery } from '../../list-engine/params';
import type { ListResult } from '../../list-engine/list-issues';
import type { IssueListRow } from '../work-items/presenters/issue';
import { loadReadableIssue } from '../work-items/policies/issue';
import { writeActivities } from '../work-items/issue-activity';
import { addToModules, requireModules } from '../work-items/issue-bulk';
import { touchIssue, touchIssues } from '../work-items/issue-change';
import { loadIssueRows } from '../work-items/issue-read';
import { findModule } from './module-read';
import { touchModule } from './module';

function assertWritable(module: Module) {
  if (module.archivedAt) throw new BadRequestError('Archived module cannot be updated');
}

async function removeFromModule(tx: Db, row: IssueListRow, module: Pick<Module, 'id' | 'name'>, actorId: string): Promise<boolean> {
  const removed = await tx
    .update(moduleIssues)
    .set({ deletedAt: new Date() })
    .where(and(eq(moduleIssues.moduleId, module.id), eq(moduleIssues.issueId, row.id), isNull(moduleIssues.deletedAt)))
    .returning({ id: moduleIssues.id });
  if (removed.length === 0) return false;
  await writeActivities(tx, row, actorId, [{ verb: 'deleted', field: 'modules', oldValue: module.name, comment: 'removed module', oldIdentifier: module.id }]);
  return true;
}

/**
 * POST `modules/{id}/issues/`: adds the project's issues to the module (already there: ignored).
 * @throws BadRequestError "Issues are required", unknown issues, or an archived module.
 */
export async function addModuleIssues(ctx: ServerContext, actor: ProjectActor, moduleId: string, issueIds: string[] | undefined, options: WriteOptions): Promise<void> {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  assertWritable(module);
  const ids = [...new Set(issueIds ?? [])];
  if (ids.length === 0) throw new BadRequestError('Issues are required');
  await withTransaction(ctx, options, async (tx) => {
    const rows = await loadIssueRows(tx, and(inArray(issues.id, ids), eq(issues.projectId, actor.project.id), isNull(issues.deletedAt)));
    if (rows.length !== ids.length) throw new BadRequestError('Issues are not valid please pass valid issue ids');
    const adding = rows.filter((row) => !row.moduleIds.includes(module.id));
    for (const row of adding) await addToModules(tx, row, [module], actor.userId);
    await touchIssues(tx, adding.map((row) => row.id), actor.userId);
    if (adding.length > 0) await touchModule(tx, module.id, actor.userId);
  });
}

/** DELETE `modules/{id}/issues/{issueId}/`. @throws NotFoundError when the issue is not in the module. */
export async function removeModuleIssue(ctx: ServerContext, actor: ProjectActor, moduleId: string, issueId: string, options: WriteOptions): Promise<void> {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  assertWritable(module);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    if (!(await removeFromModule(tx, issue, module, actor.userId))) throw new NotFoundError('Issue is not in this module');
    await touchIssue(tx, issue.id, issue.projectId, actor.userId);
    await touchModule(tx, module.id, actor.userId);
  });
}

/**
 * POST `issues/{id}/modules/`: adds the issue to `modules` and removes it from `removed_modules`,
 * in one transaction. @throws BadRequestError for unknown or archived modules.
 */
export async function setIssueModules(ctx: ServerContext, actor: ProjectActor, issueId: string, body: IssueModulesBody, options: WriteOptions): Promise<void> {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    const added = await requireModules(tx, actor.project.id, body.modules ?? []);
    const removed = await requireModules(tx, actor.project.id, body.removed_modules ?? []);
    if ([...added, ...removed].some((module) => module.archivedAt)) throw new BadRequestError('Archived module cannot be updated');
    const touched = new Set<string>();
    const toAdd = added.filter((module) => !issue.moduleIds.includes(module.id));
    await addToModules(tx, issue, toAdd, actor.userId);
    for (const module of toAdd) touched.add(module.id);
    for (const module of removed) if (await removeFromModule(tx, issue, module, actor.userId)) touched.add(module.id);
    if (touched.size === 0) return;
    await touchIssue(tx, issue.id, issue.projectId, actor.userId);
    for (const moduleId of touched) await touchModule(tx, moduleId, actor.userId);
  });
}

/**
 * GET `modules/{id}/issues/`: the project list engine with the module as one more filter, in
 * every layout (grouping allowed). @throws NotFoundError; BadRequestError for bad list parameters.
 */
export async function listModuleIssues(ctx: ServerContext, actor: ProjectActor, moduleId: string, query: RawQuery): Promise<ListResult> {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  return listProjectIssues(ctx, actor, query, {}, { kind: 'in', field: 'module', values: [module.id], includeNull: false });
}
