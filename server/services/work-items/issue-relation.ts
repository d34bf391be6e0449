// Relations between issues (reference §1.6.5): inverse types are stored as their forward type with
// the issues swapped; one row per pair; activity is written on both issues.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issueRelations, issues, type IssueRelation } from '../../../db/schema/index';
import { RelationType, inverseRelation, storedRelation, type RelationType as Relation } from '../../../shared/issue-constants';
import { Role } from '../../../shared/roles';
import type { ServerContext } from '../../context';
import { BadRequestError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { authorizeProjectRole, loadReadableIssue } from './policies/issue';
import { presentIssueRelationRow, presentRelatedIssue } from './presenters/issue-relation';
import { issueKeys, writeActivities } from './issue-activity';
import { loadIssueRowsByIds } from './issue-read';

/** Every key of the GET answer, present even when empty. */
const RELATION_KEYS: readonly Relation[] = Object.values(RelationType);

async function relationsOf(db: Db, issueId: string): Promise<IssueRelation[]> {
  return db
    .select()
    .from(issueRelations)
    .where(and(isNull(issueRelations.deletedAt), or(eq(issueRelations.issueId, issueId), eq(issueRelations.relatedIssueId, issueId))));
}

/** Each relation of the issue as (other issue id, type seen from this issue). */
function sides(rows: IssueRelation[], issueId: string): Array<{ otherId: string; type: Relation; row: IssueRelation }> {
  return rows.map((row) =>
    row.issueId === issueId
      ? { otherId: row.relatedIssueId, type: row.relationType as Relation, row }
      : { otherId: row.issueId, type: inverseRelation(row.relationType as Relation), row },
  );
}

/** GET `issue-relation/`: related issues grouped by type, inverses included in both directions. */
export async function listIssueRelations(ctx: ServerContext, actor: ProjectActor, issueId: string) {
  await loadReadableIssue(ctx.db, actor, issueId);
  const all = sides(await relationsOf(ctx.db, issueId), issueId);
  const others = new Map((await loadIssueRowsByIds(ctx.db, all.map((side) => side.otherId))).filter((row) => !row.deletedAt).map((row) => [row.id, row]));
  const result = Object.fromEntries(RELATION_KEYS.map((key) => [key, [] as unknown[]])) as Record<Relation, unknown[]>;
  for (const side of all) {
    const other = others.get(side.otherId);
    if (other) result[side.type].push(presentRelatedIssue(other, side.type));
  }
  return result;
}

/** The `issue_relation` (outgoing) and `issue_related` (incoming) expansions. */
export async function relationExpansion(db: Db, issueId: string) {
  const rows = await relationsOf(db, issueId);
  const others = new Map((await loadIssueRowsByIds(db, sides(rows, issueId).map((side) => side.otherId))).map((row) => [row.id, row]));
  const pick = (outgoing: boolean) =>
    sides(rows, issueId)
      .filter((side) => (side.row.issueId === issueId) === outgoing && others.has(side.otherId))
      .map((side) => ({ ...presentRelatedIssue(others.get(side.otherId)!, side.type), id: side.otherId }));
  return { issue_relation: pick(true), issue_related: pick(false) };
}

/**
 * The `issue_relation` / `issue_related` expansions of many issues at once (list pages such as
 * `issues-detail/`): two queries for the whole page, never one per issue.
 */
export async function relationExpansions(db: Db, issueIds: string[]) {
  const result = new Map<string, { issue_relation: unknown[]; issue_related: unknown[] }>();
  for (const id of issueIds) result.set(id, { issue_relation: [], issue_related: [] });
  if (issueIds.length === 0) return result;
  const rows = await db
    .select()
    .from(issueRelations)
    .where(and(isNull(issueRelations.deletedAt), or(inArray(issueRelations.issueId, issueIds), inArray(issueRelations.relatedIssueId, issueIds))));
  const otherIds = [...new Set(rows.flatMap((row) => [row.issueId, row.relatedIssueId]))];
  const others = new Map((await loadIssueRowsByIds(db, otherIds)).filter((row) => !row.deletedAt).map((row) => [row.id, row]));
  for (const row of rows) {
    const outgoing = result.get(row.issueId);
    const target = others.get(row.relatedIssueId);
    if (outgoing && target) outgoing.issue_relation.push({ ...presentRelatedIssue(target, row.relationType), id: target.id });
    const incoming = result.get(row.relatedIssueId);
    const source = others.get(row.issueId);
    if (incoming && source) incoming.issue_related.push({ ...presentRelatedIssue(source, inverseRelation(row.relationType as Relation)), id: source.id });
  }
  return result;
}

/**
 * POST `issue-relation/`: relates the issue to `issues`; existing pairs are left as they are.
 * @throws BadRequestError for a missing type, the issue itself, or issues outside the workspace.
 */
export async function createIssueRelations(ctx: ServerContext, actor: ProjectActor, issueId: string, type: Relation | undefined, ids: string[], options: WriteOptions) {
  authorizeProjectRole(actor, Role.MEMBER);
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  if (!type) throw new BadRequestError('Issue relation type is required', { message: 'Issue relation type is required' });
  const targets = [...new Set(ids)];
  if (targets.includes(issueId)) throw new BadRequestError('An issue cannot be related to itself.');
  const found = targets.length
    ? await ctx.db.select({ id: issues.id }).from(issues).where(and(inArray(issues.id, targets), eq(issues.workspaceId, issue.workspaceId), isNull(issues.deletedAt)))
    : [];
  if (found.length !== targets.length) throw new BadRequestError('Issues are not valid please pass valid issue ids');
  const stored = storedRelation(type);
  return withTransaction(ctx, options, async (tx) => {
    const existing = new Set(sides(await relationsOf(tx, issueId), issueId).map((side) => side.otherId));
    const keys = await issueKeys(tx, [issueId, ...targets]);
    for (const otherId of targets.filter((id) => !existing.has(id))) {
      const [from, to] = stored.swapped ? [otherId, issueId] : [issueId, otherId];
      const [row] = await tx
        .insert(issueRelations)
        .values({ issueId: from, relatedIssueId: to, relationType: stored.type, projectId: issue.projectId, workspaceId: issue.workspaceId, createdBy: actor.userId, updatedBy: actor.userId })
        .returning();
      await writeRelationActivities(tx, actor.userId, issueId, otherId, type, 'updated', keys);
      recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'issue_relation', entityId: row.id, op: 'create', version: row.version, data: presentIssueRelationRow(row), issueIds: [row.issueId, row.relatedIssueId] });
    }
    const rows = await loadIssueRowsByIds(tx, targets);
    return rows.map((row) => {
      const { sort_order: _s, label_ids: _l, assignee_ids: _a, ...item } = presentRelatedIssue(row, type);
      return item;
    });
  });
}

