// Workspace analytics (reference §8.2): the chart query (`analytics/`), the overview numbers
// (`default-analytics/`), per-project stats (`project-stats/`) and saved analytic views.
import { z } from 'zod';
import { uuidSchema } from './common';
import { issueListQuery } from './issue-list';
import { datedAuthorshipFields } from './responses';

/** The dimensions a chart's x axis and segment may take, in the order the picker shows them. */
export const ANALYTICS_DIMENSIONS = [
  'state_id',
  'state__group',
  'labels__id',
  'assignees__id',
  'estimate_point__value',
  'issue_cycle__cycle_id',
  'issue_module__module_id',
  'priority',
  'start_date',
  'target_date',
  'created_at',
  'completed_at',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** What a chart measures: the number of issues, or the sum of their numeric estimate points. */
const ANALYTICS_Y_AXES = ['issue_count', 'estimate'] as const;
export type AnalyticsYAxis = (typeof ANALYTICS_Y_AXES)[number];

/** Dimensions bucketed by month (`"YYYY-M"`). */
export const ANALYTICS_DATE_DIMENSIONS: readonly AnalyticsDimension[] = ['start_date', 'target_date', 'created_at', 'completed_at'];

export function isAnalyticsDimension(value: unknown): value is AnalyticsDimension {
  return typeof value === 'string' && (ANALYTICS_DIMENSIONS as readonly string[]).includes(value);
}
export function isAnalyticsYAxis(value: unknown): value is AnalyticsYAxis {
  return typeof value === 'string' && (ANALYTICS_Y_AXES as readonly string[]).includes(value);
}

/** The reference's two 400 messages, answered as `{"error": …}`. */
export const ANALYTICS_AXIS_ERROR = 'x-axis and y-axis dimensions are required and the values should be valid';
export const ANALYTICS_SEGMENT_ERROR = 'Both segment and x axis cannot be same and segment should be valid';

/** `analytics/` and `default-analytics/` take the chart keys plus the legacy issue filters (strings checked by the service). */
export const analyticsQuery = issueListQuery;

export const analyticsParams = z.object({ slug: z.string().max(100) });
export const analyticViewParams = analyticsParams.extend({ viewId: uuidSchema });

/** One bar (or slice) of a chart: the x value, the segment's value when segmented, and the measure. */
const analyticsPoint = z.strictObject({
  dimension: z.string().nullable(),
  segment: z.string().nullable().optional(),
  count: z.number().optional(),
  estimate: z.number().optional(),
});
export type AnalyticsPoint = z.infer<typeof analyticsPoint>;

/** `{"<x value>": [points]}`; a missing value is keyed `"None"`. */
const analyticsDistribution = z.record(z.string(), z.array(analyticsPoint));
export type AnalyticsDistribution = z.infer<typeof analyticsDistribution>;

const analyticsExtras = z.strictObject({
  state_details: z.array(z.strictObject({ state_id: z.string(), state__name: z.string(), state__color: z.string(), state__group: z.string() })),
  assignee_details: z.array(
    z.strictObject({
      assignees__id: z.string(),
      assignees__display_name: z.string(),
      assignees__first_name: z.string(),
      assignees__last_name: z.string(),
      assignees__avatar_url: z.string().nullable(),
    }),
  ),
  label_details: z.array(z.strictObject({ labels__id: z.string(), labels__name: z.string(), labels__color: z.string() })),
  cycle_details: z.array(z.strictObject({ issue_cycle__cycle_id: z.string(), issue_cycle__cycle__name: z.string() })),
  module_details: z.array(z.strictObject({ issue_module__module_id: z.string(), issue_module__module__name: z.string() })),
});
export type AnalyticsExtras = z.infer<typeof analyticsExtras>;

export const analyticsResponse = z.strictObject({ total: z.number(), distribution: analyticsDistribution, extras: analyticsExtras });
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
/** A saved view's chart: the same without extras. */
export const savedAnalyticsResponse = z.strictObject({ total: z.number(), distribution: analyticsDistribution });

const userCount = (prefix: 'created_by' | 'assignees') =>
  z.strictObject({
    [`${prefix}__id`]: z.string().nullable(),
    [`${prefix}__first_name`]: z.string().nullable(),
    [`${prefix}__last_name`]: z.string().nullable(),
    [`${prefix}__display_name`]: z.string().nullable(),
    [`${prefix}__avatar_url`]: z.string().nullable(),
    count: z.number(),
  });

export const defaultAnalyticsResponse = z.strictObject({
  total_issues: z.number(),
  total_issues_classified: z.array(z.strictObject({ state_group: z.string(), state_count: z.number() })),
  open_issues: z.number(),
  open_issues_classified: z.array(z.strictObject({ state_group: z.string(), state_count: z.number() })),
  issue_completed_month_wise: z.array(z.strictObject({ month: z.number(), count: z.number() })),
  most_issue_created_user: z.array(userCount('created_by')),
  most_issue_closed_user: z.array(userCount('assignees')),
  pending_issue_user: z.array(userCount('assignees')),
  open_estimate_sum: z.number(),
  total_estimate_sum: z.number(),
});
export type DefaultAnalyticsResponse = z.infer<typeof defaultAnalyticsResponse>;

export const PROJECT_STATS_FIELDS = ['total_issues', 'completed_issues', 'total_members', 'total_cycles', 'total_modules'] as const;
export type ProjectStatsField = (typeof PROJECT_STATS_FIELDS)[number];
export const projectStatsQuery = z.object({ fields: z.string().max(200).optional(), project_ids: z.string().max(4000).optional() });
export const projectStatsResponse = z.array(
  z.strictObject({
    id: z.string(),
    total_issues: z.number().optional(),
    completed_issues: z.number().optional(),
    total_members: z.number().optional(),
    total_cycles: z.number().optional(),
    total_modules: z.number().optional(),
  }),
);
export type ProjectStats = z.infer<typeof projectStatsResponse>[number];

/** A saved view's query: the chart keys and legacy filters, every value a string (checked by the service). */
const analyticQueryDict = z.record(z.string().max(100), z.string().max(4000));

export const createAnalyticViewBody = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(10_000).optional(),
  query_dict: analyticQueryDict,
});
export type CreateAnalyticViewBody = z.infer<typeof createAnalyticViewBody>;
export const updateAnalyticViewBody = createAnalyticViewBody.partial();
export type UpdateAnalyticViewBody = z.infer<typeof updateAnalyticViewBody>;

export const analyticViewResponse = z.strictObject({
  id: z.string(),
  workspace: z.string(),
  name: z.string(),
  description: z.string(),
  query: z.record(z.string(), z.unknown()),
  query_dict: z.record(z.string(), z.string()),
  ...datedAuthorshipFields,
});
export type AnalyticViewWire = z.infer<typeof analyticViewResponse>;
