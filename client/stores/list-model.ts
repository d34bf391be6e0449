// Pure list logic shared by every layout: which issues a list shows (its source, the user's
// filters, the display type and sub-issue toggle), how they are ordered, and how they are grouped.
// Everything runs on the store's rows, so a live change or an optimistic edit regroups at once.
import { PRIORITY_ORDER, STATE_GROUPS, type StateGroup } from '../../shared/issue-constants';
import { stateGroupsForType, type DisplayFilters, type GroupBy } from '../../shared/display';
import type { Issue } from './issue-store';

/** Where a list's issues come from (spec §2 contexts). */
export type ListSource =
  | { kind: 'project'; projectId: string }
  | { kind: 'archived'; projectId: string }
  | { kind: 'draft'; projectId: string }
  | { kind: 'cycle'; projectId: string; cycleId: string }
  | { kind: 'module'; projectId: string; moduleId: string }
  | { kind: 'global'; viewId: 'all-issues' | 'assigned' | 'created' | 'subscribed'; userId: string }
  /** A saved project view: the project's issues through the view's filters (kept in the list settings). */
  | { kind: 'view'; projectId: string; viewId: string }
  /** A saved global (workspace) view: the workspace's issues through the view's filters. */
  | { kind: 'workspace-view'; viewId: string }
  | { kind: 'profile'; tab: 'assigned' | 'created' | 'subscribed'; userId: string };

/** The user's filters (spec §3 filter keys); an absent or empty list means no filter. */
export type IssueFilters = Partial<Record<'priority' | 'state' | 'state_group' | 'assignees' | 'labels' | 'created_by' | 'project' | 'cycle' | 'module', string[] | null>>;

export const NONE_GROUP = 'None';

/** A stable key naming one list (for its display filters and pagination state). */
export function listKey(source: ListSource): string {
  switch (source.kind) {
    case 'project':
    case 'archived':
    case 'draft':
      return `${source.kind}:${source.projectId}`;
    case 'cycle':
      return `cycle:${source.cycleId}`;
    case 'module':
      return `module:${source.moduleId}`;
    case 'global':
      return `global:${source.viewId}`;
    case 'view':
      return `view:${source.viewId}`;
    case 'workspace-view':
      return `workspace-view:${source.viewId}`;
    case 'profile':
      return `profile:${source.userId}:${source.tab}`;
  }
}

/** True when the issue belongs to the list's source; `serverIds` holds rows the server listed. */
export function matchesSource(issue: Issue, source: ListSource, serverIds?: ReadonlySet<string>): boolean {
  const live = !issue.archived_at && !issue.is_draft;
  switch (source.kind) {
    case 'project':
    case 'view':
      return issue.project_id === source.projectId && live;
    case 'workspace-view':
      return live;
    case 'archived':
      return issue.project_id === source.projectId && Boolean(issue.archived_at);
    case 'draft':
      return issue.project_id === source.projectId && Boolean(issue.is_draft);
    case 'cycle':
      return issue.project_id === source.projectId && live && issue.cycle_id === source.cycleId;
    case 'module':
      return issue.project_id === source.projectId && live && (issue.module_ids ?? []).includes(source.moduleId);
    case 'global':
    case 'profile': {
      if (!live) return false;
      const view = source.kind === 'global' ? source.viewId : source.tab;
      if (view === 'assigned') return issue.assignee_ids.includes(source.userId);
      if (view === 'created') return issue.created_by === source.userId;
      if (view === 'subscribed') return issue.is_subscribed === true || Boolean(serverIds?.has(issue.id) && issue.is_subscribed !== false);
      return true;
    }
  }
}

const hasAny = (values: string[] | null | undefined): values is string[] => Array.isArray(values) && values.length > 0;

function matchesSet(values: string[] | null | undefined, filter: string[]): boolean {
  if (!values || values.length === 0) return filter.includes(NONE_GROUP);
  return values.some((value) => filter.includes(value));
}

/** True when the issue passes the user's filters and the display type / sub-issue toggles. */
export function matchesFilters(issue: Issue, filters: IssueFilters, display: Pick<DisplayFilters, 'type' | 'sub_issue'>, stateGroupOf: (issue: Issue) => StateGroup | null): boolean {
  if (hasAny(filters.priority) && !filters.priority.includes(issue.priority)) return false;
  if (hasAny(filters.state) && !filters.state.includes(issue.state_id ?? '')) return false;
  const group = stateGroupOf(issue);
  if (hasAny(filters.state_group) && !filters.state_group.includes(group ?? '')) return false;
  if (hasAny(filters.assignees) && !matchesSet(issue.assignee_ids, filters.assignees)) return false;
  if (hasAny(filters.labels) && !matchesSet(issue.label_ids, filters.labels)) return false;
  if (hasAny(filters.created_by) && !filters.created_by.includes(issue.created_by ?? '')) return false;
  if (hasAny(filters.project) && !filters.project.includes(issue.project_id)) return false;
  if (hasAny(filters.cycle) && !filters.cycle.includes(issue.cycle_id ?? NONE_GROUP)) return false;
  if (hasAny(filters.module) && !matchesSet(issue.module_ids, filters.module)) return false;
  if (display.type && group && !stateGroupsForType(display.type).includes(group)) return false;
  if (display.sub_issue === false && issue.parent_id) return false;
  return true;
}

