// Saved analytic views (reference §8.2 `analytic-view/`, `saved-analytic-view/`): a named chart
// query of the workspace. `query_dict` keeps the chart keys and legacy filters as sent; `query` is
// derived from it on every save (its filters). A query that cannot be charted is refused on save,
// with the same 400 the chart itself answers. These rows are workspace-admin configuration, like
// webhooks: no live event (the admins' screen reads them when opened).
import { and, desc, eq, isNull } from 'drizzle-orm';
import { analyticViews, type AnalyticView } from '../../../db/schema/index';
import type { AnalyticViewWire, CreateAnalyticViewBody, UpdateAnalyticViewBody } from '../../../shared/schemas/analytics';
import { presentAnalyticView } from './presenters/analytic-view';
import type { WorkspaceActor } from '../../actor';
import type { ServerContext } from '../../context';
import { NotFoundError } from '../../errors';
import { filterParams, parseChartQuery, runSavedChart } from './analytics';

/** @throws NotFoundError "Analytic view not found" for an unknown, deleted or other workspace's view. */
async function loadView(ctx: ServerContext, actor: WorkspaceActor, viewId: string): Promise<AnalyticView> {
  const [row] = await ctx.db
    .select()
    .from(analyticViews)
    .where(and(eq(analyticViews.id, viewId), eq(analyticViews.workspaceId, actor.workspace.id), isNull(analyticViews.deletedAt)));
  if (!row) throw new NotFoundError('Analytic view not found');
  return row;
}

/** The workspace's saved analytic views, newest first. */
export async function listAnalyticViews(ctx: ServerContext, actor: WorkspaceActor): Promise<AnalyticViewWire[]> {
  const rows = await ctx.db
    .select()
    .from(analyticViews)
    .where(and(eq(analyticViews.workspaceId, actor.workspace.id), isNull(analyticViews.deletedAt)))
    .orderBy(desc(analyticViews.createdAt), desc(analyticViews.id));
  return rows.map(presentAnalyticView);
}

export async function getAnalyticView(ctx: ServerContext, actor: WorkspaceActor, viewId: string): Promise<AnalyticViewWire> {
  return presentAnalyticView(await loadView(ctx, actor, viewId));
}

/** @throws BadRequestError when the query cannot be charted (the chart's own messages). */
export async function createAnalyticView(ctx: ServerContext, actor: WorkspaceActor, body: CreateAnalyticViewBody): Promise<AnalyticViewWire> {
  parseChartQuery(body.query_dict);
  const [row] = await ctx.db
    .insert(analyticViews)
    .values({
      workspaceId: actor.workspace.id,
      name: body.name,
      description: body.description ?? '',
      queryDict: body.query_dict,
      query: filterParams(body.query_dict),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  return presentAnalyticView(row);
}

/** @throws NotFoundError; BadRequestError for a query that cannot be charted. */
export async function updateAnalyticView(ctx: ServerContext, actor: WorkspaceActor, viewId: string, body: UpdateAnalyticViewBody): Promise<AnalyticViewWire> {
  await loadView(ctx, actor, viewId);
  if (body.query_dict) parseChartQuery(body.query_dict);
  const [row] = await ctx.db
    .update(analyticViews)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.query_dict ? { queryDict: body.query_dict, query: filterParams(body.query_dict) } : {}),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(eq(analyticViews.id, viewId))
    .returning();
  return presentAnalyticView(row);
}

/** Soft delete. @throws NotFoundError */
export async function deleteAnalyticView(ctx: ServerContext, actor: WorkspaceActor, viewId: string): Promise<void> {
  await loadView(ctx, actor, viewId);
  await ctx.db.update(analyticViews).set({ deletedAt: new Date(), updatedBy: actor.userId }).where(eq(analyticViews.id, viewId));
}

/**
 * GET `saved-analytic-view/{id}/`: the view's chart over the caller's own projects (a `segment`
 * query parameter overrides the saved one, as in the reference).
 * @throws NotFoundError; BadRequestError when the saved query cannot be charted.
 */
export async function runAnalyticView(ctx: ServerContext, actor: WorkspaceActor, viewId: string, segment: string | undefined) {
  const view = await loadView(ctx, actor, viewId);
  const query = { ...(view.queryDict as Record<string, string>) };
  if (segment !== undefined) query.segment = segment;
  return runSavedChart(ctx, actor, query);
}
