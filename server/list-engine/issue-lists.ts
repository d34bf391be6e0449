// The issue list services behind the routes: project issues, the workspace list with its built-in
// and saved global views, my-issues and a member's profile issues (reference §1.6.11, accounts §4.4).
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { cycles, views } from '../../db/schema/index';
import { OrderBy } from '../../shared/display';
import { isUuid } from '../../shared/schemas/common';
import type { ServerContext } from '../context';
import { NotFoundError } from '../errors';
import { allOf, withoutField, type Condition } from './conditions';
import { parseLegacyFilters } from './legacy-filters';
import { listIssues, type ListResult, type ListScope } from './list-issues';
import { flattenQuery, parseListRequest, type ListRequest, type RawQuery } from './params';
import { parseRichFilters } from './rich-filters';
import { projectIssueScope, workspaceIssueScope, type ProjectScopeActor, type ScopeOptions, type WorkspaceScopeActor } from './scope';
import { ViewAccess } from '../../shared/visibility';

/** Built-in global views (API.md "Views"): not rows, each adds one filter on the caller. */
const BUILT_IN_GLOBAL_VIEWS = ['all-issues', 'assigned', 'created', 'subscribed'] as const;

function callerFilter(view: string, userId: string): Condition | null {
  if (view === 'assigned') return { kind: 'in', field: 'assignee', values: [userId], includeNull: false };
  if (view === 'created') return { kind: 'in', field: 'created_by', values: [userId], includeNull: false };
  if (view === 'subscribed') return { kind: 'in', field: 'subscriber', values: [userId], includeNull: false };
  return null;
}

/**
 * Lists a project's issues (`GET …/projects/:projectId/issues/`), grouped or not; `extra` narrows
 * it further (a module's issue list).
 * @throws BadRequestError for bad pagination, filters, order_by or grouping.
 */
export async function listProjectIssues(ctx: ServerContext, actor: ProjectScopeActor, query: RawQuery, options: ScopeOptions = {}, extra: Condition | null = null): Promise<ListResult> {
  const request = parseListRequest(query, { allowGrouping: true, timeZone: actor.timeZone });
  return listIssues(ctx.database, projectIssueScope(actor, options), extra ? { ...request, filter: allOf([request.filter, extra]) } : request);
}

/**
 * A cycle's issues (`GET …/cycles/:cycleId/cycle-issues/`) in any layout: the project list with the
 * cycle itself as the scope and any cycle filter of the request left out (spec §5).
 * @throws NotFoundError for a cycle not in the project; BadRequestError for bad list parameters.
 */
export async function listCycleIssues(ctx: ServerContext, actor: ProjectScopeActor, cycleId: string, query: RawQuery): Promise<ListResult> {
  const [cycle] = await ctx.db
    .select({ id: cycles.id })
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), eq(cycles.projectId, actor.project.id), isNull(cycles.deletedAt)));
  if (!cycle) throw new NotFoundError('Cycle not found');
  const parsed = parseListRequest(query, { allowGrouping: true, timeZone: actor.timeZone });
  const list = cycleIssueList(actor, cycle.id, parsed);
  return listIssues(ctx.database, list.scope, list.request);
}

/**
 * The scope and request of a cycle's issue list: the cycle is part of the scope (a semi-join driven
 * by the cycle_issues index), the project counters count the whole project, not this cycle (the
 * list counts its own rows), and the request's cycle filter is left out (spec §5).
 */
export function cycleIssueList(actor: ProjectScopeActor, cycleId: string, parsed: ListRequest): { scope: ListScope; request: ListRequest } {
  const scope = projectIssueScope(actor);
  const inCycle = sql`i.id in (select ci.issue_id from cycle_issues ci where ci.cycle_id = ${cycleId} and ci.deleted_at is null)`;
  // Unfiltered ungrouped pages start from the cycle's links, one issue probe each (`offset 0` keeps
  // the lateral from being flattened), and sort those: walking the project's -created_at index
  // until 100 of them are in the cycle read 90 000 issues for a cycle of old ones.
  const driving = {
    from: sql`cycle_issues ci join lateral (select * from issues i where i.id = ci.issue_id offset 0) i on true`,
    where: sql`ci.cycle_id = ${cycleId} and ci.deleted_at is null and ${scope.where}`,
  };
  return {
    scope: { ...scope, where: sql`${scope.where} and ${inCycle}`, countedProjectId: null, driving },
    request: { ...parsed, filter: withoutField(parsed.filter, 'cycle') },
  };
}