function compareNullable(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (a == null) return 1; // NULLS LAST, like the server
  if (b == null) return -1;
  return a < b ? -1 : 1;
}

/** A comparator for an `order_by` value; ties break by newest first (reference §1.2). */
export function issueComparator(orderBy: string): (a: Issue, b: Issue) => number {
  const tie = (a: Issue, b: Issue) => compareNullable(b.created_at, a.created_at);
  const by = (primary: (a: Issue, b: Issue) => number) => (a: Issue, b: Issue) => primary(a, b) || tie(a, b);
  switch (orderBy) {
    case 'sort_order':
      return by((a, b) => a.sort_order - b.sort_order);
    case '-created_at':
      return tie;
    case 'created_at':
      return (a, b) => compareNullable(a.created_at, b.created_at);
    case '-updated_at':
      return by((a, b) => compareNullable(b.updated_at, a.updated_at));
    case 'start_date':
    case 'target_date':
      return by((a, b) => compareNullable(a[orderBy], b[orderBy]));
    case '-start_date':
    case '-target_date': {
      const field = orderBy.slice(1) as 'start_date' | 'target_date';
      return by((a, b) => (a[field] == null || b[field] == null ? compareNullable(a[field], b[field]) : compareNullable(b[field], a[field])));
    }
    case '-priority':
      return by((a, b) => PRIORITY_ORDER.indexOf(a.priority) - PRIORITY_ORDER.indexOf(b.priority));
    case 'priority':
      return by((a, b) => PRIORITY_ORDER.indexOf(b.priority) - PRIORITY_ORDER.indexOf(a.priority));
    default:
      return tie;
  }
}

/** The group values an issue falls in for a group-by (several for labels, assignees, modules). */
function groupValues(issue: Issue, groupBy: GroupBy | null, stateGroupOf: (issue: Issue) => StateGroup | null): string[] {
  const many = (values: string[] | undefined) => (values && values.length > 0 ? values : [NONE_GROUP]);
  switch (groupBy) {
    case null:
      return ['all'];
    case 'state':
      return [issue.state_id ?? NONE_GROUP];
    case 'state_detail.group':
      return [stateGroupOf(issue) ?? NONE_GROUP];
    case 'priority':
      return [issue.priority];
    case 'project':
      return [issue.project_id];
    case 'cycle':
      return [issue.cycle_id ?? NONE_GROUP];
    case 'module':
      return many(issue.module_ids);
    case 'labels':
      return many(issue.label_ids);
    case 'assignees':
      return many(issue.assignee_ids);
    case 'created_by':
      return [issue.created_by ?? NONE_GROUP];
  }
}

/** One group of a list: its key and ordered issues (and sub-groups for kanban). */
export interface IssueGroup {
  key: string;
  issues: Issue[];
}

/**
 * Groups already filtered and sorted issues. `candidates` lists the groups to show in order (all
 * states, all priorities…); groups found in the data but not in it are appended. Empty candidate
 * groups are kept only when `showEmpty` is set.
 */
export function groupIssues(sorted: Issue[], groupBy: GroupBy | null, candidates: string[], showEmpty: boolean, stateGroupOf: (issue: Issue) => StateGroup | null): IssueGroup[] {
  const buckets = new Map<string, Issue[]>(candidates.map((key) => [key, []]));
  for (const issue of sorted) {
    for (const key of groupValues(issue, groupBy, stateGroupOf)) {
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = []));
      bucket.push(issue);
    }
  }
  return [...buckets.entries()].map(([key, issues]) => ({ key, issues })).filter((group) => showEmpty || group.issues.length > 0);
}

/** The default candidate groups of a group-by that has a fixed value set. */
export function fixedCandidates(groupBy: GroupBy | null): string[] | null {
  if (groupBy === 'priority') return [...PRIORITY_ORDER];
  if (groupBy === 'state_detail.group') return [...STATE_GROUPS];
  if (groupBy === null) return ['all'];
  return null;
}

/**
 * The change that moves an issue from one group to another (kanban drop): the field the
 * group-by stands for, with many-valued fields swapping the source value for the target.
 * Returns null when the move changes nothing or the group-by cannot be dropped onto.
 */
export function patchForGroupMove(issue: Issue, groupBy: GroupBy | null, from: string, to: string): Partial<Issue> | null {
  if (from === to) return null;
  const swap = (values: string[]) => {
    const kept = values.filter((value) => value !== from);
    return to === NONE_GROUP ? kept : [...new Set([...kept, to])];
  };
  switch (groupBy) {
    case 'state':
      return to === NONE_GROUP ? null : { state_id: to };
    case 'priority':
      return { priority: to as Issue['priority'] };
    case 'assignees':
      return { assignee_ids: to === NONE_GROUP ? [] : swap(issue.assignee_ids) };
    case 'labels':
      return { label_ids: to === NONE_GROUP ? [] : swap(issue.label_ids) };
    case 'cycle':
      return { cycle_id: to === NONE_GROUP ? null : to };
    case 'module':
      return { module_ids: to === NONE_GROUP ? [] : swap(issue.module_ids ?? []) };
    default:
      return null;
  }
}
