// Workspace analytics (reference §8.2): the chart (`analytics/`), overview numbers
// (`default-analytics/`), per-project stats (`project-stats/`) and the saved analytic views
// (`analytic-view/`, workspace admins). Charts are read, not kept: each screen asks for the one
// it shows. Saved views are an entity store like the others.
import { http } from '../api/http';
import type { AnalyticsResponse, AnalyticViewWire, DefaultAnalyticsResponse, ProjectStats } from '../../shared/schemas/analytics';
import { createEntityStore, createMutationId } from './create-entity-store';

const base = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;

/** The chart's query as the URL and the API take it. */
export type ChartParams = Record<string, string>;

/** One chart. @throws ApiError */
export function fetchAnalytics(slug: string, params: ChartParams, signal?: AbortSignal): Promise<AnalyticsResponse> {
  return http.get<AnalyticsResponse>(`${base(slug)}/analytics/`, params, signal);
}

export function fetchDefaultAnalytics(slug: string, params: ChartParams, signal?: AbortSignal): Promise<DefaultAnalyticsResponse> {
  return http.get<DefaultAnalyticsResponse>(`${base(slug)}/default-analytics/`, params, signal);
}

export function fetchProjectStats(slug: string, projectIds: string[] | null, signal?: AbortSignal): Promise<ProjectStats[]> {
  return http.get<ProjectStats[]>(`${base(slug)}/project-stats/`, projectIds ? { project_ids: projectIds.join(',') } : undefined, signal);
}

const views = createEntityStore<AnalyticViewWire>();
const viewsPath = (slug: string) => `${base(slug)}/analytic-view/`;

/** The workspace's saved analytic views (admins only). @throws ApiError */
export async function fetchAnalyticViews(slug: string): Promise<AnalyticViewWire[]> {
  views.setStatus(slug, 'loading');
  try {
    const rows = await http.get<AnalyticViewWire[]>(viewsPath(slug));
    views.setAll(slug, rows);
    return rows;
  } catch (error) {
    views.setStatus(slug, 'error', error);
    throw error;
  }
}

/** Saves the chart's query under a name. @throws ApiError */
export async function createAnalyticView(slug: string, input: { name: string; query_dict: ChartParams }): Promise<AnalyticViewWire> {
  const created = await http.post<AnalyticViewWire>(viewsPath(slug), input, { mutationId: createMutationId() });
  if (views.useStore.getState().scope === slug) views.upsert(created);
  return created;
}

/** Deletes a saved view, hidden at once. @throws ApiError (then it is back). */
export function deleteAnalyticView(slug: string, viewId: string): Promise<void> {
  const mutationId = createMutationId();
  return views.mutate({ mutationId, kind: 'delete', id: viewId }, async () => {
    await http.delete(`${viewsPath(slug)}${viewId}/`, { mutationId });
  });
}

/** Saved views, newest first. */
export function useAnalyticViews(slug: string): AnalyticViewWire[] {
  const rows = views.useRows(slug);
  return [...rows].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
}