/** The filter and default order of a saved workspace view the actor may see. */
async function savedViewFilter(ctx: ServerContext, actor: WorkspaceScopeActor, viewId: string): Promise<{ filter: Condition | null; orderBy?: string }> {
  const [view] = isUuid(viewId)
    ? await ctx.db
        .select()
        .from(views)
        .where(
          and(
            eq(views.id, viewId),
            eq(views.workspaceId, actor.workspace.id),
            isNull(views.projectId),
            isNull(views.deletedAt),
            or(eq(views.access, ViewAccess.PUBLIC), eq(views.ownedById, actor.userId)),
          ),
        )
        .limit(1)
    : [];
  if (!view) throw new NotFoundError('View not found');
  return savedViewCondition(view, actor.timeZone);
}

/**
 * A saved view's filter as list-engine conditions (its rich filter tree, else its legacy filters)
 * and the order_by of its display filters. Also validates a view's filters before they are saved.
 * @throws BadRequestError / FilterError for filters the list engine refuses.
 */
export function savedViewCondition(
  view: { richFilters: unknown; filters: unknown; displayFilters: unknown },
  timeZone?: string,
): { filter: Condition | null; orderBy?: string } {
  const rich = view.richFilters as Record<string, unknown> | null;
  const filter = rich && Object.keys(rich).length
    ? parseRichFilters(JSON.stringify(rich))
    : parseLegacyFilters(legacyValues(view.filters as Record<string, unknown>), new Date(), timeZone);
  const orderBy = (view.displayFilters as { order_by?: unknown } | null)?.order_by;
  return { filter, orderBy: typeof orderBy === 'string' ? orderBy : undefined };
}

/** A stored legacy filter object (`{priority: ["high"], state: null}`) as query-string values. */
function legacyValues(filters: Record<string, unknown> | null): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (Array.isArray(value) && value.length) values[key] = value.map(String).join(',');
    else if (typeof value === 'string' && value !== '') values[key] = value;
  }
  return values;
}

/**
 * Lists the workspace's issues across the caller's projects (`GET /api/workspaces/:slug/issues/`),
 * always ungrouped; `global_view_id` applies a built-in view or a saved workspace view.
 * @throws NotFoundError for an unknown view; BadRequestError for bad list parameters.
 */
export async function listWorkspaceIssues(ctx: ServerContext, actor: WorkspaceScopeActor, query: RawQuery, extra: Condition | null = null): Promise<ListResult> {
  const viewId = flattenQuery(query).global_view_id;
  let viewFilter: Condition | null = null;
  let viewOrder: string | undefined;
  if (viewId && !(BUILT_IN_GLOBAL_VIEWS as readonly string[]).includes(viewId)) {
    ({ filter: viewFilter, orderBy: viewOrder } = await savedViewFilter(ctx, actor, viewId));
  } else if (viewId) {
    viewFilter = callerFilter(viewId, actor.userId);
  }
  const parsed = parseListRequest(query, { allowGrouping: false, defaultOrderBy: viewOrder, timeZone: actor.timeZone });
  // Manual order means nothing across projects: the workspace list uses -created_at instead.
  const orderBy = parsed.orderBy === OrderBy.MANUAL ? OrderBy.LAST_CREATED : parsed.orderBy;
  const request: ListRequest = { ...parsed, orderBy, filter: allOf([parsed.filter, viewFilter, extra]) };
  return listIssues(ctx.database, workspaceIssueScope(actor), request);
}

/** The caller's assigned issues across their projects (`GET /api/workspaces/:slug/my-issues/`). */
export async function listMyIssues(ctx: ServerContext, actor: WorkspaceScopeActor, query: RawQuery): Promise<ListResult> {
  return listWorkspaceIssues(ctx, actor, query, callerFilter('assigned', actor.userId));
}

/**
 * A member's profile issues (`GET /api/workspaces/:slug/user-issues/:userId/`): assigned to,
 * created by or subscribed by that user, within the caller's projects; grouping allowed.
 */
export async function listUserIssues(ctx: ServerContext, actor: WorkspaceScopeActor, userId: string, query: RawQuery): Promise<ListResult> {
  const parsed = parseListRequest(query, { allowGrouping: true, timeZone: actor.timeZone });
  const involved: Condition = {
    kind: 'or',
    items: ['assigned', 'created', 'subscribed'].map((view) => callerFilter(view, userId)!),
  };
  return listIssues(ctx.database, workspaceIssueScope(actor), { ...parsed, filter: allOf([parsed.filter, involved]) });
}
