// Request and response schemas of the cycle endpoints (reference §2, spec §7 "Cycles").
import { z } from 'zod';
import { isValidIsoDate } from '../date-filters';
import { boundedString, nonEmptyString, uuidSchema } from './common';
import { projectParams, workspaceParams } from './project';
import { anyObject, authorshipFields, jsonValue, nullableInstant, paginated, progressFields, stateGroupIssueCounts } from './responses';
import { issueListQuery } from './issue-list';

/** A `YYYY-MM-DD` day or a datetime; only the date part is used (reference §2.2). */
const cycleDay = z
  .string()
  .max(40, 'Ensure this field has no more than 40 characters.')
  .refine((value) => isValidIsoDate(value.slice(0, 10)) && (value.length === 10 || value[10] === 'T' || value[10] === ' '), 'Must be a date in YYYY-MM-DD format.');

export const cycleParams = projectParams.extend({ cycleId: uuidSchema });
export const cycleIssueParams = cycleParams.extend({ issueId: uuidSchema });
export { projectParams as cycleProjectParams, workspaceParams as cycleWorkspaceParams };

const CYCLE_VIEWS = ['all', 'current', 'upcoming', 'completed', 'draft', 'incomplete'] as const;
export const cycleListQuery = z.object({ cycle_view: z.enum(CYCLE_VIEWS).optional() });

const cycleFields = {
  description: boundedString(10_000).optional(),
  start_date: cycleDay.nullable().optional(),
  end_date: cycleDay.nullable().optional(),
  logo_props: z.record(z.string(), z.unknown()).optional(),
  view_props: z.record(z.string(), z.unknown()).optional(),
  sort_order: z.number().finite().optional(),
  owned_by_id: uuidSchema.optional(),
};

export const createCycleBody = z.object({ name: nonEmptyString(255), ...cycleFields });
export type CreateCycleBody = z.infer<typeof createCycleBody>;

export const updateCycleBody = z.object({ name: nonEmptyString(255).optional(), ...cycleFields });
export type UpdateCycleBody = z.infer<typeof updateCycleBody>;

/** `date-check/`: missing dates are refused by the service with the reference's message. */
export const cycleDateCheckBody = z.object({
  start_date: cycleDay.nullable().optional(),
  end_date: cycleDay.nullable().optional(),
  cycle_id: uuidSchema.nullable().optional(),
});
export type CycleDateCheckBody = z.infer<typeof cycleDateCheckBody>;

/** `cycle-issues/` POST: emptiness is checked by the service ("Issues are required"). */
export const cycleIssuesBody = z.object({ issues: z.array(uuidSchema).max(10_000).optional() });

export const transferIssuesBody = z.object({ new_cycle_id: uuidSchema.nullable().optional() });

export const cycleAnalyticsQuery = z.object({ type: z.enum(['issues', 'points']).optional() });

export const favoriteCycleBody = z.object({ cycle: uuidSchema });

/** The cycle issue list takes the issue list's query. */
export const cycleIssueListQuery = issueListQuery;

export const activeCyclesQuery = z.object({ per_page: boundedString(10).optional(), cursor: boundedString(40).optional() });

// ——— Responses ———

const points = {
  total_estimate_points: z.number(),
  completed_estimate_points: z.number(),
  cancelled_estimate_points: z.number(),
  started_estimate_points: z.number(),
  unstarted_estimate_points: z.number(),
  backlog_estimate_points: z.number(),
};

/** `GET …/progress/`. */
export const cycleProgressResponse = z.strictObject({ ...stateGroupIssueCounts, ...points });
export type CycleProgress = z.infer<typeof cycleProgressResponse>;

const distributionCounters = {
  total_issues: z.number(),
  completed_issues: z.number(),
  pending_issues: z.number(),
  total_estimates: z.number(),
  completed_estimates: z.number(),
  pending_estimates: z.number(),
};

export const cycleAnalyticsResponse = z.strictObject({
  assignees: z.array(
    z.strictObject({ assignee_id: z.string().nullable(), display_name: z.string().nullable(), avatar_url: z.string().nullable(), ...distributionCounters }),
  ),
  labels: z.array(z.strictObject({ label_id: z.string().nullable(), label_name: z.string().nullable(), color: z.string().nullable(), ...distributionCounters })),
  /** One key per day from start to end: what remains (count or points); future days null. */
  completion_chart: z.record(z.string(), z.number().nullable()),
});
export type CycleAnalytics = z.infer<typeof cycleAnalyticsResponse>;

/** CycleListItem (reference §2.3, §9) plus the estimate points and archive/timestamps. */
export const cycleResponse = z.strictObject({
  id: z.string(),
  workspace_id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.string(),
  start_date: nullableInstant,
  end_date: nullableInstant,
  owned_by_id: z.string().nullable(),
  view_props: jsonValue,
  sort_order: z.number(),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  progress_snapshot: anyObject,
  logo_props: jsonValue,
  timezone: z.string(),
  is_favorite: z.boolean(),
  ...progressFields,
  assignee_ids: z.array(z.string()),
  status: z.enum(['current', 'upcoming', 'draft', 'completed']),
  archived_at: nullableInstant,
  version: z.number().int(),
  ...authorshipFields,
  /** Detail only: child issues (with a parent) in the cycle. */
  sub_issues: z.number().int().optional(),
  /** Archived detail only. */
  distribution: cycleAnalyticsResponse.optional(),
  estimate_distribution: cycleAnalyticsResponse.optional(),
});
export type Cycle = z.infer<typeof cycleResponse>;

const priorityIssue = z.strictObject({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number().int(),
  priority: z.string(),
  state_id: z.string().nullable(),
  project_id: z.string(),
});

/** `active-cycles/` items: the cycle with its progress and its urgent/high issues. */
const activeCycleResponse = cycleResponse.extend({ ...points, priority_issues: z.array(priorityIssue) });
export type ActiveCycle = z.infer<typeof activeCycleResponse>;
export const activeCyclesResponse = paginated(z.array(activeCycleResponse));

export const cycleDateCheckResponse = z.strictObject({ status: z.boolean(), error: z.string().optional() });
