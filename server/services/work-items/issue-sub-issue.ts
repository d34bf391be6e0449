// Sub-issues (reference §1.6.3): children of an issue with their state distribution, and adding
// children by setting their parent (never the issue itself or one of its ancestors).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues } from '../../../db/schema/index';
import { STATE_GROUPS } from '../../../shared/issue-constants';
import type { ServerContext } from '../../context';
import { BadRequestError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { loadReadableIssue, visibleIssues } from './policies/issue';
import { presentIssue, type IssueListItem } from './presenters/issue';
import { applyIssueUpdate } from './issue-update';
import { loadIssueRows } from './issue-read';
import { isProjectIssue } from '../../list-engine/scope';

type SubIssue = IssueListItem & { state_group: string | null };

async function childrenOf(db: Db, actor: ProjectActor, parentId: string): Promise<SubIssue[]> {
  const rows = await loadIssueRows(
    db,
    and(eq(issues.parentId, parentId), isProjectIssue('issues'), visibleIssues(actor)),
    [sql`${issues.sequenceId} asc`],
  );
  return rows.map((row) => ({ ...presentIssue(row), state_group: row.stateGroup }));
}

/** `{group: [issue ids]}` with keys only for the groups present, in workflow order. */
export function stateDistribution(items: Array<{ id: string; state_group: string | null }>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const group of STATE_GROUPS) {
    const ids = items.filter((item) => item.state_group === group).map((item) => item.id);
    if (ids.length) result[group] = ids;
  }
  return result;
}

function sortItems(items: SubIssue[], orderBy?: string): SubIssue[] {
  if (!orderBy) return items;
  const desc = orderBy.startsWith('-');
  const key = (desc ? orderBy.slice(1) : orderBy) as keyof SubIssue;
  if (!(key in (items[0] ?? {}))) return items;
  return [...items].sort((a, b) => {
    const left = a[key] as unknown;
    const right = b[key] as unknown;
    if (left === right) return 0;
    if (left === null || left === undefined) return 1;
    if (right === null || right === undefined) return -1;
    return (left < right ? -1 : 1) * (desc ? -1 : 1);
  });
}

function groupItems(items: SubIssue[], groupBy: string): Record<string, SubIssue[]> {
  const groups: Record<string, SubIssue[]> = {};
  const add = (key: unknown, item: SubIssue) => (groups[key === null || key === undefined ? 'None' : String(key)] ??= []).push(item);
  for (const item of items) {
    if (groupBy === 'assignees__ids') {
      if (item.assignee_ids.length === 0) add(null, item);
      for (const id of item.assignee_ids) add(id, item);
    } else {
      add((item as Record<string, unknown>)[groupBy], item);
    }
  }
  return groups;
}

/** GET `sub-issues/`: `{sub_issues: [...] | {group: [...]}, state_distribution}`. */
export async function listSubIssues(ctx: ServerContext, actor: ProjectActor, issueId: string, query: { order_by?: string; group_by?: string }) {
  await loadReadableIssue(ctx.db, actor, issueId);
  const items = sortItems(await childrenOf(ctx.db, actor, issueId), query.order_by);
  return { sub_issues: query.group_by ? groupItems(items, query.group_by) : items, state_distribution: stateDistribution(items) };
}

/**
 * POST `sub-issues/`: makes each listed issue a child of this one (one activity per child).
 * @throws BadRequestError when the list is empty, an id is not a project issue, or a cycle would form.
 */
export async function addSubIssues(ctx: ServerContext, actor: ProjectActor, issueId: string, ids: string[] | undefined, options: WriteOptions) {
  const parent = await loadReadableIssue(ctx.db, actor, issueId);
  const childIds = [...new Set(ids ?? [])];
  if (childIds.length === 0) throw new BadRequestError('Sub Issue IDs are required');
  return withTransaction(ctx, options, async (tx) => {
    const children = await loadIssueRows(tx, and(inArray(issues.id, childIds), eq(issues.projectId, parent.projectId), isNull(issues.deletedAt)));
    if (children.length !== childIds.length) throw new BadRequestError('Sub issues are not valid please pass valid issue ids');
    for (const child of children) {
      if (child.parentId === issueId) continue;
      await applyIssueUpdate(tx, actor.project, child, { parent_id: issueId }, actor.userId);
    }
    const items = await childrenOf(tx, actor, issueId);
    return { sub_issues: items, state_distribution: stateDistribution(items) };
  });
}
