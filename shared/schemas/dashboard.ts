// The home dashboard (reference accounts §12.1, spec §7 "Dashboard"): the get-or-create call, the
// widget-stats call, the widget PATCH and what each widget answers.
import { z } from 'zod';
import { DURATIONS, ISSUE_TABS, ISSUE_TYPES } from '../dashboard';
import { STATE_GROUPS } from '../issue-constants';
import { isoDateSchema, safeString, uuidSchema } from './common';
import { issueActivity } from './issue-extras';
import { anyObject, isoInstant, jsonValue } from './responses';

export const dashboardHomeQuery = z.object({ dashboard_type: safeString().max(64).optional() });
export const dashboardParams = z.object({ dashboardId: uuidSchema });
export const workspaceDashboardParams = z.object({ slug: z.string().max(255), dashboardId: uuidSchema });
export const dashboardWidgetParams = z.object({ dashboardId: uuidSchema, widgetId: uuidSchema });

/** GET `dashboard/{id}/?widget_key=…`: the widget and its filters. */
export const widgetStatsQuery = z.object({
  widget_key: safeString().max(64).optional(),
  issue_type: z.enum(ISSUE_TYPES).optional(),
  /** `YYYY-MM-DD;after,YYYY-MM-DD;before` (reference §1.2 date filter). */
  target_date: safeString().max(200).optional(),
  search: safeString().max(255).optional(),
});
export type WidgetStatsQuery = z.infer<typeof widgetStatsQuery>;

/** The saved filters of a widget: the period and, for the issue widgets, the open tab. */
const widgetFilters = z.strictObject({
  duration: z.enum(DURATIONS).optional(),
  tab: z.enum(ISSUE_TABS).optional(),
  custom_dates: z.array(isoDateSchema).max(2).optional(),
});

/** PATCH `dashboard/{id}/widgets/{widget}/`. */
export const updateWidgetBody = z.object({
  is_visible: z.boolean().optional(),
  sort_order: z.number().finite().optional(),
  filters: widgetFilters.optional(),
});
export type UpdateWidgetBody = z.infer<typeof updateWidgetBody>;

const dashboardResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  description_html: z.string(),
  identifier: z.string().nullable(),
  owned_by: z.string(),
  is_default: z.boolean(),
  type_identifier: z.string(),
  logo_props: jsonValue,
  workspace: z.string().nullable(),
  created_at: isoInstant,
  updated_at: isoInstant,
});

const dashboardWidget = z.strictObject({
  id: z.string(),
  key: z.string(),
  is_visible: z.boolean(),
  sort_order: z.number(),
  widget_filters: anyObject,
});
export type DashboardWidget = z.infer<typeof dashboardWidget>;

export const homeDashboardResponse = z.strictObject({ dashboard: dashboardResponse, widgets: z.array(dashboardWidget) });
export type HomeDashboardResponse = z.infer<typeof homeDashboardResponse>;

export const overviewStats = z.strictObject({
  assigned_issues_count: z.number().int(),
  pending_issues_count: z.number().int(),
  completed_issues_count: z.number().int(),
  created_issues_count: z.number().int(),
});

/** One issue of the assigned / created widgets. */
const widgetIssue = z.strictObject({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number().int(),
  project_id: z.string(),
  project__identifier: z.string(),
  state_id: z.string().nullable(),
  state__name: z.string().nullable(),
  state__color: z.string().nullable(),
  state__group: z.string().nullable(),
  priority: z.string(),
  target_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.string().nullable(),
  assignee_ids: z.array(z.string()),
});
export type WidgetIssue = z.infer<typeof widgetIssue>;
export const widgetIssues = z.strictObject({ issues: z.array(widgetIssue), count: z.number().int() });

const stateGroupCounts = z.array(z.strictObject({ state: z.enum(STATE_GROUPS as [string, ...string[]]), count: z.number().int() }));
const priorityCounts = z.array(z.strictObject({ priority: z.string(), count: z.number().int() }));
export const recentCollaborators = z.array(z.strictObject({ user_id: z.string(), active_issue_count: z.number().int() }));

/** What the widget-stats call answers, by widget. */
export const widgetStatsResponse = z.union([
  overviewStats,
  widgetIssues,
  stateGroupCounts,
  priorityCounts,
  z.array(issueActivity),
  z.array(z.string()),
  recentCollaborators,
]);

export const widgetUpdatedResponse = z.strictObject({ message: z.string() });
