// The caller's home dashboard of the shown workspace (reference accounts §12.1): its widgets (one
// entity store: visibility and saved filters change at once and roll back on failure) and each
// widget's figures, fetched per widget with the filters it has saved.
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from './toast-store';
import { WidgetKey, durationTargetDate } from '../../shared/dashboard';
import type { DashboardWidget, HomeDashboardResponse } from '../../shared/schemas/dashboard';
import { createEntityStore, createMutationId, type LoadStatus } from './create-entity-store';
import { workspacePath } from './api-paths';

export type { DashboardWidget } from '../../shared/schemas/dashboard';

const widgets = createEntityStore<DashboardWidget>();

interface DashboardState {
  slug: string | null;
  dashboardId: string | null;
  status: LoadStatus;
  error: unknown;
}

export const useDashboardState = create<DashboardState>(() => ({ slug: null, dashboardId: null, status: 'idle', error: null }));

/** `GET dashboard/?dashboard_type=home`: the caller's dashboard (created on first visit) and its widgets. */
export async function loadHomeDashboard(slug: string): Promise<void> {
  useDashboardState.setState((state) => ({ slug, status: state.slug === slug && state.dashboardId ? 'ready' : 'loading', error: null }));
  try {
    const answer = await http.get<HomeDashboardResponse>(`${workspacePath(slug)}/dashboard/`, { dashboard_type: 'home' });
    widgets.setAll(null, answer.widgets);
    useDashboardState.setState({ slug, dashboardId: answer.dashboard.id, status: 'ready' });
  } catch (error) {
    useDashboardState.setState({ status: 'error', error });
  }
}

/** The widgets in their saved order. */
export function useDashboardWidgets(): DashboardWidget[] {
  return [...widgets.useRows()].sort((a, b) => a.sort_order - b.sort_order);
}

/** Shows or hides a widget, or saves its filters (merged, as the server merges them). */
export async function updateWidget(widget: DashboardWidget, patch: { is_visible?: boolean; filters?: Record<string, unknown> }): Promise<void> {
  const { dashboardId } = useDashboardState.getState();
  if (!dashboardId) return;
  const rowPatch: Partial<DashboardWidget> = {
    ...(patch.is_visible !== undefined ? { is_visible: patch.is_visible } : {}),
    ...(patch.filters ? { widget_filters: { ...widget.widget_filters, ...patch.filters } } : {}),
  };
  try {
    await widgets.mutate({ mutationId: createMutationId(), kind: 'update', id: widget.id, patch: rowPatch }, async () => {
      await http.patch(`/api/dashboard/${encodeURIComponent(dashboardId)}/widgets/${encodeURIComponent(widget.id)}/`, patch);
      return { ...widget, ...rowPatch };
    });
  } catch (error) {
    reportFailure('dashboard.saveFailed', error);
  }
}

/** The query a widget's figures are fetched with: its key, its tab and its saved period. */
export function widgetQuery(widget: DashboardWidget, timeZone?: string): Record<string, string> {
  const filters = widget.widget_filters as { duration?: string; tab?: string; custom_dates?: string[] };
  const query: Record<string, string> = { widget_key: widget.key };
  if (widget.key === WidgetKey.ASSIGNED_ISSUES || widget.key === WidgetKey.CREATED_ISSUES) query.issue_type = filters.tab ?? 'upcoming';
  const targetDate = durationTargetDate(filters.duration, { timeZone, customDates: filters.custom_dates });
  if (targetDate) query.target_date = targetDate;
  return query;
}

/** `GET dashboard/{id}/?widget_key=…`: one widget's figures. */
export async function fetchWidgetStats<T>(slug: string, dashboardId: string, query: Record<string, string>, signal?: AbortSignal): Promise<T> {
  return http.get<T>(`${workspacePath(slug)}/dashboard/${encodeURIComponent(dashboardId)}/`, query, signal);
}