async function writeRelationActivities(tx: Db, actorId: string, issueId: string, otherId: string, type: Relation, verb: 'updated' | 'deleted', keys: Map<string, string>) {
  const [a, b] = await tx.select({ id: issues.id, projectId: issues.projectId, workspaceId: issues.workspaceId }).from(issues).where(inArray(issues.id, [issueId, otherId]));
  const byId = new Map([a, b].filter(Boolean).map((row) => [row.id, row]));
  const value = (id: string) => (verb === 'updated' ? { newValue: keys.get(id) ?? '' } : { oldValue: keys.get(id) ?? '' });
  await writeActivities(tx, byId.get(issueId)!, actorId, [{ verb, field: type, ...value(otherId), comment: `${verb} ${type} relation`, newIdentifier: otherId }]);
  await writeActivities(tx, byId.get(otherId)!, actorId, [{ verb, field: inverseRelation(type), ...value(issueId), comment: `${verb} ${inverseRelation(type)} relation`, newIdentifier: issueId }]);
}

/** POST `remove-relation/`: deletes the relation with `relatedIssueId`, whichever way it is stored. */
export async function removeIssueRelation(ctx: ServerContext, actor: ProjectActor, issueId: string, relatedIssueId: string, options: WriteOptions): Promise<void> {
  authorizeProjectRole(actor, Role.MEMBER);
  await loadReadableIssue(ctx.db, actor, issueId);
  await withTransaction(ctx, options, async (tx) => {
    const rows = sides(await relationsOf(tx, issueId), issueId).filter((side) => side.otherId === relatedIssueId);
    const keys = await issueKeys(tx, [issueId, relatedIssueId]);
    for (const side of rows) {
      await tx.update(issueRelations).set({ deletedAt: new Date(), version: side.row.version + 1, updatedBy: actor.userId }).where(eq(issueRelations.id, side.row.id));
      await writeRelationActivities(tx, actor.userId, issueId, relatedIssueId, side.type, 'deleted', keys);
      recordChange(tx, { workspaceId: side.row.workspaceId, projectId: side.row.projectId, entity: 'issue_relation', entityId: side.row.id, op: 'delete', version: side.row.version + 1, data: deletion(side.row.id), issueIds: [side.row.issueId, side.row.relatedIssueId] });
    }
  });
}
